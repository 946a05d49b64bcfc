// `npm run generate:api-types`: writes test/support/api-schema.d.ts anew from the app's OpenAPI document
// (docs/api.md "Generating a client"). Run it after changing a route's schema; a test fails while the
// committed file differs from what it writes.
import { writeFile } from 'node:fs/promises';
import { API_SCHEMA_FILE, apiSchemaTypes, buildOpenApiDocument } from '../test/support/api-types';

await writeFile(API_SCHEMA_FILE, await apiSchemaTypes(await buildOpenApiDocument()));
process.stdout.write(`wrote ${API_SCHEMA_FILE}\n`);
