import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import r5Model from 'fhirpath/fhir-context/r5';
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

// Offline validation of FHIR R5 JSON with the official core package (hl7.fhir.r5.core 5.0.0): its
// JSON schema, every error-severity invariant of the resource's StructureDefinition (fhirpath with
// its R5 model), and the required bindings of the codes this server emits (fhir-validation.ts).
// Used by the tests only.

const R5 = join(createRequire(import.meta.url).resolve('hl7.fhir.r5.core/package.json'), '..');

const read = (file: string): Json | null => {
  try {
    return JSON.parse(readFileSync(join(R5, file), 'utf8')) as Json;
  } catch {
    return null;
  }
};

let schema: ((resourceType: string) => ValidateFunction) | null = null;
const definitions = new Map<string, Element[]>();

function structureDefinition(resourceType: string): Element[] {
  let elements = definitions.get(resourceType);
  if (!elements) {
    elements = (read(`StructureDefinition-${resourceType}.json`) as { snapshot: { element: Element[] } }).snapshot
      .element;
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

const byName = (url: string) => url.split('/').at(-1)!;

const R5_DEFINITIONS: FhirDefinitions = {
  schema: (resourceType) =>
    (schema ??= schemaValidators(read('openapi/fhir.schema.json')!, 'http://hl7.org/fhir/json-schema/5.0', 'R5'))(
      resourceType,
    ),
  elements: structureDefinition,
  valueSetCodes: (url) => {
    const codes = collectValueSetCodes(url, {
      valueSet: (set) => read(`ValueSet-${byName(set)}.json`),
      codeSystem: (system) => read(`CodeSystem-${byName(system)}.json`),
    });
    return codes.size > 0 ? codes : null;
  },
  model: r5Model,
  options: async (expression) =>
    expression.includes('resolve()') ? { ...QUIET, async: true, fhirServerUrl: await resolverUrl() } : QUIET,
};

/** Every problem of one resource (not its contained entries): schema, error invariants, required codes. */
export const validateResource = (resource: Json): Promise<string[]> => resourceProblems(R5_DEFINITIONS, resource);

/** Every problem of a resource and, for a Bundle, of each entry's resource. */
export async function validateFhir(resource: Json): Promise<string[]> {
  const resources = withEntries(resource);
  resources.forEach((each) => known.set(`${String(each.resourceType)}/${String(each.id)}`, each));
  const problems: string[] = [];
  for (const each of resources) {
    problems.push(...(await validateResource(each)));
  }
  return problems;
}
