import { randomUUID } from 'node:crypto';
import { Id } from '@graftmatch/domain';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testConfig, type TestApp } from '../../test/support/app';
import { createTestDatabase } from '../../test/support/database';
import { buildApp } from '../app';

// Every route declares its schemas (docs/decisions.md §4 and §11), read back from the OpenAPI document
// that Fastify builds from them: what a route takes is validated, and what it answers is
// serialised through a closed schema, so a response never leaks a column.

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
}

/**
 * POSTs that take no body, actions whose path says everything: negotiating a push connection,
 * ending a user's sessions, retrying a mail, marking one's matches seen; and the upload, whose multipart fields are streamed (never parsed into a body) and described in the route.
 */
const NO_BODY = [
  'post /api/push/negotiate',
  'post /api/admin/user/endsessions/{id}',
  'post /api/admin/mails/{id}/retry',
  'post /api/physician/dashboard/matches-seen',
  'post /api/media/uploadfiles',
  // A passkey ceremony's start takes nothing: the server makes the challenge.
  'post /api/auth/passkey/options',
  'post /api/users/passkeys/options',
  // Revoking names all it needs in its path.
  'post /api/admin/system-clients/{organisationType}/{organisationId}/{clientId}/revoke',
];
/** Browser navigations whose success is a redirect (single sign-on's way to the provider and back). */
const REDIRECTS = ['get /api/auth/sso/start', 'get /api/auth/sso/callback'];
/** Free-form on purpose: the audit log's before and after snapshots of whatever changed. */
const FREE_FORM = ['before', 'after'];

/** Paths inside a schema where an object lets unknown properties through. */
function openObjects(schema: JsonSchema | undefined, at: string): string[] {
  if (!schema) {
    return [];
  }
  const nested = [
    ...Object.entries(schema.properties ?? {}).flatMap(([key, value]) =>
      FREE_FORM.includes(key) ? [] : openObjects(value, `${at}.${key}`),
    ),
    ...openObjects(schema.items, `${at}[]`),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((part) =>
      openObjects(part, at),
    ),
  ];
  const isObject = schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'));
  const open = isObject && (schema.properties === undefined || schema.additionalProperties === true);
  return open ? [at, ...nested] : nested;
}

describe('route schemas', () => {
  let server: TestApp;
  let operations: [string, Operation][];
  beforeAll(async () => {
    server = await startTestApp();
    const document = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => [`${method} ${path}`, operation] as [string, Operation]),
    );
  });
  afterAll(() => server.close());

  it('lists the API routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map(([name]) => name)).toEqual(
      expect.arrayContaining(['post /api/physician/graftsearch', 'delete /api/users/sessions/{id}']),
    );
  });

  it('declares every path parameter, and a body for every POST and PATCH', () => {
    for (const [name, operation] of operations) {
      const declared = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name);
      const inPath = [...name.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      expect(declared.sort(), name).toEqual(inPath.sort());
      if (/^(post|patch) /.test(name) && !NO_BODY.includes(name)) {
        expect(operation.requestBody, name).toBeDefined();
      }
    }
  });

  it('answers every success through a closed schema, and every refusal it declares as a problem', () => {
    // FHIR answers are FHIR resources and refusals OperationOutcomes, validated against the R5 schema
    // by the FHIR tests (docs/fhir.md), not by these schemas.
    for (const [name, operation] of operations.filter(([route]) => !route.includes(' /api/fhir/'))) {
      const responses = Object.entries(operation.responses ?? {});
      const successes = responses.filter(
        ([status]) => status.startsWith('2') || (REDIRECTS.includes(name) && status === '302'),
      );
      expect(successes.length, name).toBeGreaterThan(0);
      for (const [status, response] of successes) {
        for (const [type, content] of Object.entries(response.content ?? {})) {
          expect(openObjects(content.schema, `${name} ${status} ${type}`)).toEqual([]);
        }
      }
      for (const [status, response] of responses.filter(([code]) => /^[45]/.test(code))) {
        const schema = Object.values(response.content ?? {})[0]?.schema;
        expect(Object.keys(schema?.properties ?? {}), `${name} ${status}`).toEqual(
          expect.arrayContaining(['type', 'title', 'status', 'detail']),
        );
      }
    }
  });

  it('leaves out of an answer whatever its schema does not name', async () => {
    const { database, cleanup } = await createTestDatabase();
    const app = await buildApp({ config: testConfig(server.config.dataDir), database, webRoot: null });
    try {
      const answer = {
        id: randomUUID(),
        email: 'a@clinic.example',
        passwordHash: '$argon2id$secret',
        lockedUntil: null,
      };
      app.get(
        '/api/schema-probe',
        { config: { public: true }, schema: { response: { 200: Type.Object({ id: Id, email: Type.String() }) } } },
        () => answer,
      );
      const response = await app.inject({ method: 'GET', url: '/api/schema-probe' });
      expect(response.json()).toEqual({ id: answer.id, email: answer.email });
    } finally {
      await app.close();
      await cleanup();
    }
  });
});
