import type { VigilanceReport } from '@graftmatch/domain';
import { describe, expect, it } from 'vitest';
import { validateFhirR4 } from '../../../test/support/fhir-r4-validator';
import type { GraftRow } from '../../db/types';
import { reportToAdverseEvent } from './fhir.adverse-event';
import { EXPIRATION_DATE_PARAMETER } from './fhir.capability';
import type { FhirResource } from './fhir.mapping';
import { followUpToObservation } from './fhir.observation';
import { bankToOrganization, clinicToOrganization } from './fhir.organizations';
import { graftToProduct } from './fhir.product';
import { capabilityStatementR4, R4_SEARCH_PARAMETERS } from './fhir.r4.capability';
import { toR4, xver } from './fhir.r4';
import { requestToDispense, requestToProcedure, requestToServiceRequest, type RequestRecord } from './fhir.requests';
import { aFollowUp, aGraftRow, BANK, CLINIC } from '../../../test/support/fhir-rows';

// R5 → R4 (docs/fhir.md "R4"): for each resource type, an R5 resource our mapping builds from a
// representative row, written as R4: every element the R5 resource has is found again in the R4 one
// (as an R4 element or HL7's cross-version extension), and the R4 resource validates (R4 core).

type Json = Record<string, unknown>;

const GRAFT_ID = 'c0ffee00-0000-4000-8000-000000000001';

/** A graft with every column the BDP maps: three lots, the SEC, dimensions, steps of each state, a clinic. */
const GRAFT: GraftRow = aGraftRow({
  id: GRAFT_ID,
  tLot: 'T-1001',
  tLleft: 12,
  tDleft: 8,
  cName: CLINIC.cName,
  clinicId: CLINIC.id,
  releaseOut: 'see batch record',
});

const REQUEST: RequestRecord = {
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  graftId: GRAFT_ID,
  euteId: BANK.id,
  clinicId: CLINIC.id,
  state: 'implanted',
  implantedOn: '2026-04-02',
  patientCode: 'M-04-2019',
  createdAt: '2026-03-20T09:00:00.000Z',
  updatedAt: '2026-04-02T12:00:00.000Z',
  handedOverOn: '2026-03-30',
};

const NOTIFICATION = {
  tissueEstablishment: BANK.name,
  euTeCode: BANK.euteNumber,
  reportIdentification: 'DE-EUTE-1-2026-0001',
  reportingDate: '2026-04-10',
  description: 'Fever after implantation.',
  imputability: 'likely' as const,
  severity: 'life-threatening' as const,
  mitigatingMeasures: 'Antibiotics given.',
};
const REPORT_BASE = {
  lot: 'E-1001',
  bankId: BANK.id,
  bankName: BANK.name,
  clinicName: CLINIC.cName,
  discoveredAt: '2026-04-09T08:00:00.000Z',
  notificationDeadline: '2026-04-10T08:00:00.000Z',
  confirmationDeadline: '2026-07-08T08:00:00.000Z',
  notifiedAt: '2026-04-09T10:00:00.000Z',
  confirmedAt: '2026-05-01T10:00:00.000Z',
  quarantine: null,
  createdAt: '2026-04-09T09:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
};
const SAR: VigilanceReport = {
  ...REPORT_BASE,
  id: 'bbbbbbbb-0000-4000-8000-000000000003',
  kind: 'SAR',
  state: 'confirmed',
  sar: {
    notification: {
      ...NOTIFICATION,
      donationIdentification: 'DE000123ABCDEF1234567',
      tissueType: 'Aortic valve',
      singleEuropeanCode: 'DE000123ABCDEF1234567E000123400120281231',
      patientCode: 'M-04-2019',
      individualAffected: 'recipient',
      applicationDate: '2026-04-02',
      applicationPlace: 'Demo Heart Clinic',
      reactionDate: '2026-04-08',
      reactionType: 'Bacterial infection',
    },
    confirmation: {
      confirmationDate: '2026-05-01',
      confirmed: true,
      typeChanged: false,
      typeChange: null,
      clinicalOutcome: 'minor-sequelae',
      investigationOutcome: 'Contamination during transport.',
      correctiveActions: 'New transport boxes.',
    },
  },
  sae: null,
};
const SAE: VigilanceReport = {
  ...REPORT_BASE,
  id: 'bbbbbbbb-0000-4000-8000-000000000004',
  kind: 'SAE',
  state: 'notified',
  sar: null,
  sae: {
    notification: {
      ...NOTIFICATION,
      eventDate: '2026-04-07',
      deviations: [
        { stage: 'storage', cause: 'equipment-failure' },
        { stage: 'transport', cause: 'human-error' },
      ],
    },
    confirmation: {
      confirmationDate: null,
      rootCauseAnalysis: 'Freezer alarm off.',
      correctiveMeasures: 'Alarm test.',
    },
  },
};

