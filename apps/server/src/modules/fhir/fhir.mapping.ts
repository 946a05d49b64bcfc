import type { EuteRow } from '../../db/types';

// Our records as FHIR R5 resources (docs/fhir.md has the mapping table): the systems and references
// every mapping shares. Each resource is mapped by pure functions in a file of its own (fhir.product.ts,
// fhir.product-record.ts, fhir.requests.ts, fhir.organizations.ts, fhir.adverse-event.ts,
// fhir.observation.ts), so R6's changes touch those files alone.

/** A FHIR resource as plain JSON; the tests validate it against the R5 schema. */
export type FhirResource = { resourceType: string; id?: string } & Record<string, unknown>;

/** The canonical base of GraftMatch's own code and identifier systems (docs/fhir.md "Code systems"). */
export const FHIR_BASE = 'https://graftmatch.org/fhir';
export const SYSTEMS = {
  graftType: `${FHIR_BASE}/CodeSystem/graft-type`,
  graftProperty: `${FHIR_BASE}/CodeSystem/graft-property`,
  stepStatus: `${FHIR_BASE}/CodeSystem/process-step-status`,
  sec: `${FHIR_BASE}/sid/single-european-code`,
  donation: `${FHIR_BASE}/sid/donation-identification-sequence`,
  euteNumber: `${FHIR_BASE}/sid/eute-number`,
  patientCode: `${FHIR_BASE}/sid/patient-code`,
  vigilanceReport: `${FHIR_BASE}/sid/vigilance-report`,
  vigilanceKind: `${FHIR_BASE}/CodeSystem/vigilance-kind`,
  deviation: `${FHIR_BASE}/CodeSystem/sae-deviation`,
  imputability: `${FHIR_BASE}/CodeSystem/imputability`,
  clinicalOutcome: `${FHIR_BASE}/CodeSystem/clinical-outcome`,
  followUp: `${FHIR_BASE}/CodeSystem/follow-up`,
  followUpVisit: `${FHIR_BASE}/CodeSystem/follow-up-visit`,
  patientStatus: `${FHIR_BASE}/CodeSystem/patient-status`,
  deathCause: `${FHIR_BASE}/CodeSystem/death-cause`,
  graftStatus: `${FHIR_BASE}/CodeSystem/graft-status`,
  reinterventionKind: `${FHIR_BASE}/CodeSystem/reintervention-kind`,
  explantReason: `${FHIR_BASE}/CodeSystem/explant-reason`,
  regurgitationGrade: `${FHIR_BASE}/CodeSystem/regurgitation-grade`,
  nyhaClass: `${FHIR_BASE}/CodeSystem/nyha-class`,
  eventStatus: 'http://hl7.org/fhir/event-status',
  seriousness: 'http://terminology.hl7.org/CodeSystem/adverse-event-seriousness',
  outcome: 'http://terminology.hl7.org/CodeSystem/adverse-event-outcome',
  dataAbsentReason: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
  productCategory: 'http://hl7.org/fhir/product-category',
  productStatus: 'http://hl7.org/fhir/biologicallyderived-product-status',
  propertyType: 'http://hl7.org/fhir/biologicallyderived-product-property-type-codes',
  snomed: 'http://snomed.info/sct',
  ucum: 'http://unitsofmeasure.org',
} as const;

export const SEARCH_PARAMETER_BASE = `${FHIR_BASE}/SearchParameter`;

/** The clinic a graft is meant for: R5's BDP has no element for it, so it is an extension of ours. */
export const GRAFT_CLINIC_EXTENSION = `${FHIR_BASE}/StructureDefinition/graft-clinic`;

/** The three lot identifiers of a graft, each with a system of its bank (lots are unique per bank only). */
export type LotKind = 'e-lot' | 'x-lot' | 't-lot';
export const lotSystem = (bank: Pick<EuteRow, 'id' | 'euteNumber'>, kind: LotKind) =>
  `${FHIR_BASE}/sid/eute/${encodeURIComponent(bank.euteNumber ?? bank.id)}/${kind}`;

/** Reads a lot system back: the bank (EUTE number or id, URI-encoded) and the lot kind. */
export const LOT_SYSTEM_PATTERN = new RegExp(
  `^${FHIR_BASE.replaceAll('.', '\\.')}/sid/eute/([^/]+)/(e-lot|x-lot|t-lot)$`,
);

export const reference = (type: string, id: string) => ({ reference: `${type}/${id}` });

/** The patient, known to us only by the pseudonymous patient code: a logical reference, never a Patient resource. */
export function patientReference(code: string | null) {
  return code
    ? { identifier: { system: SYSTEMS.patientCode, value: code } }
    : { display: 'Patient not yet named (no patient code recorded)' };
}
