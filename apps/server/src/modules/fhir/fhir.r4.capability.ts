import { capabilityStatement, EXPIRATION_DATE_PARAMETER } from './fhir.capability';
import { SEARCH_PARAMETER_BASE, type FhirResource } from './fhir.mapping';
import { BACKPORT_IG, DISPENSE_BASIC_CODE, FHIR_R4_VERSION, searchParameterToR4, xver } from './fhir.r4';

// What the R4 API supports (docs/fhir.md "R4"): the R5 CapabilityStatement in R4's terms, and our
// search parameters in R4 form.

type Json = Record<string, unknown>;

const DISPENSE_STATUS = xver('BiologicallyDerivedProductDispense.status');

/** Our search parameters of R4: the expiry (a cross-version extension there) and a hand-over's status. */
export const R4_SEARCH_PARAMETERS: FhirResource[] = [
  searchParameterToR4({
    ...EXPIRATION_DATE_PARAMETER,
    version: '1-R4',
    expression: `BiologicallyDerivedProduct.extension('${xver('BiologicallyDerivedProduct.expirationDate')}').value`,
  }),
  {
    resourceType: 'SearchParameter',
    id: 'dispense-status',
    url: `${SEARCH_PARAMETER_BASE}/dispense-status`,
    version: '1-R4',
    name: 'DispenseStatus',
    status: 'active',
    experimental: false,
    publisher: 'GraftMatch',
    description:
      'The status of a hand-over (an R5 BiologicallyDerivedProductDispense carried as Basic): allocated, issued, unfulfilled or returned.',
    code: 'status',
    base: ['Basic'],
    type: 'token',
    expression: `Basic.extension('${DISPENSE_STATUS}').value`,
    xpathUsage: 'normal',
  },
];

const BACKPORT_SUBSCRIPTION_PROFILE = `${BACKPORT_IG}/StructureDefinition/backport-subscription`;
const BACKPORT_STATUS_OPERATION = `${BACKPORT_IG}/OperationDefinition/backport-subscription-status`;
const BACKPORT_SERVER = `${BACKPORT_IG}/CapabilityStatement/backport-subscription-server-r4`;

const HAND_OVERS: Json = {
  type: 'Basic',
  documentation: `Hand-overs of requested grafts, of the caller’s clinics or banks: R5's BiologicallyDerivedProductDispense, carried as Basic of code ${DISPENSE_BASIC_CODE.system}#${DISPENSE_BASIC_CODE.code} with its elements as cross-version extensions; subject is the product.`,
  interaction: [{ code: 'search-type' }],
  searchParam: [
    {
      name: 'subject',
      definition: 'http://hl7.org/fhir/SearchParameter/Basic-subject',
      type: 'reference',
      documentation: 'BiologicallyDerivedProduct/<id>: the graft handed over',
    },
    {
      name: 'status',
      definition: `${SEARCH_PARAMETER_BASE}/dispense-status`,
      type: 'token',
      documentation: 'allocated, issued, unfulfilled or returned',
    },
    {
      name: '_count',
      definition: 'http://hl7.org/fhir/SearchParameter/Resource-count',
      type: 'number',
      documentation: '0 to 100 entries a page (20 unless given)',
    },
  ],
};

/** `GET metadata` of the R4 base: the same server, in R4's resources. */
export function capabilityStatementR4(baseUrl: string, date: string): FhirResource {
  const statement = capabilityStatement(baseUrl, date);
  const [rest] = statement.rest as Json[];
  // R4 has no SubscriptionTopic: its clients subscribe by the Subscriptions Backport, the topics' URLs in docs/fhir.md.
  const resources = (rest!.resource as Json[])
    .filter((resource) => resource.type !== 'SubscriptionTopic')
    .map((resource) => {
      if (resource.type === 'BiologicallyDerivedProductDispense') {
        return HAND_OVERS;
      }
      if (resource.type === 'Subscription') {
        return {
          ...resource,
          supportedProfile: [BACKPORT_SUBSCRIPTION_PROFILE],
          operation: [{ name: 'status', definition: BACKPORT_STATUS_OPERATION }],
        };
      }
      if (resource.type === 'Procedure' || resource.type === 'BiologicallyDerivedProduct') {
        // R4 defines no search parameter of the BDP: ours are R5's, named with their version.
        const searchParam = (resource.searchParam as { definition: string }[]).map((parameter) =>
          parameter.definition.startsWith('http://hl7.org/fhir/SearchParameter/BiologicallyDerivedProduct-')
            ? { ...parameter, definition: `${parameter.definition}|5.0.0` }
            : parameter,
        );
        return {
          ...resource,
          searchParam,
          documentation: `${String(resource.documentation)} R5 elements R4 lacks are HL7's cross-version extensions, ${xver('<Resource>.<element>')}.`,
        };
      }
      return resource;
    });
  return {
    ...statement,
    name: 'GraftMatchFhirR4Api',
    title: 'GraftMatch FHIR R4 API',
    description: String(statement.description)
      .replace('Read-only FHIR R5 access', 'Read-only FHIR R4 access')
      .replace('their hand-overs', 'their hand-overs (Basic)'),
    fhirVersion: FHIR_R4_VERSION,
    instantiates: [BACKPORT_SERVER],
    rest: [{ ...rest, resource: resources }],
  };
}
