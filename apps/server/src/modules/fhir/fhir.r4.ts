import { adverseEventToR4 } from './fhir.r4.adverse-event';
import { type FhirResource } from './fhir.mapping';

// FHIR R4 (4.0.1) beside R5 (docs/fhir.md "R4"): the R5 resources our mapping builds are the core;
// these pure writers turn each into its R4 form. An R5 element without an R4 home goes into HL7's
// official cross-version extension `http://hl7.org/fhir/5.0/StructureDefinition/extension-<Resource>.<element>`,
// never one of our own; our own graft-clinic extension stays as it is.

export type FhirVersion = 'R5' | 'R4';
type Json = Record<string, unknown>;

export const FHIR_R4_VERSION = '4.0.1';

/** HL7's Subscriptions Backport IG, by which R4 clients subscribe (docs/fhir.md "Subscriptions"). */
export const BACKPORT_IG = 'http://hl7.org/fhir/uv/subscriptions-backport';

/** The official cross-version extension of an R5 element (`BiologicallyDerivedProduct.expirationDate`). */
export const xver = (path: string) => `http://hl7.org/fhir/5.0/StructureDefinition/extension-${path}`;

/** An R5 hand-over (BiologicallyDerivedProductDispense) is carried by an R4 Basic of this code (docs/decisions.md). */
export const DISPENSE_BASIC_CODE = {
  system: 'http://hl7.org/fhir/fhir-types',
  code: 'BiologicallyDerivedProductDispense',
  display: 'BiologicallyDerivedProductDispense',
};

/** One extension of an R5 element, its value in `value<type>`. */
export const valueExtension = (path: string, type: string, value: unknown): Json => ({
  url: xver(path),
  [`value${type}`]: value,
});

/** The `value[x]` member of an R5 element (`valueQuantity`, …) as [type, value]. */
function valueOf(element: Json): [string, unknown] | null {
  const key = Object.keys(element).find((name) => name.startsWith('value'));
  return key ? [key.slice('value'.length), element[key]] : null;
}

/** A list of extensions, the resource's own first; none when empty. */
export function withExtensions(resource: Json, added: Json[]): Json {
  const own = (resource.extension as Json[] | undefined) ?? [];
  const all = [...own, ...added];
  const { extension: _ignored, ...rest } = resource;
  return all.length > 0 ? { ...rest, extension: all } : rest;
}

/** Takes out the named members of an R5 resource: [the rest, the members taken]. */
export function split(resource: Json, names: readonly string[]): [Json, Json] {
  const rest: Json = {};
  const taken: Json = {};
  for (const [name, value] of Object.entries(resource)) {
    (names.includes(name) ? taken : rest)[name] = value;
  }
  return [rest, taken];
}

const code = (coding: unknown) => (coding as { code?: string } | undefined)?.code;

/** BiologicallyDerivedProduct: R4 has it, with productCategory and status as codes. */
export function productToR4(product: FhirResource): FhirResource {
  const [rest, r5] = split(product, [
    'productCategory',
    'productStatus',
    'expirationDate',
    'biologicalSourceEvent',
    'division',
    'processingFacility',
    'property',
  ]);
  const extensions: Json[] = [];
  const element = (name: string) => `BiologicallyDerivedProduct.${name}`;
  for (const facility of (r5.processingFacility as Json[] | undefined) ?? []) {
    extensions.push(valueExtension(element('processingFacility'), 'Reference', facility));
  }
  if (r5.biologicalSourceEvent !== undefined) {
    extensions.push(valueExtension(element('biologicalSourceEvent'), 'Identifier', r5.biologicalSourceEvent));
  }
  if (r5.division !== undefined) {
    extensions.push(valueExtension(element('division'), 'String', r5.division));
  }
  if (r5.expirationDate !== undefined) {
    extensions.push(valueExtension(element('expirationDate'), 'DateTime', r5.expirationDate));
  }
  for (const property of (r5.property as Json[] | undefined) ?? []) {
    const value = valueOf(property);
    extensions.push({
      url: xver(element('property')),
      extension: [
        { url: 'type', valueCodeableConcept: property.type },
        ...(value ? [{ url: 'value', [`value${value[0]}`]: value[1] }] : []),
      ],
    });
  }
  const { resourceType, id, meta, ...others } = rest;
  const r4: Json = { resourceType, id, meta };
  if (r5.productCategory !== undefined) {
    r4.productCategory = code(r5.productCategory);
  }
  if (r5.productStatus !== undefined) {
    r4.status = code(r5.productStatus);
  }
  return withExtensions({ ...r4, ...others }, extensions) as FhirResource;
}

