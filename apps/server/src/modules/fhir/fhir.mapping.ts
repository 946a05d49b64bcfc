import {
  formatSingleEuropeanCode,
  graftTypeFromSlug,
  graftTypeInfo,
  isGraftTypeNumber,
  isIsoDate,
  parseSingleEuropeanCode,
  PROCESS_STEP_NAMES,
  StepStatus,
  type ProcessStepName,
  type RequestState,
  type VigilanceReport,
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
  vigilanceReport: `${FHIR_BASE}/sid/vigilance-report`,
  vigilanceKind: `${FHIR_BASE}/CodeSystem/vigilance-kind`,
  deviation: `${FHIR_BASE}/CodeSystem/sae-deviation`,
  imputability: `${FHIR_BASE}/CodeSystem/imputability`,
  clinicalOutcome: `${FHIR_BASE}/CodeSystem/clinical-outcome`,
  eventStatus: 'http://hl7.org/fhir/event-status',
  seriousness: 'http://terminology.hl7.org/CodeSystem/adverse-event-seriousness',
  outcome: 'http://terminology.hl7.org/CodeSystem/adverse-event-outcome',
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
const STEP_STATUS_BY_CODE: Record<string, StepStatus> = {
  open: StepStatus.Open,
  done: StepStatus.Done,
  failed: StepStatus.Failed,
};

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
  if (graft.cName !== null) {
    const clinic = graft.clinicId === null ? {} : reference('Organization', graft.clinicId);
    product.extension = [{ url: GRAFT_CLINIC_EXTENSION, valueReference: { ...clinic, display: graft.cName } }];
  }
  return product;
}

// ---- BiologicallyDerivedProduct → graft columns (the import of a Bundle) ----

/** A graft column as a product gives it; the importer reads and checks it like any cell. */
export type ProductValue = string | number | boolean | null;

/** The columns a product carries, as `graftToProduct` writes them. */
export type ProductColumn =
  | 'eLot'
  | 'xLot'
  | 'tLot'
  | 'xSec'
  | 'tProdName2'
  | 'cName'
  | (typeof DIMENSIONS)[number]['column']
  | `${ProcessStepName}${'Status' | 'Out'}`;

export interface ProductRecord {
  /** The product's logical id, if it has one. */
  id: string | null;
  /** Every column a product carries: null where the product says nothing (an export leaves nulls out). */
  columns: Record<ProductColumn, ProductValue>;
  /** The bank its lot identifiers name (EUTE number or id), if any. */
  bank: string | null;
  /** Why an element cannot be read: its FHIR element path, and the column (or the bank) it was to give. */
  errors: { field: string; column: ProductColumn | 'bank'; message: string }[];
  /** Identifiers, properties and extensions of systems the import does not know. */
  ignored: string[];
}

/** JSON as read from a file: nothing about its shape is known until checked. */
export type Json = Record<string, unknown>;
export const isJsonObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objectsOf = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isJsonObject) : []);
const scalar = (value: unknown): ProductValue | undefined =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value) ? (value as ProductValue) : undefined;

function codingIn(concept: unknown, system: string): string | null {
  const coding = objectsOf(isJsonObject(concept) ? concept.coding : undefined).find((entry) => entry.system === system);
  return typeof coding?.code === 'string' ? coding.code : null;
}

/** An SEC as the import's template writes it (five parts, spaced); text that is none stays, for the import to refuse. */
function writtenSec(text: string): string {
  const parts = parseSingleEuropeanCode(text);
  return 'error' in parts ? text : formatSingleEuropeanCode(parts);
}

const STEP_BY_CODE = new Map<string, ProcessStepName>(PROCESS_STEP_NAMES.map((step) => [stepPropertyCode(step), step]));
const DIMENSION_BY_CODE = new Map<string, (typeof DIMENSIONS)[number]>(
  DIMENSIONS.map((dimension) => [dimension.code, dimension]),
);

