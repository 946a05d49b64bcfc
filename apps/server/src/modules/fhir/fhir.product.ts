import {
  graftTypeInfo,
  isGraftTypeNumber,
  isIsoDate,
  parseSingleEuropeanCode,
  PROCESS_STEP_NAMES,
  StepStatus,
  type ProcessStepName,
} from '@graftmatch/domain';
import type { EuteRow, GraftRow } from '../../db/types';
import { isOpenOn } from '../grafts/grafts.mapper';
import { GRAFT_CLINIC_EXTENSION, SYSTEMS, lotSystem, reference, type FhirResource } from './fhir.mapping';

// A graft as an R5 BiologicallyDerivedProduct (docs/fhir.md): codes and systems from fhir.mapping.ts.

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
export const STEP_STATUS_BY_CODE: Record<string, StepStatus> = {
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
