import { FHIR_BASE, SEARCH_PARAMETER_BASE, SYSTEMS, type FhirResource } from './fhir.mapping';

// What the FHIR API supports, told to clients as R5 resources (docs/fhir.md).

export const FHIR_VERSION = '5.0.0';
export const FHIR_CONTENT_TYPE = 'application/fhir+json; charset=utf-8';

/** The one search parameter of our own: R5 has no search by a BDP's expiry. */
export const EXPIRATION_DATE_PARAMETER: FhirResource = {
  resourceType: 'SearchParameter',
  id: 'expiration-date',
  url: `${SEARCH_PARAMETER_BASE}/expiration-date`,
  version: '1',
  name: 'ExpirationDate',
  status: 'active',
  experimental: false,
  publisher: 'GraftMatch',
  description: 'The expiration date of a BiologicallyDerivedProduct (the expiry of its Single European Code).',
  code: 'expiration-date',
  base: ['BiologicallyDerivedProduct'],
  type: 'date',
  expression: 'BiologicallyDerivedProduct.expirationDate',
  processingMode: 'normal',
  comparator: ['eq', 'gt', 'lt', 'ge', 'le'],
};

/** The search parameters of each resource type, as the routes accept them (besides `_count` and `_offset`). */
export const SEARCH_PARAMETERS = {
  BiologicallyDerivedProduct: [
    {
      name: 'identifier',
      definition: 'http://hl7.org/fhir/SearchParameter/BiologicallyDerivedProduct-identifier',
      type: 'token',
      documentation: 'A lot (e_Lot, x_Lot, t_Lot) or the Single European Code',
    },
    {
      name: 'product-code',
      definition: 'http://hl7.org/fhir/SearchParameter/BiologicallyDerivedProduct-code',
      type: 'token',
      documentation: `A graft type of ${SYSTEMS.graftType}`,
    },
    {
      name: 'product-status',
      definition: 'http://hl7.org/fhir/SearchParameter/BiologicallyDerivedProduct-product-status',
      type: 'token',
      documentation: 'available or unavailable',
    },
    {
      name: 'biological-source-event',
      definition: 'http://hl7.org/fhir/SearchParameter/BiologicallyDerivedProduct-biological-source-event',
      type: 'token',
      documentation: 'The donation identification sequence (the first 21 characters of the SEC)',
    },
    {
      name: 'expiration-date',
      definition: `${SEARCH_PARAMETER_BASE}/expiration-date`,
      type: 'date',
      documentation: 'With the prefixes eq, gt, lt, ge and le; may be repeated',
    },
  ],
  BiologicallyDerivedProductDispense: [
    {
      name: 'product',
      definition: 'http://hl7.org/fhir/SearchParameter/BiologicallyDerivedProductDispense-product',
      type: 'reference',
      documentation: 'BiologicallyDerivedProduct/<id>',
    },
    {
      name: 'status',
      definition: 'http://hl7.org/fhir/SearchParameter/BiologicallyDerivedProductDispense-status',
      type: 'token',
      documentation: 'allocated, issued, unfulfilled or returned',
    },
  ],
  Procedure: [
    {
      name: 'status',
      definition: 'http://hl7.org/fhir/SearchParameter/Procedure-status',
      type: 'token',
      documentation: 'completed',
    },
  ],
  Observation: [
    {
      name: 'focus',
      definition: 'http://hl7.org/fhir/SearchParameter/Observation-focus',
      type: 'reference',
      documentation: 'BiologicallyDerivedProduct/<id>: the graft followed up',
    },
    {
      name: 'status',
      definition: 'http://hl7.org/fhir/SearchParameter/Observation-status',
      type: 'token',
      documentation: 'final (recorded) or cancelled (lost to follow-up)',
    },
    {
      name: 'date',
      definition: 'http://hl7.org/fhir/SearchParameter/clinical-date',
      type: 'date',
      documentation: 'The day of the follow-up, with the prefixes eq, gt, lt, ge and le; may be repeated',
    },
  ],
} as const;