function emptyColumns(): Record<ProductColumn, ProductValue> {
  const columns = { eLot: null, xLot: null, tLot: null, xSec: null, tProdName2: null, cName: null } as Record<
    ProductColumn,
    ProductValue
  >;
  DIMENSIONS.forEach((dimension) => (columns[dimension.column] = null));
  for (const step of PROCESS_STEP_NAMES) {
    columns[`${step}Status`] = StepStatus.Open;
    columns[`${step}Out`] = null;
  }
  return columns;
}

/**
 * Reads a BDP back into the graft columns `graftToProduct` wrote, the inverse of it: lots and the
 * SEC from the identifiers, the type from productCode, dimensions and steps from the properties,
 * the clinic from our extension. What R5 derives from those (status, expiration date, source
 * event, division, processing facility) is not read: the importer derives it again.
 */
export function productToRecord(resource: Json): ProductRecord {
  const record: ProductRecord = {
    id: typeof resource.id === 'string' ? resource.id : null,
    columns: emptyColumns(),
    bank: null,
    errors: [],
    ignored: [],
  };
  const { columns, errors, ignored } = record;
  const fail = (field: string, column: ProductColumn | 'bank', message: string) =>
    errors.push({ field: `BiologicallyDerivedProduct.${field}`, column, message });
  const take = (column: ProductColumn, field: string, value: unknown) => {
    const cell = scalar(value);
    if (cell === undefined) {
      fail(field, column, 'must be text or a number');
    } else {
      columns[column] = cell;
    }
  };

  for (const identifier of objectsOf(resource.identifier)) {
    const system = typeof identifier.system === 'string' ? identifier.system : '';
    const lot = LOT_SYSTEM_PATTERN.exec(system);
    if (lot) {
      const bank = decodeURIComponent(lot[1] as string);
      if (record.bank !== null && record.bank !== bank) {
        fail('identifier', 'bank', `names two tissue banks (${record.bank} and ${bank})`);
      }
      record.bank = bank;
      const column = ({ 'e-lot': 'eLot', 'x-lot': 'xLot', 't-lot': 'tLot' } as const)[lot[2] as LotKind];
      take(column, 'identifier', identifier.value);
    } else if (system === SYSTEMS.sec) {
      take(
        'xSec',
        'identifier',
        typeof identifier.value === 'string' ? writtenSec(identifier.value) : identifier.value,
      );
    } else {
      ignored.push(`identifier ${system}`);
    }
  }

  const typeCodes = objectsOf(isJsonObject(resource.productCode) ? resource.productCode.coding : undefined);
  const typeCode = codingIn(resource.productCode, SYSTEMS.graftType);
  if (typeCode !== null) {
    const type = graftTypeFromSlug(typeCode);
    if (type === null) {
      fail('productCode', 'tProdName2', `${typeCode} is not a graft type of ${SYSTEMS.graftType}`);
    }
    columns.tProdName2 = type;
  } else if (typeCodes.length > 0) {
    fail('productCode', 'tProdName2', `needs a code of ${SYSTEMS.graftType}`);
  }

  for (const property of objectsOf(resource.property)) {
    const code = codingIn(property.type, SYSTEMS.graftProperty);
    const dimension = code === null ? undefined : DIMENSION_BY_CODE.get(code);
    const step = code === null ? undefined : STEP_BY_CODE.get(code);
    if (dimension) {
      const quantity = isJsonObject(property.valueQuantity) ? property.valueQuantity : {};
      if ((quantity.code ?? 'mm') !== 'mm' || (quantity.system ?? SYSTEMS.ucum) !== SYSTEMS.ucum) {
        fail(`property[${code}]`, dimension.column, 'must be a valueQuantity in UCUM mm');
      } else {
        take(dimension.column, `property[${code}]`, quantity.value);
      }
    } else if (step) {
      readStep(property, step, record);
    } else if (codingIn(property.type, SYSTEMS.propertyType) === 'singleeuropeancode') {
      // The SEC identifier says the same; a product with the property alone still gives its SEC.
      if (columns.xSec === null && typeof property.valueString === 'string') {
        columns.xSec = writtenSec(property.valueString);
      }
    } else {
      const coding = objectsOf(isJsonObject(property.type) ? property.type.coding : undefined)[0];
      ignored.push(`property ${String(coding?.system ?? '')}|${String(coding?.code ?? '')}`);
    }
  }

  for (const extension of objectsOf(resource.extension)) {
    if (extension.url === GRAFT_CLINIC_EXTENSION) {
      const clinic = isJsonObject(extension.valueReference) ? extension.valueReference.display : undefined;
      take('cName', 'extension[graft-clinic]', clinic);
    } else {
      ignored.push(`extension ${String(extension.url)}`);
    }
  }
  return record;
}

