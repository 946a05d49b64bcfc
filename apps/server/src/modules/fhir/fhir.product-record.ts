import {
  formatSingleEuropeanCode,
  graftTypeFromSlug,
  parseSingleEuropeanCode,
  PROCESS_STEP_NAMES,
  StepStatus,
  type ProcessStepName,
} from '@graftmatch/domain';
import { GRAFT_CLINIC_EXTENSION, LOT_SYSTEM_PATTERN, SYSTEMS, type LotKind } from './fhir.mapping';
import { DIMENSIONS, STEP_STATUS_BY_CODE, stepPropertyCode } from './fhir.product';

// A BiologicallyDerivedProduct read back into graft columns: the import of a Bundle (docs/fhir.md).

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
