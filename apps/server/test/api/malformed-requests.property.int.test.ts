import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listRegisteredRoutes } from '../../src/plugins/authentication';
import type { TestClient } from '../support/client';
import { dataFingerprint, startSeededApp, type Role, type SeededApp } from '../support/clinical';
import { testEngineName } from '../support/database';

// Property-based tests: random and malformed path parameters, query strings and bodies sent to
// every clinic, tissue-bank and admin route, and to the auth, self-service and push routes, by callers of every kind,
// with control characters in every text (docs/security.md, V1). Whatever arrives, the server never answers
// 5xx, every refusal is problem+json, and a refused write changes no data.

interface RouteUnderTest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** `:x` segments are replaced by generated values. */
  path: string;
  write: boolean;
  /** Field names the route knows, so bodies are often almost right. */
  fields?: readonly string[];
}

const SEARCH_FIELDS = ['query_type', 'query_d_min', 'query_d_max', 'query_l_min', 'query_l_l_min', 'query_l_r_min'];
const ENTRY_FIELDS = [
  ...SEARCH_FIELDS,
  'physician_Name',
  'physician_Email',
  'physician_Phone',
  'patient_Code',
  'query_i_min',
  'query_i_Max',
  'query_timestamp',
];
const USER_FIELDS = [
  'id',
  'title',
  'firstName',
  'lastName',
  'email',
  'phone',
  'audit',
  'admin',
  'clinics',
  'eutes',
  'twoFactorTarget',
  'language',
];
const SSO_FIELDS = ['issuer', 'clientId', 'clientSecret', 'emailDomains', 'provisioning'];
const FOLLOW_UP_FIELDS = [
  'date',
  'patientStatus',
  'deathDate',
  'deathCause',
  'graftStatus',
  'reinterventionDate',
  'reinterventionKind',
  'explantDate',
  'explantReason',
  'explantReasonText',
  'peakGradient',
  'meanGradient',
  'regurgitation',
  'nyhaClass',
  'endocarditis',
];
const EUTE_FIELDS = ['name', 'euteNumber', 'address', 'housenumber', 'zipcode', 'city', 'country', 'email', 'phone'];

