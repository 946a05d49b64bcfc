import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { buildApp } from '../../src/app';
import { testConfig } from './app';
import { createTestDatabase } from './database';

// The typed client's types (docs/api.md "Generating a client"): openapi-typescript's reading of the
// OpenAPI document, committed beside this file, so a test fails when a route's schema changes without them.

export const API_SCHEMA_FILE = fileURLToPath(new URL('./api-schema.d.ts', import.meta.url));

const BANNER =
  '// Generated from the OpenAPI document by `npm run generate:api-types` (docs/api.md "Generating a client"): do not edit.\n\n';

/** The app's OpenAPI document as `/api/docs/json` serves it, from an app built in process on a fresh test database. */
export async function buildOpenApiDocument(): Promise<OpenAPI3> {
  const { database, cleanup } = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'graftmatch-openapi-'));
  const app = await buildApp({ config: testConfig(dataDir, { logLevel: 'error' }), database, webRoot: null });
  try {
    await app.ready();
    // Through JSON, as served: the route schemas' TypeBox symbols stay behind.
    return JSON.parse(JSON.stringify(app.swagger())) as OpenAPI3;
  } finally {
    await app.close();
    await cleanup();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The TypeScript types of `document`, formatted as the repository formats its files. */
export async function apiSchemaTypes(document: OpenAPI3): Promise<string> {
  const types = BANNER + astToString(await openapiTS(document));
  return format(types, { ...(await resolveConfig(API_SCHEMA_FILE)), filepath: API_SCHEMA_FILE });
}
