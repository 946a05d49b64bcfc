import { Ajv, type ValidateFunction } from 'ajv';
import draft6 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import fhirpath, { type Model } from 'fhirpath';

// What validating FHIR JSON offline takes, whatever the version (fhir-validator.ts for R5,
// fhir-r4-validator.ts for R4): the version's JSON schema, every error-severity invariant of the
// resource's StructureDefinition (fhirpath with the version's model), and the required bindings.
// Used by the tests only.

export type Json = Record<string, unknown>;

interface Constraint {
  key: string;
  severity: 'error' | 'warning';
  expression?: string;
}
export interface Element {
  path: string;
  constraint?: Constraint[];
  binding?: { strength: string; valueSet?: string };
}

/** One FHIR version's definitions, as the checks below read them. */
export interface FhirDefinitions {
  /** The JSON schema's definition of a resource type. */
  schema(resourceType: string): ValidateFunction;
  /** The snapshot elements of a resource type's StructureDefinition. */
  elements(resourceType: string): Element[];
  /** The codes of a value set; null when the definitions do not list them. */
  valueSetCodes(url: string): Set<string> | null;
  /** fhirpath's model of the version. */
  model: Model;
  /** fhirpath's options for one expression (where references must resolve, a server that answers them). */
  options(expression: string): Promise<Record<string, unknown>>;
}

/** A validator of one resource type per call, from a version's JSON schema (draft-06, which names itself `id`). */
export function schemaValidators(schema: Json, schemaId: string, version: string) {
  const { id, ...rest } = schema;
  // ajv 8 reads `$id`; some of FHIR's patterns need regexps without the u flag.
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, validateSchema: false });
  ajv.addMetaSchema(draft6);
  ajv.addSchema({ ...rest, $id: id as string });
  const validators = new Map<string, ValidateFunction>();
  return (resourceType: string): ValidateFunction => {
    let validate = validators.get(resourceType);
    if (!validate) {
      validate = ajv.getSchema(`${schemaId}#/definitions/${resourceType}`);
      if (!validate) {
        throw new Error(`the ${version} schema has no definition ${resourceType}`);
      }
      validators.set(resourceType, validate);
    }
    return validate;
  };
}

type Concepts = { code: string; concept?: unknown[] }[] | undefined;
type Include = { system?: string; concept?: { code: string }[]; valueSet?: string[] };

/**
 * The codes of a value set: its listed codes, its code systems' concepts (nested ones too) and its
 * included value sets, each found by `find`.
 */
export function collectValueSetCodes(
  url: string,
  find: { valueSet(url: string): Json | null; codeSystem(url: string): Json | null },
  codes = new Set<string>(),
): Set<string> {
  const valueSet = find.valueSet(url.split('|')[0]!) as { compose?: { include: Include[] } } | null;
  for (const include of valueSet?.compose?.include ?? []) {
    include.valueSet?.forEach((included) => collectValueSetCodes(included, find, codes));
    if (include.concept) {
      include.concept.forEach((concept) => codes.add(concept.code));
    } else if (include.system) {
      const walk = (concepts: Concepts) =>
        concepts?.forEach((concept) => {
          codes.add(concept.code);
          walk(concept.concept as Concepts);
        });
      walk((find.codeSystem(include.system) as { concept?: Concepts } | null)?.concept);
    }
  }
  return codes;
}

// Some invariants call trace(); its output is noise in a test run.
export const QUIET = { traceFn: () => undefined };

const fhirPathOf = (path: string) => path.replaceAll('[x]', '');

function codesIn(value: unknown): string[] {
  const node = value as { code?: string; coding?: { code?: string }[] };
  if (typeof node?.code === 'string') {
    return [node.code];
  }
  return (node?.coding ?? []).flatMap((coding) => (coding.code ? [coding.code] : []));
}

/** Every problem of one resource (not its Bundle entries): schema, error invariants, required codes. */
export async function resourceProblems(definitions: FhirDefinitions, resource: Json): Promise<string[]> {
  const type = String(resource.resourceType);
  const problems: string[] = [];
  const validate = definitions.schema(type);
  if (!validate(resource)) {
    for (const error of validate.errors ?? []) {
      problems.push(`${type} schema ${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
    }
  }
  const context = { resource, rootResource: resource };
  for (const element of definitions.elements(type)) {
    const path = fhirPathOf(element.path);
    for (const constraint of element.constraint ?? []) {
      if (constraint.severity !== 'error' || !constraint.expression) {
        continue;
      }
      const expression = path === type ? constraint.expression : `${path}.all(${constraint.expression})`;
      try {
        const options = await definitions.options(expression);
        const [holds] = (await fhirpath.evaluate(
          resource,
          expression,
          context,
          definitions.model,
          options,
        )) as unknown[];
        if (holds === false) {
          problems.push(`${type} invariant ${constraint.key} fails at ${path}`);
        }
      } catch (error) {
        problems.push(`${type} invariant ${constraint.key} at ${path} not evaluated: ${(error as Error).message}`);
      }
    }
    const valueSet = element.binding?.strength === 'required' ? element.binding.valueSet : undefined;
    const codes = valueSet ? definitions.valueSetCodes(valueSet) : null;
    if (!codes || codes.size === 0) {
      continue;
    }
    for (const value of fhirpath.evaluate(resource, path, context, definitions.model) as unknown[]) {
      // A code must be of the value set; a CodeableConcept needs one coding of it (others may be ours).
      const emitted = typeof value === 'string' ? [value] : codesIn(value);
      if (!emitted.some((code) => codes.has(code))) {
        problems.push(`${type} ${path} = ${emitted.join(',')} is not in the required value set ${valueSet}`);
      }
    }
  }
  return problems;
}

/** A resource and, for a Bundle, each entry's resource. */
export function withEntries(resource: Json): Json[] {
  const entries = resource.resourceType === 'Bundle' ? ((resource.entry ?? []) as { resource?: Json }[]) : [];
  return [resource, ...entries.flatMap((entry) => (entry.resource ? [entry.resource] : []))];
}