const ROUTES: readonly RouteUnderTest[] = [
  { method: 'POST', path: '/api/physician/graftsearch', write: false, fields: SEARCH_FIELDS },
  { method: 'GET', path: '/api/physician/graftsearch/:lot', write: false },
  { method: 'GET', path: '/api/grafts/by-code/:code', write: false },
  { method: 'GET', path: '/api/grafts/history/:lot', write: false },
  { method: 'GET', path: '/api/physician/waitinglist', write: false },
  { method: 'POST', path: '/api/physician/waitinglist', write: true, fields: ENTRY_FIELDS },
  { method: 'PATCH', path: '/api/physician/waitinglist/:id', write: true, fields: ENTRY_FIELDS },
  { method: 'GET', path: '/api/physician/waitinglist/remove/:id', write: true },
  { method: 'GET', path: '/api/physician/currentgrafts', write: false },
  { method: 'GET', path: '/api/physician/archivgrafts', write: false },
  { method: 'GET', path: '/api/euteemployee/waitinglist', write: false },
  { method: 'GET', path: '/api/euteemployee/waitinglist/download', write: false },
  { method: 'GET', path: '/api/euteemployee/currentdonations', write: false },
  { method: 'GET', path: '/api/euteemployee/currentdonations/:lot/label', write: false },
  { method: 'GET', path: '/api/euteemployee/currentdonations/:lot', write: false },
  { method: 'GET', path: '/api/euteemployee/donationsarchiv', write: false },
  { method: 'GET', path: '/api/admin/users', write: false },
  { method: 'GET', path: '/api/admin/user/:id', write: false },
  { method: 'POST', path: '/api/admin/users/add', write: true, fields: USER_FIELDS },
  { method: 'PATCH', path: '/api/admin/user', write: true, fields: USER_FIELDS },
  { method: 'GET', path: '/api/admin/user/activate/:id', write: true },
  { method: 'GET', path: '/api/admin/user/deactivate/:id', write: true },
  { method: 'POST', path: '/api/admin/user/endsessions/:id', write: true },
  { method: 'GET', path: '/api/admin/clinics', write: false },
  { method: 'GET', path: '/api/admin/clinics/:id', write: false },
  { method: 'POST', path: '/api/admin/clinics/add', write: true, fields: ['c_Name'] },
  { method: 'PATCH', path: '/api/admin/clinics/:id', write: true, fields: ['c_Name'] },
  { method: 'GET', path: '/api/admin/clinics/activate/:id', write: true },
  { method: 'GET', path: '/api/admin/clinics/deactivate/:id', write: true },
  { method: 'GET', path: '/api/admin/eutes', write: false },
  { method: 'GET', path: '/api/admin/eutes/:id', write: false },
  { method: 'GET', path: '/api/admin/eutes/activate/:id', write: true },
  { method: 'GET', path: '/api/admin/eutes/deactivate/:id', write: true },
  { method: 'PATCH', path: '/api/admin/eutes/:id', write: true, fields: EUTE_FIELDS },
  { method: 'GET', path: '/api/admin/auditlog', write: false },
  { method: 'GET', path: '/api/admin/auditlog/export', write: false },
  { method: 'GET', path: '/api/admin/audit/verify', write: false },
  { method: 'GET', path: '/api/admin/mails', write: false },
  { method: 'GET', path: '/api/physician/dashboard', write: false },
  { method: 'GET', path: '/api/euteemployee/dashboard', write: false },
  { method: 'GET', path: '/api/euteemployee/dashboard/trend', write: false },
  { method: 'POST', path: '/api/physician/dashboard/matches-seen', write: true },
  { method: 'GET', path: '/api/admin/dashboard', write: false },
  { method: 'POST', path: '/api/admin/mails/:id/retry', write: true },
  { method: 'POST', path: '/api/admin/testR', write: true, fields: ['message'] },
  { method: 'POST', path: '/api/push/negotiate', write: false, fields: ['negotiateVersion'] },
  { method: 'GET', path: '/api/users/getmyuser', write: false },
  { method: 'GET', path: '/api/users/sessions', write: false },
  { method: 'DELETE', path: '/api/users/sessions/:id', write: true },
  // A wrong old password counts against the lockout by design, so a refusal may change data here.
  { method: 'POST', path: '/api/users/resetpassword', write: false, fields: ['oldPassword', 'newPassword'] },
  { method: 'POST', path: '/api/auth/twofactor', write: true, fields: ['passwordid', 'password'] },
  { method: 'POST', path: '/api/auth/recoveryrequest', write: true, fields: ['email'] },
  { method: 'POST', path: '/api/auth/recovery/:token', write: true, fields: ['password'] },
  { method: 'GET', path: '/api/auth/refresh', write: true },
  { method: 'GET', path: '/api/auth/twofactorreset', write: true },
  { method: 'GET', path: '/api/auth/twofactor/status', write: false },
  { method: 'GET', path: '/api/file/getimage/:xlot', write: false },
  { method: 'GET', path: '/api/file/getstlfile/:lot', write: false },
  { method: 'GET', path: '/api/file/getfile/:type/:name', write: false },
  { method: 'GET', path: '/api/file/getzipfile/:type/:lot', write: false },
  { method: 'GET', path: '/api/file/lastimportlog', write: false },
  { method: 'DELETE', path: '/api/media/files/:type/:name', write: true },
  { method: 'GET', path: '/api/import/logs', write: false },
  { method: 'GET', path: '/api/import/logs/:id', write: false },
  { method: 'GET', path: '/api/import/template', write: false },
  { method: 'GET', path: '/api/euteemployee/export', write: false },
  { method: 'POST', path: '/api/admin/eutes/add', write: true, fields: EUTE_FIELDS },
  { method: 'GET', path: '/api/admin/eutes/:id/apikeys', write: false },
  { method: 'POST', path: '/api/admin/eutes/:id/apikeys', write: true, fields: ['label'] },
  { method: 'DELETE', path: '/api/admin/eutes/:id/apikeys/:keyId', write: true },
  { method: 'GET', path: '/api/admin/system-clients/:organisationType/:organisationId', write: false },
  {
    method: 'POST',
    path: '/api/admin/system-clients/:organisationType/:organisationId',
    write: true,
    fields: ['name', 'jwksUrl', 'jwks', 'scopes'],
  },
  {
    method: 'POST',
    path: '/api/admin/system-clients/:organisationType/:organisationId/:clientId/revoke',
    write: true,
  },
  // Random forms and assertions are refused before anything is written.
  {
    method: 'POST',
    path: '/api/fhir/token',
    write: false,
    fields: ['grant_type', 'scope', 'client_assertion_type', 'client_assertion'],
  },
  { method: 'GET', path: '/api/notifications', write: false },
  { method: 'POST', path: '/api/notifications/read', write: true, fields: ['ids', 'all'] },
  { method: 'GET', path: '/api/users/settings', write: false },
  { method: 'PATCH', path: '/api/users/settings', write: true, fields: ['matchMails', 'dismissedHints'] },
  { method: 'POST', path: '/api/users/passkeys/options', write: true },
  { method: 'POST', path: '/api/users/passkeys', write: true, fields: ['challengeId', 'name', 'response'] },
  { method: 'GET', path: '/api/users/passkeys', write: false },
  { method: 'PATCH', path: '/api/users/passkeys/:id', write: true, fields: ['name'] },
  { method: 'DELETE', path: '/api/users/passkeys/:id', write: true },
  { method: 'POST', path: '/api/auth/passkey/options', write: true },
  { method: 'POST', path: '/api/auth/passkey/login', write: true, fields: ['challengeId', 'response'] },
  { method: 'GET', path: '/api/admin/signin-settings', write: false },
  { method: 'PUT', path: '/api/admin/signin-settings', write: true, fields: ['adminsNeedPasskey'] },
  { method: 'POST', path: '/api/auth/sso/discover', write: false, fields: ['email'] },
  { method: 'POST', path: '/api/auth/sso/complete', write: true, fields: ['handover'] },
  { method: 'GET', path: '/api/admin/sso/:type/:id', write: false },
  { method: 'PUT', path: '/api/admin/sso/:type/:id', write: true, fields: SSO_FIELDS },
  { method: 'DELETE', path: '/api/admin/sso/:type/:id', write: true },
  { method: 'GET', path: '/api/push/vapid-public-key', write: false },
  { method: 'GET', path: '/api/me/push-subscriptions', write: false },
  { method: 'POST', path: '/api/me/push-subscriptions', write: true, fields: ['endpoint', 'keys', 'label'] },
  { method: 'DELETE', path: '/api/me/push-subscriptions/:id', write: true },
  { method: 'GET', path: '/api/me/notification-preferences', write: false },
  { method: 'PUT', path: '/api/me/notification-preferences', write: true, fields: ['digestHour', 'events'] },
  {
    method: 'POST',
    path: '/api/physician/requests',
    write: true,
    fields: ['lot', 'waitinglistid', 'patient_Code', 'note'],
  },
  { method: 'GET', path: '/api/physician/requests', write: false },
  { method: 'GET', path: '/api/physician/requests/lots', write: false },
  { method: 'POST', path: '/api/physician/requests/:id/confirm', write: true },
  { method: 'POST', path: '/api/physician/requests/:id/withdraw', write: true },
  {
    method: 'POST',
    path: '/api/physician/requests/:id/implant',
    write: true,
    fields: ['date', 'patient_Code', 'sec'],
  },
  { method: 'POST', path: '/api/physician/requests/:id/receive', write: true, fields: ['sec'] },
  { method: 'POST', path: '/api/physician/requests/:id/return', write: true, fields: ['reason'] },
  { method: 'GET', path: '/api/euteemployee/requests', write: false },
  { method: 'POST', path: '/api/euteemployee/requests/:id/reserve', write: true, fields: ['hours'] },
  { method: 'POST', path: '/api/euteemployee/requests/:id/decline', write: true, fields: ['reason'] },
  { method: 'POST', path: '/api/euteemployee/requests/:id/assign', write: true },
  { method: 'POST', path: '/api/euteemployee/requests/:id/deliver', write: true },
  { method: 'PATCH', path: '/api/admin/eutes/:id/leadtime', write: true, fields: ['days'] },
  { method: 'GET', path: '/api/admin/eutes/:id/reminders', write: false },
  {
    method: 'PATCH',
    path: '/api/admin/eutes/:id/reminders',
    write: true,
    fields: ['expiryReminderDays', 'importSilenceDays', 'unansweredRequestHours'],
  },
  { method: 'POST', path: '/api/requests/:id/corrections', write: true, fields: ['field', 'value', 'reason'] },
  { method: 'GET', path: '/api/requests/:id/history', write: false },
  { method: 'GET', path: '/api/fhir/R5/SearchParameter/:id', write: false },
  { method: 'GET', path: '/api/fhir/R5/BiologicallyDerivedProduct', write: false },
  { method: 'GET', path: '/api/fhir/R5/BiologicallyDerivedProduct/:id', write: false },
  { method: 'GET', path: '/api/fhir/R5/BiologicallyDerivedProductDispense', write: false },
  { method: 'GET', path: '/api/fhir/R5/Procedure', write: false },
  { method: 'GET', path: '/api/fhir/R5/$export', write: false },
  { method: 'GET', path: '/api/fhir/R5/AdverseEvent/:id', write: false },
  { method: 'GET', path: '/api/fhir/R5/Observation', write: false },
  { method: 'GET', path: '/api/fhir/R5/Observation/:id', write: false },
  { method: 'GET', path: '/api/fhir/R4/SearchParameter/:id', write: false },
  { method: 'GET', path: '/api/fhir/R4/BiologicallyDerivedProduct', write: false },
  { method: 'GET', path: '/api/fhir/R4/BiologicallyDerivedProduct/:id', write: false },
  { method: 'GET', path: '/api/fhir/R4/Basic', write: false },
  { method: 'GET', path: '/api/fhir/R4/Procedure', write: false },
  { method: 'GET', path: '/api/fhir/R4/$export', write: false },
  { method: 'GET', path: '/api/fhir/R4/AdverseEvent/:id', write: false },
  { method: 'GET', path: '/api/fhir/R4/Observation', write: false },
  { method: 'GET', path: '/api/fhir/R4/Observation/:id', write: false },
  {
    method: 'POST',
    path: '/api/fhir/R5/Subscription',
    write: true,
    fields: ['resourceType', 'topic', 'criteria', 'channelType', 'channel', 'endpoint', 'content', 'heartbeatPeriod'],
  },
  { method: 'GET', path: '/api/fhir/R5/Subscription', write: false },
  { method: 'GET', path: '/api/fhir/R5/Subscription/:id', write: false },
  { method: 'GET', path: '/api/fhir/R5/Subscription/:id/$status', write: false },
  { method: 'DELETE', path: '/api/fhir/R5/Subscription/:id', write: true },
  {
    method: 'POST',
    path: '/api/fhir/R4/Subscription',
    write: true,
    fields: ['resourceType', 'topic', 'criteria', 'channelType', 'channel', 'endpoint', 'content', 'heartbeatPeriod'],
  },
  { method: 'GET', path: '/api/fhir/R4/Subscription', write: false },
  { method: 'GET', path: '/api/fhir/R4/Subscription/:id', write: false },
  { method: 'GET', path: '/api/fhir/R4/Subscription/:id/$status', write: false },
  { method: 'DELETE', path: '/api/fhir/R4/Subscription/:id', write: true },
  { method: 'GET', path: '/api/fhir/R5/SubscriptionTopic', write: false },
  { method: 'GET', path: '/api/fhir/R5/SubscriptionTopic/:id', write: false },
  {
    method: 'POST',
    path: '/api/vigilance/reports',
    write: true,
    fields: ['kind', 'lot', 'description', 'discoveredAt'],
  },
  { method: 'GET', path: '/api/vigilance/reports', write: false },
  { method: 'GET', path: '/api/vigilance/reports/:id', write: false },
  {
    method: 'PATCH',
    path: '/api/vigilance/reports/:id',
    write: true,
    fields: ['sarNotification', 'sarConfirmation', 'saeNotification', 'saeConfirmation'],
  },
  { method: 'POST', path: '/api/vigilance/reports/:id/submit-notification', write: true },
  { method: 'POST', path: '/api/vigilance/reports/:id/confirm', write: true },
  { method: 'POST', path: '/api/vigilance/reports/:id/quarantine', write: true },
  { method: 'POST', path: '/api/vigilance/reports/:id/lift-quarantine', write: true, fields: ['reason'] },
  { method: 'GET', path: '/api/vigilance/reports/:id/lookback', write: false },
  { method: 'POST', path: '/api/vigilance/quarantine/release-orphaned', write: true, fields: ['reason'] },
  { method: 'GET', path: '/api/physician/followups', write: false },
  { method: 'PUT', path: '/api/physician/followups/:id', write: true, fields: FOLLOW_UP_FIELDS },
  { method: 'POST', path: '/api/physician/followups/:id/lost', write: true, fields: ['reason'] },
  { method: 'POST', path: '/api/physician/followups', write: true, fields: ['lot', ...FOLLOW_UP_FIELDS] },
  { method: 'GET', path: '/api/euteemployee/followups', write: false },
  { method: 'GET', path: '/api/euteemployee/outcomes', write: false },
  { method: 'GET', path: '/api/admin/outcomes', write: false },
];

