import {
  graftTypeInfo,
  isGraftTypeNumber,
  isIsoDate,
  parseSingleEuropeanCode,
  PROCESS_STEP_NAMES,
  StepStatus,
  type ProcessStepName,
  type RequestState,
} from '@graftmatch/domain';
import type { ClinicRow, EuteRow, GraftRequestRow, GraftRow } from '../../db/types';
import { isOpenOn } from '../grafts/grafts.mapper';

// Our records as FHIR R5 resources (docs/fhir.md has the mapping table). Pure functions: every
// R5 element and code this server emits is decided here, so R6's changes touch this file alone.

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
  productCategory: 'http://hl7.org/fhir/product-category',
  productStatus: 'http://hl7.org/fhir/biologicallyderived-product-status',
  propertyType: 'http://hl7.org/fhir/biologicallyderived-product-property-type-codes',
  snomed: 'http://snomed.info/sct',
  ucum: 'http://unitsofmeasure.org',
} as const;

export const SEARCH_PARAMETER_BASE = `${FHIR_BASE}/SearchParameter`;

/** The three lot identifiers of a graft, each with a system of its bank (lots are unique per bank only). */
export type LotKind = 'e-lot' | 'x-lot' | 't-lot';
export const lotSystem = (bank: Pick<EuteRow, 'id' | 'euteNumber'>, kind: LotKind) =>
  `${FHIR_BASE}/sid/eute/${encodeURIComponent(bank.euteNumber ?? bank.id)}/${kind}`;

/** Reads a lot system back: the bank (EUTE number or id, URI-encoded) and the lot kind. */
export const LOT_SYSTEM_PATTERN = new RegExp(
  `^${FHIR_BASE.replaceAll('.', '\\.')}/sid/eute/([^/]+)/(e-lot|x-lot|t-lot)$`,
);

const reference = (type: string, id: string) => ({ reference: `${type}/${id}` });

/** The patient, known to us only by the pseudonymous patient code: a logical reference, never a Patient resource. */
function patientReference(code: string | null) {
  return code
    ? { identifier: { system: SYSTEMS.patientCode, value: code } }
    : { display: 'Patient not yet named (no patient code recorded)' };
}

// ---- Graft → BiologicallyDerivedProduct ----

/** Dimension columns, their property code and the SNOMED CT concept that fits (diameter, length). */
export const DIMENSIONS = [
  { column: 'tDproximal', code: 'diameter-proximal', display: 'Proximal diameter', snomed: '81827009' },
  { column: 'tDdistal', code: 'diameter-distal', display: 'Distal diameter', snomed: '81827009' },
  { column: 'tDleft', code: 'diameter-left', display: 'Left branch diameter', snomed: '81827009' },
  { column: 'tDright', code: 'diameter-right', display: 'Right branch diameter', snomed: '81827009' },
  { column: 'tLmin', code: 'length-min', display: 'Minimum length', snomed: '410668003' },
  { column: 'tLmax', code: 'length-max', display: 'Maximum length', snomed: '410668003' },
  { column: 'tLleft', code: 'length-left', display: 'Left branch length', snomed: '410668003' },
  { column: 'tLright', code: 'length-right', display: 'Right branch length', snomed: '410668003' },
] as const satisfies readonly { column: keyof GraftRow; code: string; display: string; snomed: string }[];

const SNOMED_DISPLAY: Record<string, string> = { '81827009': 'Diameter', '410668003': 'Length' };

const STEP_DISPLAY: Record<ProcessStepName, string> = {
  decellularization: 'Decellularisation',
  release: 'Release',
  assignment: 'Assignment',
  delivery: 'Delivery',
  implantation: 'Implantation',
  expiry: 'Expiry',
  traceabilityReport: 'Traceability report',
};
const STEP_STATUS_CODES = { [StepStatus.Open]: 'open', [StepStatus.Done]: 'done', [StepStatus.Failed]: 'failed' };

export const stepPropertyCode = (step: ProcessStepName) => `step-${step}`;

function stepProperty(graft: GraftRow, step: ProcessStepName) {
  const status = graft[`${step}Status`];
  const out = graft[`${step}Out`];
  if (status === StepStatus.Open && out === null) {
    return null;
  }
  const type = {
    coding: [{ system: SYSTEMS.graftProperty, code: stepPropertyCode(step), display: STEP_DISPLAY[step] }],
  };
  // A step done on a known day is a date; any other state is told by its status code, with the
  // step's free-text reference (if any) as the concept's text.
  if (status === StepStatus.Done && isIsoDate(out)) {
    return { type, valuePeriod: { start: out, end: out } };
  }
  const concept: Record<string, unknown> = {
    coding: [{ system: SYSTEMS.stepStatus, code: STEP_STATUS_CODES[status] }],
  };
  if (out !== null) {
    concept.text = out;
  }
  return { type, valueCodeableConcept: concept };
}