const FOLLOW_UP_REFS = { graftId: GRAFT_ID, clinicId: CLINIC.id };

/** The values of an R4 resource's extensions of one R5 element (`value[x]`, or a complex one's parts). */
function extensionValues(resource: Json, path: string): unknown[] {
  return ((resource.extension as Json[] | undefined) ?? [])
    .filter((extension) => extension.url === xver(path))
    .map((extension) => {
      if (extension.extension) {
        return Object.fromEntries(
          (extension.extension as Json[]).map((part) => {
            const key = Object.keys(part).find((name) => name.startsWith('value'))!;
            return [part.url === 'value' ? key : String(part.url), part[key]];
          }),
        );
      }
      return extension[Object.keys(extension).find((name) => name.startsWith('value'))!];
    });
}

/** Where an R5 element is in R4: the same element, another one (with its value as R5 has it), or its extension. */
type Rule = 'same' | { r4: (r4: Json) => unknown } | { extension: string; many?: boolean };

const same = (names: string[]): Record<string, Rule> => Object.fromEntries(names.map((name) => [name, 'same']));
const ext = (path: string, many = false): Rule => ({ extension: path, many });

const BDP = 'BiologicallyDerivedProduct';
const RULES: Record<string, Record<string, Rule>> = {
  BiologicallyDerivedProduct: {
    ...same(['resourceType', 'id', 'meta', 'identifier', 'productCode']),
    productCategory: {
      r4: (r4) => ({ system: 'http://hl7.org/fhir/product-category', code: r4.productCategory, display: 'Tissue' }),
    },
    productStatus: {
      r4: (r4) => ({ system: 'http://hl7.org/fhir/biologicallyderived-product-status', code: r4.status }),
    },
    processingFacility: ext(`${BDP}.processingFacility`, true),
    biologicalSourceEvent: ext(`${BDP}.biologicalSourceEvent`),
    division: ext(`${BDP}.division`),
    expirationDate: ext(`${BDP}.expirationDate`),
    property: ext(`${BDP}.property`, true),
    // Ours stays: the R4 resource has it first, then the cross-version extensions.
    extension: { r4: (r4) => (r4.extension as Json[]).filter((each) => !String(each.url).startsWith(xver(''))) },
  },
  BiologicallyDerivedProductDispense: {
    resourceType: {
      r4: (r4) => (r4.resourceType === 'Basic' ? 'BiologicallyDerivedProductDispense' : r4.resourceType),
    },
    ...same(['id', 'meta']),
    basedOn: ext('BiologicallyDerivedProductDispense.basedOn', true),
    status: ext('BiologicallyDerivedProductDispense.status'),
    product: { r4: (r4) => r4.subject },
    patient: ext('BiologicallyDerivedProductDispense.patient'),
    whenHandedOver: ext('BiologicallyDerivedProductDispense.whenHandedOver'),
  },
  Procedure: {
    ...same(['resourceType', 'id', 'meta', 'basedOn', 'status', 'code', 'subject', 'performer']),
    occurrenceDateTime: { r4: (r4) => r4.performedDateTime },
    used: { r4: (r4) => (r4.usedReference as Json[]).map((reference) => ({ reference })) },
  },
  AdverseEvent: {
    ...same([
      'resourceType',
      'id',
      'meta',
      'actuality',
      'category',
      'subject',
      'detected',
      'recordedDate',
      'seriousness',
    ]),
    identifier: { r4: (r4) => [r4.identifier] },
    status: ext('AdverseEvent.status'),
    code: { r4: (r4) => r4.event },
    occurrenceDateTime: { r4: (r4) => r4.date },
    outcome: { r4: (r4) => [r4.outcome] },
    suspectEntity: {
      r4: (r4) =>
        (r4.suspectEntity as Json[]).map((entity) => ({
          instanceReference: entity.instance,
          ...(entity.causality
            ? { causality: { entityRelatedness: (entity.causality as Json[])[0]!.assessment } }
            : {}),
        })),
    },
    mitigatingAction: { r4: (r4) => extensionValues(r4, 'AdverseEvent.mitigatingAction').map(asAction) },
    preventiveAction: { r4: (r4) => extensionValues(r4, 'AdverseEvent.preventiveAction').map(asAction) },
    note: ext('AdverseEvent.note', true),
  },
  Observation: same([
    'resourceType',
    'id',
    'meta',
    'status',
    'category',
    'code',
    'subject',
    'focus',
    'effectiveDateTime',
    'issued',
    'performer',
    'component',
    'dataAbsentReason',
    'note',
  ]),
  ServiceRequest: same([
    'resourceType',
    'id',
    'meta',
    'status',
    'intent',
    'subject',
    'authoredOn',
    'requester',
    'performer',
  ]),
  Organization: same(['resourceType', 'id', 'active', 'type', 'name', 'identifier', 'contact']),
  SearchParameter: {
    ...same(['resourceType', 'id', 'url', 'name', 'status', 'experimental', 'publisher', 'description', 'code']),
    ...same(['base', 'type', 'comparator']),
    version: { r4: (r4) => String(r4.version).replace('-R4', '') },
    expression: { r4: () => EXPIRATION_DATE_PARAMETER.expression },
    processingMode: { r4: (r4) => r4.xpathUsage },
  },
};

