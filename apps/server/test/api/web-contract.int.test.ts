import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REQUEST_STEP_SIDES } from '@graftmatch/domain';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listRegisteredRoutes } from '../../src/plugins/authentication';
import { startTestApp, type TestApp } from '../support/app';

// The contract between web and server: every call in the web's route table (apps/web/src/api/routes.ts)
// is a route the server registers with the same method and path, and every API route the web does
// not call is named below with the reason, so a route that goes missing or appears unnoticed fails here.

/** Server routes under /api that the web app does not call through its route table, and why. */
const NOT_CALLED_BY_WEB: Record<string, string> = {
  'GET /health': 'liveness probe of load balancers and operators',
  'GET /ready': 'readiness probe of load balancers and operators',
  'GET /auth/refresh': 'token refresh, sent by the client core (client.ts) below every call',
  'POST /push/negotiate': 'the push channel, opened by the SignalR client (push.ts)',
  'GET /push': 'the push WebSocket, or the Server-Sent Events and Long Polling reads, of the SignalR client',
  'POST /push': 'what a Server-Sent Events or Long Polling client of SignalR sends',
  'DELETE /push': 'the SignalR client closing a Long Polling connection',
  'GET /auth/sso/start':
    'single sign-on: a full-page navigation to the organisation’s provider (the discovery’s startUrl)',
  'GET /auth/sso/callback': 'single sign-on: where the provider sends the browser back, redirected on to the web app',
  'GET /users/sessions': 'the caller’s own sessions, for API clients; the web has no sessions page',
  'DELETE /users/sessions/{}': 'ending one session, for API clients',
  'GET /fhir/R5/metadata': 'the FHIR CapabilityStatement, for hospital systems (docs/fhir.md)',
  'GET /fhir/R5/SearchParameter/{}': 'the custom FHIR search parameter, for hospital systems',
  'GET /fhir/R5/BiologicallyDerivedProduct/{}': 'FHIR read of one graft, for hospital systems',
  'GET /fhir/R5/BiologicallyDerivedProductDispense': 'FHIR search of hand-overs, for hospital systems',
  'GET /fhir/R5/Procedure': 'FHIR search of a clinic’s implantations, for hospital systems',
  'GET /fhir/R5/Observation': 'FHIR search of follow-ups, for hospital systems and registries',
  'GET /fhir/R5/Observation/{}': 'FHIR read of one follow-up, for hospital systems and registries',
  'POST /fhir/token':
    'SMART Backend Services: a registered system signs its token request (docs/fhir.md "System clients")',
  'GET /fhir/R5/.well-known/smart-configuration': 'SMART Backend Services: where a system finds the token endpoint',
  'GET /fhir/R4/metadata': 'the FHIR R4 CapabilityStatement, for hospital systems on R4 (docs/fhir.md "R4")',
  'GET /fhir/R4/SearchParameter/{}': 'the custom FHIR R4 search parameters, for hospital systems on R4',
  'GET /fhir/R4/BiologicallyDerivedProduct': 'FHIR R4 search of grafts, for hospital systems on R4',
  'GET /fhir/R4/BiologicallyDerivedProduct/{}': 'FHIR R4 read of one graft, for hospital systems on R4',
  'GET /fhir/R4/AdverseEvent/{}': 'FHIR R4 read of one vigilance report, for hospital systems on R4',
  'GET /fhir/R4/Basic': 'FHIR R4 search of hand-overs (the R5 Dispense as Basic), for hospital systems on R4',
  'GET /fhir/R4/Procedure': 'FHIR R4 search of a clinic’s implantations, for hospital systems on R4',
  'GET /fhir/R4/Observation': 'FHIR R4 search of follow-ups, for hospital systems and registries on R4',
  'GET /fhir/R4/Observation/{}': 'FHIR R4 read of one follow-up, for hospital systems and registries on R4',
  'GET /fhir/R4/$export': 'the FHIR R4 bank export, for hospital systems on R4',
  'GET /fhir/R4/.well-known/smart-configuration':
    'SMART Backend Services beside the R4 base: where a system finds the token endpoint',
  'POST /fhir/R5/Subscription':
    'a system client subscribes its endpoint to a topic, for hospital systems (docs/fhir.md "Subscriptions")',
  'GET /fhir/R5/Subscription': 'a system client lists its own subscriptions, for hospital systems',
  'GET /fhir/R5/Subscription/{}': 'a system client reads one of its subscriptions, for hospital systems',
  'GET /fhir/R5/Subscription/{}/$status': 'a subscription’s status and last error, for hospital systems',
  'DELETE /fhir/R5/Subscription/{}': 'a system client ends one of its subscriptions, for hospital systems',
  'POST /fhir/R4/Subscription':
    'a system client subscribes its endpoint to a topic, for hospital systems on R4, by the Subscriptions Backport (docs/fhir.md "Subscriptions")',
  'GET /fhir/R4/Subscription':
    'a system client lists its own subscriptions, for hospital systems on R4, by the Subscriptions Backport',
  'GET /fhir/R4/Subscription/{}':
    'a system client reads one of its subscriptions, for hospital systems on R4, by the Subscriptions Backport',
  'GET /fhir/R4/Subscription/{}/$status':
    'a subscription’s status and last error, for hospital systems on R4, by the Subscriptions Backport',
  'DELETE /fhir/R4/Subscription/{}':
    'a system client ends one of its subscriptions, for hospital systems on R4, by the Subscriptions Backport',
  'GET /fhir/R5/SubscriptionTopic': 'the topics a hospital system may subscribe to',
  'GET /fhir/R5/SubscriptionTopic/{}': 'one topic, for hospital systems',
  'GET /euteemployee/followups':
    'a bank’s reading of its grafts’ follow-ups, for its own systems; the web shows the bank their outcomes instead',
  'POST /vigilance/quarantine/release-orphaned':
    'an admin’s one-off repair of grafts an old race left quarantined (docs/operations.md "Grafts left in quarantine")',
};