const resourceEntry = (type: keyof typeof SEARCH_PARAMETERS, documentation: string) => ({
  type,
  documentation,
  interaction: [{ code: 'read' }, { code: 'search-type' }],
  searchParam: [
    ...SEARCH_PARAMETERS[type].map(({ name, definition, type: kind, documentation: text }) => ({
      name,
      definition,
      type: kind,
      documentation: text,
    })),
    {
      name: '_count',
      definition: 'http://hl7.org/fhir/SearchParameter/Resource-count',
      type: 'number',
      documentation: '0 to 100 entries a page (20 unless given)',
    },
  ],
});

/** `GET metadata`: exactly what this server does; `date` is the server's start. */
export function capabilityStatement(baseUrl: string, date: string): FhirResource {
  return {
    resourceType: 'CapabilityStatement',
    url: `${baseUrl}/metadata`,
    name: 'GraftMatchFhirApi',
    title: 'GraftMatch FHIR R5 API',
    status: 'active',
    experimental: false,
    date,
    publisher: 'GraftMatch',
    description:
      `Read-only FHIR R5 access to homografts (BiologicallyDerivedProduct), their hand-overs, implantations, follow-ups (Observation) and vigilance reports (AdverseEvent); topic-based subscriptions for registered systems. ` +
      `Graft types are coded in ${SYSTEMS.graftType}; properties in ${SYSTEMS.graftProperty}.`,
    kind: 'instance',
    implementation: { description: 'GraftMatch', url: baseUrl },
    fhirVersion: FHIR_VERSION,
    format: ['application/fhir+json'],
    rest: [
      {
        mode: 'server',
        documentation: `Errors answer an OperationOutcome; unknown search parameters are refused (handling=strict). Code systems: ${FHIR_BASE}.`,
        security: {
          cors: false,
          // SMART Backend Services for systems: the token endpoint is in .well-known/smart-configuration.
          service: [
            {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' },
              ],
            },
          ],
          description:
            'Authorization: Bearer <access token> of a GraftMatch login; of a registered system (SMART Backend Services, its organisation and scopes only; see .well-known/smart-configuration); or Authorization: ApiKey <key> of a tissue bank (its own grafts only).',
        },
        resource: [
          {
            ...resourceEntry(
              'BiologicallyDerivedProduct',
              'Grafts: physicians read free grafts and their clinics’, employees and API keys their banks’.',
            ),
          },
          resourceEntry(
            'BiologicallyDerivedProductDispense',
            'Hand-overs of requested grafts, of the caller’s clinics or banks.',
          ),
          resourceEntry('Procedure', 'Implantations, of the caller’s clinics (or the banks of the grafts).'),
          resourceEntry(
            'Observation',
            'Follow-ups after an implantation, recorded or lost to follow-up: of the caller’s clinics and banks’ grafts (an API key its bank’s), all for auditors; none for admins.',
          ),
          {
            type: 'AdverseEvent',
            documentation:
              'Vigilance reports (serious adverse reactions and events), for whoever reads the report: its clinic and bank, admins and auditors; a bank’s API key its bank’s.',
            interaction: [{ code: 'read' }],
          },
          { type: 'SearchParameter', interaction: [{ code: 'read' }] },
          {
            type: 'Subscription',
            documentation:
              'Topic-based subscriptions of registered systems (rest-hook; empty, id-only or full-resource; heartbeats), each its own only; ended ones are kept, status off.',
            interaction: [{ code: 'create' }, { code: 'read' }, { code: 'delete' }, { code: 'search-type' }],
            operation: [{ name: 'status', definition: 'http://hl7.org/fhir/OperationDefinition/Subscription-status' }],
          },
          { type: 'SubscriptionTopic', interaction: [{ code: 'read' }, { code: 'search-type' }] },
        ],
        operation: [
          {
            name: 'export',
            definition: `${FHIR_BASE}/OperationDefinition/export`,
            documentation:
              'GET $export?bank=<EUTE number or id>: a collection Bundle of the bank’s grafts, their requests and follow-ups, streamed.',
          },
        ],
      },
    ],
  };
}