/**
 * BiologicallyDerivedProductDispense: no such R4 resource, and SupplyDelivery may not refer to a
 * BDP (its item is a Medication, Substance or Device); so a Basic of code
 * `fhir-types#BiologicallyDerivedProductDispense`, `subject` the product, each R5 element its
 * cross-version extension (HL7's way of carrying a resource an older version lacks).
 */
export function dispenseToR4(dispense: FhirResource): FhirResource {
  const { resourceType: _type, id, meta, extension, ...elements } = dispense;
  const extensions: Json[] = [];
  for (const [name, value] of Object.entries(elements)) {
    const type = DISPENSE_ELEMENT_TYPES[name];
    if (!type) {
      throw new RangeError(`BiologicallyDerivedProductDispense.${name} has no R4 form`);
    }
    for (const each of Array.isArray(value) ? value : [value]) {
      extensions.push(valueExtension(`BiologicallyDerivedProductDispense.${name}`, type, each));
    }
  }
  const basic: Json = {
    resourceType: 'Basic',
    id,
    meta,
    ...(extension ? { extension } : {}),
    code: { coding: [DISPENSE_BASIC_CODE], text: 'Hand-over of a homograft (BiologicallyDerivedProductDispense)' },
    subject: dispense.product,
  };
  return withExtensions(basic, extensions) as FhirResource;
}

/** The R5 Dispense elements our mapping sets, and their extension value type. */
export const DISPENSE_ELEMENT_TYPES: Record<string, string> = {
  basedOn: 'Reference',
  status: 'Code',
  product: 'Reference',
  patient: 'Reference',
  whenHandedOver: 'DateTime',
};

/** Procedure: `occurrence[x]` is R4's `performed[x]`, the CodeableReference `used` R4's `usedReference`. */
export function procedureToR4(procedure: FhirResource): FhirResource {
  const [rest, r5] = split(procedure, ['occurrenceDateTime', 'used']);
  const r4: Json = { ...rest };
  if (r5.occurrenceDateTime !== undefined) {
    r4.performedDateTime = r5.occurrenceDateTime;
  }
  const used = (r5.used as { reference?: Json; concept?: Json }[] | undefined) ?? [];
  const references = used.flatMap((each) => (each.reference ? [each.reference] : []));
  const concepts = used.flatMap((each) => (each.concept ? [each.concept] : []));
  if (references.length > 0) {
    r4.usedReference = references;
  }
  if (concepts.length > 0) {
    r4.usedCode = concepts;
  }
  return r4 as FhirResource;
}

/** SearchParameter: R4 has no processingMode, but `xpathUsage` (normal). */
export function searchParameterToR4(parameter: FhirResource): FhirResource {
  const [rest, r5] = split(parameter, ['processingMode']);
  return { ...rest, ...(r5.processingMode ? { xpathUsage: r5.processingMode } : {}) } as FhirResource;
}

/** The R4 form of any R5 resource we serve; a Bundle's entries too, their fullUrls naming the R4 type. */
export function toR4(resource: FhirResource): FhirResource {
  switch (resource.resourceType) {
    case 'BiologicallyDerivedProduct':
      return productToR4(resource);
    case 'BiologicallyDerivedProductDispense':
      return dispenseToR4(resource);
    case 'Procedure':
      return procedureToR4(resource);
    case 'AdverseEvent':
      return adverseEventToR4(resource);
    case 'SearchParameter':
      return searchParameterToR4(resource);
    case 'Bundle':
      return bundleToR4(resource);
    // The same in R4 for every element we set: Organization (contact's telecom and address),
    // ServiceRequest, Observation (focus, component, dataAbsentReason), OperationOutcome.
    default:
      return resource;
  }
}

function bundleToR4(bundle: FhirResource): FhirResource {
  const entries = bundle.entry as { fullUrl?: string; resource?: FhirResource }[] | undefined;
  if (!entries) {
    return bundle;
  }
  return {
    ...bundle,
    entry: entries.map((entry) => {
      if (!entry.resource) {
        return entry;
      }
      const resource = toR4(entry.resource);
      const fullUrl =
        entry.fullUrl && resource.resourceType !== entry.resource.resourceType
          ? entry.fullUrl.replace(`/${entry.resource.resourceType}/`, `/${resource.resourceType}/`)
          : entry.fullUrl;
      return { ...entry, ...(fullUrl ? { fullUrl } : {}), resource };
    }),
  };
}

/** The writer of a version: R5 answers our mapping's resources as they are. */
export const writerOf = (version: FhirVersion): ((resource: FhirResource) => FhirResource) =>
  version === 'R4' ? toR4 : (resource) => resource;

/** The type that carries an R5 type in a version (R4's Basic for the Dispense). */
export const typeIn = (version: FhirVersion, r5Type: string) =>
  version === 'R4' && r5Type === 'BiologicallyDerivedProductDispense' ? 'Basic' : r5Type;