/** Registered routes this file does not fuzz, each with the reason or where it is tried instead. */
const NOT_FUZZED: Record<string, string> = {
  'GET /api/auth/login': 'random Basic credentials, the last property of this file',
  'GET /api/users/logout': 'takes no input but the session',
  'GET /api/health': 'open, takes no input',
  'GET /api/ready': 'open, takes no input',
  'GET /api/docs': 'the OpenAPI viewer: static, open, no input',
  'GET /api/docs/json': 'the OpenAPI document, no input',
  'GET /api/docs/yaml': 'the OpenAPI document, no input',
  'GET /api/docs/static/*': "the viewer's static files",
  'GET /api/docs/static/index.html': "the viewer's static files",
  'GET /api/docs/static/swagger-initializer.js': "the viewer's static files",
  'GET /api/push': 'a poll or event stream bound to one connection token (push-protocol.int.test.ts)',
  'POST /api/push': 'a send bound to one connection token (push-protocol.int.test.ts)',
  'DELETE /api/push': 'a close bound to one connection token (push-protocol.int.test.ts)',
  'POST /api/import/grafts': 'multipart; random files in imports.property.int.test.ts',
  'POST /api/media/uploadfiles': 'multipart; refusals in files-refusals.int.test.ts',
  'GET /api/fhir/R5/metadata': 'open, takes no input',
  'GET /api/fhir/R5/.well-known/smart-configuration': 'open, takes no input',
  'GET /api/fhir/R4/metadata': 'open, takes no input',
  'GET /api/fhir/R4/.well-known/smart-configuration': 'open, takes no input',
  'GET /api/auth/sso/start': 'a browser navigation answered by a redirect to a provider; sso.int.test.ts',
  'GET /api/auth/sso/callback':
    'a browser navigation answered by a redirect to the login screen; refusals in sso.int.test.ts',
};