/** R5 knows only available and unavailable: a graft is available while open for search (Free, not expired or quarantined). */
export function productStatusOf(graft: Pick<GraftRow, 'listStatus' | 'expiryDate' | 'quarantined'>, today: string) {
  return isOpenOn(graft, today) ? 'available' : 'unavailable';
}

export function graftTypeCoding(type: number) {
  if (!isGraftTypeNumber(type)) {
    throw new RangeError(`Unknown graft type ${type}`);
  }
  const info = graftTypeInfo(type);
  return { system: SYSTEMS.graftType, code: info.slug, display: info.label };
}

/** A graft as a BDP; `today` decides whether an expired Free graft is still available. */
export function graftToProduct(graft: GraftRow, bank: Pick<EuteRow, 'id' | 'euteNumber'>, today: string): FhirResource {
  const sec = graft.xSec ? parseSingleEuropeanCode(graft.xSec) : null;
  const parsedSec = sec && !('error' in sec) ? sec : null;
  const identifier: Record<string, unknown>[] = [
    { use: 'official', system: lotSystem(bank, 'e-lot'), value: graft.eLot },
  ];
  if (graft.xLot) {
    identifier.push({ use: 'secondary', system: lotSystem(bank, 'x-lot'), value: graft.xLot });
  }
  if (graft.tLot) {
    identifier.push({ use: 'secondary', system: lotSystem(bank, 't-lot'), value: graft.tLot });
  }
  if (graft.xSec) {
    identifier.push({
      system: SYSTEMS.sec,
      value: graft.xSec.replaceAll(' ', ''),
      type: { text: 'Single European Code' },
    });
  }
  const property: Record<string, unknown>[] = [];
  if (graft.xSec) {
    property.push({
      type: { coding: [{ system: SYSTEMS.propertyType, code: 'singleeuropeancode' }] },
      valueString: graft.xSec.replaceAll(' ', ''),
    });
  }
  for (const dimension of DIMENSIONS) {
    const value = graft[dimension.column];
    if (value !== null) {
      property.push({
        type: {
          coding: [
            { system: SYSTEMS.graftProperty, code: dimension.code, display: dimension.display },
            { system: SYSTEMS.snomed, code: dimension.snomed, display: SNOMED_DISPLAY[dimension.snomed] },
          ],
        },
        valueQuantity: { value, unit: 'mm', system: SYSTEMS.ucum, code: 'mm' },
      });
    }
  }
  for (const step of PROCESS_STEP_NAMES) {
    const entry = stepProperty(graft, step);
    if (entry) {
      property.push(entry);
    }
  }
  const product: FhirResource = {
    resourceType: 'BiologicallyDerivedProduct',
    id: graft.id,
    meta: { lastUpdated: graft.updatedAt },
    productCategory: { system: SYSTEMS.productCategory, code: 'tissue', display: 'Tissue' },
    productCode: { coding: [graftTypeCoding(graft.tProdName2)] },
    identifier,
    productStatus: { system: SYSTEMS.productStatus, code: productStatusOf(graft, today) },
    processingFacility: [reference('Organization', graft.euteId)],
  };
  if (parsedSec) {
    product.biologicalSourceEvent = { system: SYSTEMS.donation, value: parsedSec.establishment + parsedSec.donation };
    product.division = parsedSec.split;
  }
  const expiry = parsedSec?.expiry ?? graft.expiryDate;
  if (expiry) {
    product.expirationDate = expiry;
  }
  if (property.length > 0) {
    product.property = property;
  }
  return product;
}

// ---- Requests → ServiceRequest, BiologicallyDerivedProductDispense, Procedure ----

/** What each request state becomes in R5 (docs/fhir.md): codes of the required value sets only. */
export const REQUEST_STATE_MAP: Record<
  RequestState,
  {
    serviceRequest: 'active' | 'completed' | 'revoked';
    dispense: 'allocated' | 'issued' | 'unfulfilled' | 'returned' | null;
    procedure: 'completed' | null;
  }
> = {
  requested: { serviceRequest: 'active', dispense: null, procedure: null },
  reserved: { serviceRequest: 'active', dispense: 'allocated', procedure: null },
  confirmed: { serviceRequest: 'active', dispense: 'allocated', procedure: null },
  assigned: { serviceRequest: 'active', dispense: 'allocated', procedure: null },
  delivered: { serviceRequest: 'active', dispense: 'issued', procedure: null },
  implanted: { serviceRequest: 'completed', dispense: 'issued', procedure: 'completed' },
  returned: { serviceRequest: 'revoked', dispense: 'returned', procedure: null },
  declined: { serviceRequest: 'revoked', dispense: 'unfulfilled', procedure: null },
  lapsed: { serviceRequest: 'revoked', dispense: 'unfulfilled', procedure: null },
  withdrawn: { serviceRequest: 'revoked', dispense: 'unfulfilled', procedure: null },
};