/** The OpenAPI document and its viewer (plugins/openapi.ts), for integrators, not for the web app. */
const OPENAPI_DOCS = '/docs';

/** `METHOD /path/{}` below /api, path parameters unnamed: Fastify's `:id` and the web's `{id}` alike. */
const normalise = (method: string, path: string) => `${method} ${path.replace(/\{[^}]+\}|:[A-Za-z_]+/g, '{}')}`;

const normaliseName = (name: string) => {
  const [method = '', path = ''] = name.split(' ');
  return normalise(method, path);
};

/** The keys of `interface ApiRoutes` in the web's route table, read from its source. */
function webRouteNames(): string[] {
  const file = fileURLToPath(new URL('../../../web/src/api/routes.ts', import.meta.url));
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const table = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'ApiRoutes',
  );
  if (!table) {
    throw new Error('apps/web/src/api/routes.ts has no interface ApiRoutes');
  }
  // Every route is a member of its own; an inherited member would escape this reading.
  expect(table.heritageClauses).toBeUndefined();
  return table.members.map((member) => {
    if (!member.name || !ts.isStringLiteral(member.name)) {
      throw new Error('Every member of ApiRoutes is named by a string "METHOD /path"');
    }
    return member.name.text;
  });
}

/** The web names each side's steps once, `{action}` standing for the side's actions in the domain's step map. */
function expandSteps(name: string): string[] {
  const [method = '', path = ''] = name.split(' ');
  const side = Object.values(REQUEST_STEP_SIDES).find((entry) => path === `${entry.base}/{id}/{action}`);
  return side ? side.actions.map((action) => `${method} ${side.base}/{id}/${action}`) : [name];
}

describe('the web calls only routes the server has', () => {
  let server: TestApp;
  let registered: Set<string>;
  beforeAll(async () => {
    server = await startTestApp();
    registered = new Set(
      listRegisteredRoutes(server.app)
        .filter((route) => route.method !== 'HEAD' && route.url.startsWith('/api/'))
        .map((route) => normalise(route.method, route.url.slice('/api'.length))),
    );
  });
  afterAll(() => server.close());

  test('every route of the web’s table is registered with the same method and path', () => {
    const called = webRouteNames().flatMap(expandSteps);
    expect(called.length).toBeGreaterThan(50);
    const missing = called.filter((name) => !registered.has(normaliseName(name)));
    expect(missing).toEqual([]);
  });

  test('every other API route is one the web does not use on purpose', () => {
    const called = new Set(webRouteNames().flatMap(expandSteps).map(normaliseName));
    const unused = [...registered].filter((name) => !called.has(name) && !name.includes(` ${OPENAPI_DOCS}`));
    expect(unused.sort()).toEqual(Object.keys(NOT_CALLED_BY_WEB).map(normaliseName).sort());
  });
});