const QUERY_KEYS = [
  'limit',
  'offset',
  'active',
  'actorId',
  'action',
  'targetType',
  'targetId',
  'from',
  'to',
  'negotiateVersion',
  'format',
  'bank',
  'unread',
  'state',
  'lot',
  'x',
  'identifier',
  'product-code',
  'product-status',
  'biological-source-event',
  'expiration-date',
  '_count',
  '_offset',
  'product',
  'status',
  'focus',
  'date',
];

/**
 * Text with bytes a person never types: NUL, CR/LF, ESC, DEL, C1 controls, line separators and
 * bidirectional overrides, mixed with ordinary letters (these once gave 500 on PostgreSQL).
 */
const CONTROL_CHARACTERS = ['\u0000', '\r', '\n', '\t', '\u001B', '\u007F', '\u0085', '\u2028', '\u202E', '\u2066'];
const hostileText = (maxLength: number) =>
  fc.string({
    unit: fc.oneof(fc.constantFrom(...CONTROL_CHARACTERS), fc.constantFrom('a', 'Ä', '@', '.', '-')),
    maxLength,
  });

/** A value that is often nearly right: numbers at and beyond the bounds, dates, ids, and junk. */
const value = fc.oneof(
  hostileText(60),
  fc.constantFrom('dr.berg\u0000@demo.graftmatch.example', 'Klinik\u202ENord', 'A-03-2021\u0000'),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    0,
    -1,
    4.999,
    5,
    10,
    10.5,
    50,
    50.01,
    120,
    121,
    1e308,
    '',
    ' ',
    null,
    true,
    '2021-02-30',
    '2030-01-01',
    'A-03-2021',
    'x@y.z',
    '../../etc',
  ),
  fc.uuid(),
  fc.string({ maxLength: 300 }),
);