/** A request as the mapping needs it: its row, and the day its graft was handed over (the delivery step), if any. */
export type RequestRecord = Pick<
  GraftRequestRow,
  'id' | 'graftId' | 'euteId' | 'clinicId' | 'state' | 'implantedOn' | 'patientCode' | 'createdAt' | 'updatedAt'
> & { handedOverOn: string | null };

const HANDED_OVER_STATES: readonly RequestState[] = ['delivered', 'implanted', 'returned'];

export function requestToServiceRequest(request: RequestRecord): FhirResource {
  return {
    resourceType: 'ServiceRequest',
    id: request.id,
    meta: { lastUpdated: request.updatedAt },
    status: REQUEST_STATE_MAP[request.state].serviceRequest,
    intent: 'order',
    subject: patientReference(request.patientCode),
    authoredOn: request.createdAt,
    requester: reference('Organization', request.clinicId),
    performer: [reference('Organization', request.euteId)],
  };
}

/** The request's hand-over, or null while nothing was allocated (a plain request). */
export function requestToDispense(request: RequestRecord): FhirResource | null {
  const status = REQUEST_STATE_MAP[request.state].dispense;
  if (status === null) {
    return null;
  }
  const dispense: FhirResource = {
    resourceType: 'BiologicallyDerivedProductDispense',
    id: request.id,
    meta: { lastUpdated: request.updatedAt },
    basedOn: [reference('ServiceRequest', request.id)],
    status,
    product: reference('BiologicallyDerivedProduct', request.graftId),
    patient: patientReference(request.patientCode),
  };
  const handedOver = HANDED_OVER_STATES.includes(request.state) ? request.handedOverOn : null;
  if (handedOver) {
    dispense.whenHandedOver = handedOver;
  }
  return dispense;
}

/** The implantation, for an implanted request only. */
export function requestToProcedure(request: RequestRecord): FhirResource | null {
  const status = REQUEST_STATE_MAP[request.state].procedure;
  if (status === null) {
    return null;
  }
  const procedure: FhirResource = {
    resourceType: 'Procedure',
    id: request.id,
    meta: { lastUpdated: request.updatedAt },
    basedOn: [reference('ServiceRequest', request.id)],
    status,
    code: { text: 'Homograft implantation' },
    subject: patientReference(request.patientCode),
    performer: [{ actor: reference('Organization', request.clinicId) }],
    used: [{ reference: reference('BiologicallyDerivedProduct', request.graftId) }],
  };
  if (request.implantedOn) {
    procedure.occurrenceDateTime = request.implantedOn;
  }
  return procedure;
}

/** Every resource of a request, in Bundle order. */
export function requestResources(request: RequestRecord): FhirResource[] {
  return [requestToServiceRequest(request), requestToDispense(request), requestToProcedure(request)].filter(
    (resource): resource is FhirResource => resource !== null,
  );
}

// ---- Banks and clinics → Organization ----

export function bankToOrganization(bank: EuteRow): FhirResource {
  const organization: FhirResource = {
    resourceType: 'Organization',
    id: bank.id,
    active: bank.active === 1,
    type: [
      {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/organization-type', code: 'prov' }],
        text: 'Tissue establishment',
      },
    ],
    name: bank.name,
  };
  if (bank.euteNumber) {
    organization.identifier = [{ system: SYSTEMS.euteNumber, value: bank.euteNumber }];
  }
  const telecom = [
    bank.phone ? { system: 'phone', value: bank.phone } : null,
    bank.email ? { system: 'email', value: bank.email } : null,
  ].filter((point) => point !== null);
  const line = [bank.address, bank.housenumber].filter(Boolean).join(' ');
  const address = Object.fromEntries(
    Object.entries({
      line: line ? [line] : null,
      city: bank.city,
      postalCode: bank.zipcode,
      country: bank.country,
    }).filter(([, value]) => value !== null && value !== ''),
  );
  if (telecom.length > 0 || Object.keys(address).length > 0) {
    organization.contact = [
      {
        ...(telecom.length > 0 ? { telecom } : {}),
        ...(Object.keys(address).length > 0 ? { address } : {}),
      },
    ];
  }
  return organization;
}

export function clinicToOrganization(clinic: ClinicRow): FhirResource {
  return {
    resourceType: 'Organization',
    id: clinic.id,
    active: clinic.active === 1,
    type: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/organization-type', code: 'prov' }], text: 'Clinic' },
    ],
    name: clinic.cName,
  };
}