/** A complex extension's `item` part back as R5's `item[x]`. */
function asAction(parts: unknown) {
  const [key, value] = Object.entries(parts as Json).find(([name]) => name === 'item')!;
  return { [`${key}CodeableConcept`]: value };
}

function expectFoundAgain(r5: FhirResource, r4: FhirResource) {
  const rules = RULES[r5.resourceType]!;
  for (const [element, value] of Object.entries(r5)) {
    const rule = rules[element];
    expect(rule, `${r5.resourceType}.${element} has a place in R4`).toBeDefined();
    if (rule === 'same') {
      expect(r4[element], `${r5.resourceType}.${element}`).toEqual(value);
    } else if ('r4' in rule!) {
      expect(rule.r4(r4), `${r5.resourceType}.${element}`).toEqual(value);
    } else {
      const values = extensionValues(r4, rule!.extension);
      const expected = rule!.many ? (value as unknown[]) : [value];
      const asR5 = element === 'property' ? (values as Json[]).map(({ type, ...rest }) => ({ type, ...rest })) : values;
      expect(asR5, `${r5.resourceType}.${element} as ${xver(rule!.extension)}`).toEqual(expected);
    }
  }
}

const CASES: { name: string; r5: FhirResource }[] = [
  {
    name: 'a graft with SEC, three lots, dimensions, steps and a clinic',
    r5: graftToProduct(GRAFT, BANK, '2026-05-01'),
  },
  {
    name: 'a graft without SEC, expired',
    r5: graftToProduct({ ...GRAFT, xSec: null, cName: null, clinicId: null, tLot: null }, BANK, '2029-01-01'),
  },
  { name: 'an issued hand-over', r5: requestToDispense(REQUEST)! },
  { name: 'an allocated hand-over', r5: requestToDispense({ ...REQUEST, state: 'reserved', patientCode: null })! },
  { name: 'an implantation', r5: requestToProcedure(REQUEST)! },
  { name: 'a request', r5: requestToServiceRequest(REQUEST) },
  { name: 'a bank', r5: bankToOrganization(BANK) },
  { name: 'a clinic', r5: clinicToOrganization(CLINIC) },
  {
    name: 'a confirmed SAR',
    r5: reportToAdverseEvent(SAR, { graftId: GRAFT_ID, donation: 'DE000123ABCDEF1234567' }),
  },
  { name: 'a notified SAE', r5: reportToAdverseEvent(SAE, { graftId: GRAFT_ID, donation: 'DE000123ABCDEF1234567' }) },
  { name: 'a recorded follow-up', r5: followUpToObservation(aFollowUp(), FOLLOW_UP_REFS) },
  {
    name: 'a lost follow-up',
    r5: followUpToObservation(
      aFollowUp({ state: 'lost', record: null, recordedAt: null, lostReason: 'Moved abroad.' }),
      FOLLOW_UP_REFS,
    ),
  },
  { name: 'the expiration-date search parameter', r5: EXPIRATION_DATE_PARAMETER },
];