const segment = fc.oneof(
  fc.uuid(),
  hostileText(20).filter((text) => text.length > 0),
  fc.string({ minLength: 1, maxLength: 80 }),
  fc.constantFrom(
    '..',
    '%00',
    'EB1-2025-0001',
    '0',
    '-1',
    '00000000-0000-0000-0000-000000000000',
    'DE000123 2021264932585 E0042108 001 20260704',
    '&,4DE0001232021264932585E004210800120260704',
    '&,4',
  ),
);

function bodyOf(fields: readonly string[] | undefined) {
  const known = fields && fields.length > 0 ? fields : ['x'];
  return fc.oneof(
    fc
      .dictionary(fc.constantFrom(...known), value, { maxKeys: known.length })
      .map((body) => ({ json: JSON.stringify(body) })),
    fc.jsonValue({ maxDepth: 3 }).map((body) => ({ json: JSON.stringify(body) })),
    fc.string({ maxLength: 200 }).map((raw) => ({ json: raw })),
    fc.constant({ json: undefined as string | undefined }),
  );
}

async function send(client: TestClient, method: string, path: string, body: string | undefined): Promise<Response> {
  const headers: Record<string, string> = {};
  const xsrf = client.cookie('XSRF-TOKEN');
  if (xsrf) {
    headers.cookie = `XSRF-TOKEN=${xsrf}`;
    headers['x-xsrf-token'] = xsrf;
  }
  if (client.accessToken) {
    headers.authorization = `Bearer ${client.accessToken}`;
  }
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  return fetch(client.baseUrl + path, { method, headers, body: method === 'GET' ? undefined : body });
}