/** A step property: the day it was done (valuePeriod), or its status code with the step's text. */
function readStep(property: Json, step: ProcessStepName, record: ProductRecord) {
  const field = `BiologicallyDerivedProduct.property[${stepPropertyCode(step)}]`;
  const period = isJsonObject(property.valuePeriod) ? property.valuePeriod : null;
  if (period && typeof period.start === 'string') {
    record.columns[`${step}Status`] = StepStatus.Done;
    record.columns[`${step}Out`] = period.start;
    return;
  }
  const status = STEP_STATUS_BY_CODE[codingIn(property.valueCodeableConcept, SYSTEMS.stepStatus) ?? ''];
  if (status === undefined) {
    record.errors.push({
      field,
      column: `${step}Status`,
      message: `needs a valuePeriod or a code of ${SYSTEMS.stepStatus}`,
    });
    return;
  }
  const text = isJsonObject(property.valueCodeableConcept) ? property.valueCodeableConcept.text : undefined;
  record.columns[`${step}Status`] = status;
  record.columns[`${step}Out`] = typeof text === 'string' ? text : null;
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

// ---- Vigilance report → AdverseEvent ----

const KIND_DISPLAY = { SAR: 'Serious adverse reaction', SAE: 'Serious adverse event' } as const;
/** Annex III part B's outcomes in the outcome codes R4 bound and terminology.hl7.org keeps. */
const OUTCOME_CODES: Record<string, { code: string; display: string }> = {
  'complete-recovery': { code: 'resolved', display: 'Resolved' },
  'minor-sequelae': { code: 'resolvedWithSequelae', display: 'Resolved with Sequelae' },
  'serious-sequelae': { code: 'resolvedWithSequelae', display: 'Resolved with Sequelae' },
  death: { code: 'fatal', display: 'Fatal' },
  unknown: { code: 'unknown', display: 'Unknown' },
};
const words = (code: string) => code.replaceAll('-', ' ');
const upper = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const ourConcept = (system: string, code: string) => ({
  coding: [{ system, code, display: upper(words(code)) }],
  text: upper(words(code)),
});
const textItems = (...texts: (string | null | undefined)[]) =>
  texts
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '')
    .map((text) => ({
      itemCodeableConcept: { text },
    }));

/**
 * A vigilance report as an R5 AdverseEvent (docs/fhir.md "AdverseEvent"): the graft is the suspect
 * entity (a reference to its BiologicallyDerivedProduct); the subject is the recipient by the
 * pseudonymous patient code, or the donor by the donation; an SAE's deviations are the event's code.
 */
