import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig, type NormalizedProblem } from '@redocly/openapi-core';
import createClient from 'openapi-fetch';
import type { OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../test/support/api-schema';
import { API_SCHEMA_FILE, apiSchemaTypes } from '../../test/support/api-types';
import { startSeededApp, type SeededApp } from '../../test/support/clinical';
import type { TestClient } from '../../test/support/client';
import { testEngineName } from '../../test/support/database';
import { freeGraftOfX, uniquePatientCode } from '../../test/support/requests';

// The OpenAPI document as a client generator's input (docs/api.md "Generating a client"): it passes
// redocly's recommended rules, names every operation, and types a generated client that works.

/** redocly.yaml and its ignore file; the served document is linted as `openapi.json` beside them. */
const REDOCLY_CONFIG = fileURLToPath(new URL('../../redocly.yaml', import.meta.url));
const LINTED_AS = fileURLToPath(new URL('../../openapi.json', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

interface Operation {
  name: string;
  operationId?: string;
  summary?: string;
}

function operationsOf(document: OpenAPI3): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { operationId?: string; summary?: string }>)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ name: `${method} ${path}`, ...operation })),
  );
}

const problemLine = (problem: NormalizedProblem) =>
  `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`;

/** The headers of `client`'s user: the bearer token alone, so no anti-forgery header is needed. */
const bearer = (client: TestClient) => ({ headers: { authorization: `Bearer ${client.accessToken}` } });

describe(`the OpenAPI document as a client generator's input (${testEngineName()})`, () => {
  let app: SeededApp;
  let document: OpenAPI3;
  beforeAll(async () => {
    // A deployment's address: redocly warns of a server on localhost, the default of development.
    app = await startSeededApp({ config: { publicUrl: 'https://graftmatch.example.org' } });
    document = (await (await fetch(`${app.server.baseUrl}/api/docs/json`)).json()) as OpenAPI3;
  }, 120_000);
  afterAll(async () => {
    await app?.server.close();
  });

  it("passes redocly's recommended rules, but for the findings its ignore file keeps", async () => {
    const config = await loadConfig({ configPath: REDOCLY_CONFIG });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: LINTED_AS, config });
    const found = problems.filter((problem) => !problem.ignored).map(problemLine);
    expect(found, `redocly lint found:\n${found.join('\n')}`).toEqual([]);
  });

  it('names the public address as its server', () => {
    expect(document.servers).toEqual([{ url: app.server.config.publicUrl }]);
  });

  it('gives every operation a camelCase operationId, unique, and a summary', () => {
    const operations = operationsOf(document);
    const unnamed = operations.filter((operation) => !operation.operationId || !operation.summary);
    expect(
      unnamed.map((operation) => operation.name),
      'operations without operationId or summary',
    ).toEqual([]);
    const ids = operations.map((operation) => operation.operationId ?? '');
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('types the client as the committed test/support/api-schema.d.ts says', async () => {
    const committed = await readFile(API_SCHEMA_FILE, 'utf8');
    expect(
      committed === (await apiSchemaTypes(document)),
      `${API_SCHEMA_FILE} differs from the document: run npm run generate:api-types`,
    ).toBe(true);
    // Formatting the megabyte of types takes prettier about ten seconds, more on a busy machine.
  }, 120_000);

  it("carries a physician's request from the search to the bank's inbox through the generated client", async () => {
    const { physicianA, employeeX } = app.clients;
    const api = createClient<paths>({ baseUrl: app.server.baseUrl });
    const lot = await freeGraftOfX(app);

    const search = await api.POST('/api/physician/graftsearch', {
      ...bearer(physicianA),
      body: { query_type: 5, query_d_min: 20, query_d_max: 21, query_l_min: 35, query_l_l_min: 0, query_l_r_min: 0 },
    });
    expect(search.response.status, JSON.stringify(search.error)).toBe(200);
    expect(search.data?.map((free) => free.e_Lot)).toContain(lot);

    const created = await api.POST('/api/physician/requests', {
      ...bearer(physicianA),
      body: { lot, patient_Code: uniquePatientCode() },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    expect(created.data).toMatchObject({ lot, state: 'requested' });

    const inbox = await api.GET('/api/euteemployee/requests', bearer(employeeX));
    expect(inbox.response.status, JSON.stringify(inbox.error)).toBe(200);
    const requested = inbox.data?.find((entry) => entry.lot === lot);
    expect(requested?.requests.map((request) => request.id)).toEqual([created.data?.id]);
  });
});