describe(`malformed and random requests to every route (${testEngineName()})`, () => {
  let app: SeededApp;

  beforeAll(async () => {
    app = await startSeededApp();
  });

  afterAll(async () => {
    await app?.server.close();
  });

  const callers: Role[] = ['anonymous', 'physicianA', 'employeeX', 'admin', 'auditor'];

  for (const route of ROUTES) {
    test(`${route.method} ${route.path}: never 5xx, refusals are problem+json, refused writes change nothing`, async () => {
      // The data as the last refused write left it (unchanged, as checked): the next write's "before".
      let unchanged: Record<string, string> | null = null;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...callers),
          fc.array(segment, { minLength: 2, maxLength: 2 }),
          fc.dictionary(
            fc.constantFrom(...QUERY_KEYS),
            fc.oneof(fc.string({ maxLength: 40 }), hostileText(20), fc.integer().map(String)),
            { maxKeys: 4 },
          ),
          bodyOf(route.fields),
          async (role, segments, query, body) => {
            let index = 0;
            const path = route.path.replace(/:[a-z]+/g, () => encodeURIComponent(segments[index++] ?? 'x'));
            const search = new URLSearchParams(query).toString();
            const before = route.write ? (unchanged ?? (await dataFingerprint(app.server))) : null;
            unchanged = null;
            const answer = await send(app.clients[role], route.method, search ? `${path}?${search}` : path, body.json);
            expect(answer.status, `${role} ${route.method} ${path}?${search} ${body.json ?? ''}`).toBeLessThan(500);
            if (answer.status >= 400 && route.path === '/api/fhir/token') {
              // The token endpoint refuses in OAuth's words, the problem's members beside (docs/fhir.md "System clients").
              expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
              expect(await answer.json()).toMatchObject({ error: expect.any(String), status: answer.status });
            } else if (answer.status >= 400 && route.path.startsWith('/api/fhir/')) {
              // The FHIR API refuses with OperationOutcomes (docs/fhir.md).
              expect(answer.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
              expect(await answer.json()).toMatchObject({ resourceType: 'OperationOutcome' });
            } else if (answer.status >= 400) {
              expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
              const problem = (await answer.json()) as { status: number; title: string };
              expect(problem.status).toBe(answer.status);
              if (before) {
                expect(await dataFingerprint(app.server)).toEqual(before);
                unchanged = before;
              }
            } else {
              await answer.arrayBuffer();
            }
          },
        ),
        { numRuns: route.write ? 40 : 30 },
      );
    });
  }

  test('GET /api/auth/login: random Basic credentials, control characters included, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileText(40), fc.constantFrom('dr.berg@demo.graftmatch.example', 'x\u0000@y.z')),
        fc.oneof(hostileText(20), fc.string({ maxLength: 20 })),
        async (user, password) => {
          const authorization = `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
          const answer = await fetch(`${app.clients.anonymous.baseUrl}/api/auth/login`, { headers: { authorization } });
          expect(answer.status, JSON.stringify(user)).toBeLessThan(500);
          expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
          await answer.arrayBuffer();
        },
      ),
      { numRuns: 30 },
    );
  });

  test('every registered API route is fuzzed here or named in NOT_FUZZED with its reason', () => {
    const normalise = (path: string) => path.replace(/:[A-Za-z]+/g, ':x');
    const registered = listRegisteredRoutes(app.server.app)
      .filter((route) => route.method !== 'HEAD' && route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${normalise(route.url)}`);
    const listed = [...ROUTES.map((route) => `${route.method} ${route.path}`), ...Object.keys(NOT_FUZZED)].map(
      normalise,
    );
    expect(new Set(listed)).toEqual(new Set(registered));
  });
});