export function reportToAdverseEvent(report: VigilanceReport, input: { graftId: string; donation: string | null }) {
  const sar = report.sar;
  const sae = report.sae;
  const notification = (sar?.notification ?? sae?.notification)!;
  const donor = input.donation
    ? {
        type: 'Patient',
        identifier: { system: SYSTEMS.donation, value: input.donation },
        display: `Donor of donation ${input.donation}`,
      }
    : { type: 'Patient', display: 'Donor of the graft (no donation identification recorded)' };
  const recipient =
    sar?.notification.individualAffected !== 'donor' && sar?.notification.patientCode
      ? { type: 'Patient', ...patientReference(sar.notification.patientCode) }
      : null;
  const subject = sar && recipient ? recipient : donor;
  const occurred = sar ? sar.notification.reactionDate : sae!.notification.eventDate;
  const code = sar
    ? sar.notification.reactionType
      ? { text: sar.notification.reactionType }
      : null
    : sae!.notification.deviations.length > 0
      ? {
          coding: sae!.notification.deviations.map((deviation) => ({
            system: SYSTEMS.deviation,
            code: `${deviation.stage}/${deviation.cause}`,
            display: `${upper(deviation.stage)}: ${words(deviation.cause)}`,
          })),
          text: sae!.notification.deviations
            .map((deviation) => `Deviation in ${deviation.stage}: ${words(deviation.cause)}`)
            .join('; '),
        }
      : null;
  const severity = notification.severity;
  const outcome = sar?.confirmation.clinicalOutcome ? OUTCOME_CODES[sar.confirmation.clinicalOutcome] : undefined;
  const resource: FhirResource = {
    resourceType: 'AdverseEvent',
    id: report.id,
    meta: { lastUpdated: report.updatedAt },
    identifier: [{ system: SYSTEMS.vigilanceReport, value: notification.reportIdentification }],
    status: report.state === 'confirmed' ? 'completed' : 'in-progress',
    actuality: 'actual',
    category: [{ coding: [{ system: SYSTEMS.vigilanceKind, code: report.kind, display: KIND_DISPLAY[report.kind] }] }],
    subject,
    detected: report.discoveredAt,
    recordedDate: report.createdAt,
    // A SAR or SAE is serious by definition; only the reporter's preliminary assessment says otherwise.
    seriousness: {
      coding: [
        {
          system: SYSTEMS.seriousness,
          code: severity === 'non-serious' ? 'non-serious' : 'serious',
          display: severity === 'non-serious' ? 'Non-serious' : 'Serious',
        },
      ],
      ...(severity ? { text: upper(words(severity)) } : {}),
    },
    suspectEntity: [
      {
        instanceReference: { reference: `BiologicallyDerivedProduct/${input.graftId}`, display: `Graft ${report.lot}` },
        ...(notification.imputability
          ? { causality: { entityRelatedness: ourConcept(SYSTEMS.imputability, notification.imputability) } }
          : {}),
      },
    ],
  };
  if (code) {
    resource.code = code;
  }
  if (occurred) {
    resource.occurrenceDateTime = occurred;
  }
  if (outcome && sar?.confirmation.clinicalOutcome) {
    resource.outcome = [
      {
        coding: [
          { system: SYSTEMS.outcome, code: outcome.code, display: outcome.display },
          {
            system: SYSTEMS.clinicalOutcome,
            code: sar.confirmation.clinicalOutcome,
            display: upper(words(sar.confirmation.clinicalOutcome)),
          },
        ],
        text: upper(words(sar.confirmation.clinicalOutcome)),
      },
    ];
  }
  const mitigating = textItems(notification.mitigatingMeasures);
  if (mitigating.length > 0) {
    resource.mitigatingAction = mitigating;
  }
  const preventive = textItems(sar?.confirmation.correctiveActions, sae?.confirmation.correctiveMeasures);
  if (preventive.length > 0) {
    resource.preventiveAction = preventive;
  }
  const notes = [
    notification.description,
    sar?.confirmation.investigationOutcome,
    sae?.confirmation.rootCauseAnalysis ? `Root cause analysis: ${sae.confirmation.rootCauseAnalysis}` : null,
  ].filter((text): text is string => typeof text === 'string' && text.trim() !== '');
  if (notes.length > 0) {
    resource.note = notes.map((text) => ({ text }));
  }
  return resource;
}
