import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import draft6 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import fhirpath from 'fhirpath';
import r5Model from 'fhirpath/fhir-context/r5';

// Offline validation of FHIR R5 JSON with the official core package (hl7.fhir.r5.core 5.0.0): its
// JSON schema, every error-severity invariant of the resource's StructureDefinition (fhirpath with
// its R5 model), and the required bindings of the codes this server emits. Used by the tests only.

const R5 = join(createRequire(import.meta.url).resolve('hl7.fhir.r5.core/package.json'), '..');
const SCHEMA_ID = 'http://hl7.org/fhir/json-schema/5.0';

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

let ajv: Ajv | null = null;
const validators = new Map<string, ValidateFunction>();

function schemaValidator(resourceType: string): ValidateFunction {
  if (!ajv) {
    const schema = JSON.parse(readFileSync(join(R5, 'openapi/fhir.schema.json'), 'utf8')) as Json;
    // Draft-06 names itself with `id`; ajv 8 reads `$id`. One decimal pattern needs regexps without the u flag.
    const { id, ...rest } = schema;
    ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, validateSchema: false });
    ajv.addMetaSchema(draft6);
    ajv.addSchema({ ...rest, $id: id as string });
  }
  let validate = validators.get(resourceType);
  if (!validate) {
    validate = ajv.getSchema(`${SCHEMA_ID}#/definitions/${resourceType}`);
    if (!validate) {
      throw new Error(`the R5 schema has no definition ${resourceType}`);
    }
    validators.set(resourceType, validate);
  }
  return validate;
}

const definitions = new Map<string, Element[]>();

function structureDefinition(resourceType: string): Element[] {
  let elements = definitions.get(resourceType);
  if (!elements) {
    const json = JSON.parse(readFileSync(join(R5, `StructureDefinition-${resourceType}.json`), 'utf8')) as {
      snapshot: { element: Element[] };
    };
    elements = json.snapshot.element;
    definitions.set(resourceType, elements);
  }
  return elements;
}

// resolve() (e.g. prc-1) fetches the reference from a FHIR server: this one answers the resources
// validated so far (a Bundle's entries included) and 404 for others, which resolve() reads as empty.
const known = new Map<string, Json>();
let resolver: { server: Server; url: string } | null = null;

async function resolverUrl(): Promise<string> {
  if (!resolver) {
    const server = createServer((request, response) => {
      const found = known.get((request.url ?? '').replace(/^\//, ''));
      response.writeHead(found ? 200 : 404, { 'content-type': 'application/fhir+json' });
      response.end(JSON.stringify(found ?? { resourceType: 'OperationOutcome', issue: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    resolver = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }
  return resolver.url;
}

/** Stops the reference resolver; for the test's afterAll. */
export async function closeFhirValidator(): Promise<void> {
  const running = resolver;
  resolver = null;
  known.clear();
  await new Promise((resolve) => (running ? running.server.close(resolve) : resolve(undefined)));
}

/** The codes of a value set in the package (its code systems' concepts, listed codes, included value sets). */
function valueSetCodes(url: string): Set<string> | null {
  const codes = new Set<string>();
  collectValueSet(url, codes);
  return codes.size > 0 ? codes : null;
}

function collectValueSet(url: string, codes: Set<string>): void {
  const name = url.split('|')[0]!.split('/').at(-1)!;
  const read = (file: string) => {
    try {
      return JSON.parse(readFileSync(join(R5, file), 'utf8')) as Json;
    } catch {
      return null;
    }
  };
  const valueSet = read(`ValueSet-${name}.json`) as {
    compose?: { include: { system?: string; concept?: { code: string }[]; valueSet?: string[] }[] };
  } | null;
  for (const include of valueSet?.compose?.include ?? []) {
    include.valueSet?.forEach((included) => collectValueSet(included, codes));
    if (include.concept) {
      include.concept.forEach((concept) => codes.add(concept.code));
    } else if (include.system) {
      const system = read(`CodeSystem-${include.system.split('/').at(-1)}.json`) as {
        concept?: { code: string; concept?: unknown[] }[];
      } | null;
      const walk = (concepts: { code: string; concept?: unknown[] }[] | undefined) =>
        concepts?.forEach((concept) => {
          codes.add(concept.code);
          walk(concept.concept as { code: string }[] | undefined);
        });
      walk(system?.concept);
    }
  }
}

// Some invariants call trace(); its output is noise in a test run.
const QUIET = { traceFn: () => undefined };

const fhirPathOf = (path: string) => path.replaceAll('[x]', '');

/** Every problem of one resource (not its contained entries): schema, error invariants, required codes. */
export async function validateResource(resource: Json): Promise<string[]> {
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
        const options = expression.includes('resolve()')
          ? { ...QUIET, async: true as const, fhirServerUrl: await resolverUrl() }
          : QUIET;
        const [holds] = (await fhirpath.evaluate(resource, expression, context, r5Model, options)) as unknown[];
        if (holds === false) {
          problems.push(`${type} invariant ${constraint.key} fails at ${path}`);
        }
      } catch (error) {
        problems.push(`${type} invariant ${constraint.key} at ${path} not evaluated: ${(error as Error).message}`);
      }
    }
    if (element.binding?.strength === 'required' && element.binding.valueSet) {
      const codes = valueSetCodes(element.binding.valueSet);
      const values = fhirpath.evaluate(resource, path, context, r5Model) as unknown[];
      for (const value of values) {
        const emitted = typeof value === 'string' ? [value] : codesIn(value);
        for (const code of emitted) {
          if (codes && !codes.has(code)) {
            problems.push(`${type} ${path} = ${code} is not in the required value set ${element.binding.valueSet}`);
          }
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

/** Every problem of a resource and, for a Bundle, of each entry's resource. */
export async function validateFhir(resource: Json): Promise<string[]> {
  const entries = resource.resourceType === 'Bundle' ? ((resource.entry ?? []) as { resource?: Json }[]) : [];
  const resources = [resource, ...entries.flatMap((entry) => (entry.resource ? [entry.resource] : []))];
  resources.forEach((each) => known.set(`${String(each.resourceType)}/${String(each.id)}`, each));
  const problems: string[] = [];
  for (const each of resources) {
    problems.push(...(await validateResource(each)));
  }
  return problems;
}