describe('R5 → R4: every mapped element is found again, and the R4 resource validates', () => {
  it.each(CASES)('$name', async ({ r5 }) => {
    const r4 = toR4(r5);
    expectFoundAgain(r5, r4);
    expect(await validateFhirR4(r4)).toEqual([]);
  });

  it('the validator bites: R5 resources as they are are not R4', async () => {
    const product = graftToProduct(GRAFT, BANK, '2026-05-01');
    expect((await validateFhirR4(product)).join('\n')).toMatch(/productCategory|property|expirationDate/);
    const event = toR4(reportToAdverseEvent(SAR, { graftId: GRAFT_ID, donation: null }));
    const wrong = { ...event, outcome: { coding: [{ system: 'https://example.org', code: 'better' }] } };
    expect((await validateFhirR4(wrong)).join('\n')).toMatch(
      /AdverseEvent.outcome = better is not in the required value set/,
    );
    expect(await validateFhirR4({ ...event, extension: [{ url: xver('AdverseEvent.status') }] })).toContainEqual(
      expect.stringMatching(/invariant ext-1/),
    );
  });

  it('covers each resource type the R5 API answers', () => {
    expect(new Set(CASES.map(({ r5 }) => r5.resourceType))).toEqual(new Set(Object.keys(RULES)));
  });

  it('writes the hand-over as a Basic of the Dispense type, its product as subject', () => {
    const basic = toR4(requestToDispense(REQUEST)!);
    expect(basic).toMatchObject({
      resourceType: 'Basic',
      code: { coding: [{ system: 'http://hl7.org/fhir/fhir-types', code: 'BiologicallyDerivedProductDispense' }] },
      subject: { reference: `BiologicallyDerivedProduct/${GRAFT_ID}` },
    });
  });

  it('writes a Bundle’s entries in R4, their fullUrls naming the R4 type', async () => {
    const base = 'https://graftmatch.example/api/fhir/R4';
    const dispense = requestToDispense(REQUEST)!;
    const bundle = toR4({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ fullUrl: `${base}/BiologicallyDerivedProductDispense/${dispense.id}`, resource: dispense }],
    });
    expect(bundle.entry).toEqual([{ fullUrl: `${base}/Basic/${dispense.id}`, resource: toR4(dispense) }]);
    expect(await validateFhirR4(bundle)).toEqual([]);
  });

  it('states its capabilities in R4, with its own search parameters', async () => {
    const statement = capabilityStatementR4('https://graftmatch.example/api/fhir/R4', '2026-01-01T00:00:00.000Z');
    expect(statement).toMatchObject({ fhirVersion: '4.0.1' });
    expect(await validateFhirR4(statement)).toEqual([]);
    for (const parameter of R4_SEARCH_PARAMETERS) {
      expect(await validateFhirR4(parameter)).toEqual([]);
    }
  });
});
