import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app';
import { createTestUser, loginAs } from '../../test/support/auth';
import { TestClient } from '../../test/support/client';
import { testEngineName } from '../../test/support/database';
import { listRegisteredRoutes, type RegisteredRoute } from './authentication';

// The open API routes of docs/decisions.md §4, plus health and readiness. Any other open /api route is a
// mistake until it is added here on purpose (the OpenAPI pages under /api/docs are always open).
const OPEN_API_ROUTES = [
  'GET /api/auth/login',
  'POST /api/auth/twofactor',
  'GET /api/auth/twofactorreset',
  'GET /api/auth/twofactor/status',
  'GET /api/auth/refresh',
  'POST /api/auth/recoveryrequest',
  'POST /api/auth/recovery/:token',
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey/login',
  // Single sign-on: the address typed, the way to the provider and back (a state), the hand-over.
  'POST /api/auth/sso/discover',
  'GET /api/auth/sso/start',
  'GET /api/auth/sso/callback',
  'POST /api/auth/sso/complete',
  'GET /api/health',
  'GET /api/ready',
  // FHIR clients read the CapabilityStatement before they log in (docs/fhir.md).
  'GET /api/fhir/R5/metadata',
  'GET /api/fhir/R4/metadata',
  // A system client finds the token endpoint, and proves itself there with a signed assertion (docs/fhir.md "System clients").
  'GET /api/fhir/R5/.well-known/smart-configuration',
  'GET /api/fhir/R4/.well-known/smart-configuration',
  'POST /api/fhir/token',
];

// Open non-GET routes whose credential is in the body and that use nothing a browser adds by itself,
// so anti-forgery has nothing to protect (plugins/anti-forgery.ts).
const CREDENTIAL_IN_BODY = ['POST /api/fhir/token'];

/** FHIR routes refuse with an OperationOutcome, FHIR's problem document (docs/fhir.md). */
const refusalType = (route: RegisteredRoute) =>
  route.url.startsWith('/api/fhir/') ? 'application/fhir+json' : 'application/problem+json';

/** A concrete path for a route pattern: every parameter and wildcard filled in. */
const concretePath = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, randomUUID()).replace(/\*/g, 'x');
/** The operator's scrape checks its own token, not a user's session (docs/operations.md "Metrics and traces"). */
const METRICS_TOKEN = 'route-protection-metrics-token-0123';

const isApi = (route: RegisteredRoute) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
const name = (route: RegisteredRoute) => `${route.method} ${route.url}`;

describe(`every route is protected unless it is one of the open ones (${testEngineName()})`, () => {
  let server: TestApp;
  let routes: RegisteredRoute[];
  beforeAll(async () => {
    server = await startTestApp({ config: { metricsToken: METRICS_TOKEN } });
    routes = listRegisteredRoutes(server.app).filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
  });
  afterAll(() => server.close());

  it('opens exactly the routes of docs/decisions.md §4 (plus health, readiness and the FHIR metadata) among the API routes', () => {
    const open = routes
      .filter((route) => isApi(route) && route.open)
      .map(name)
      .sort();
    expect(open).toEqual([...OPEN_API_ROUTES].sort());
    expect(routes.filter((route) => isApi(route) && !route.open).map(name)).toEqual(
      expect.arrayContaining(['GET /api/users/getmyuser', 'GET /api/users/logout', 'POST /api/users/resetpassword']),
    );
  });

  it("serves nothing outside /api/ but the metrics, which refuse anyone without the metrics token, an admin's session included", async () => {
    expect(routes.filter((route) => !route.url.startsWith('/api/')).map(name)).toEqual(['GET /metrics']);
    const { email } = await createTestUser(server, { admin: true });
    const admin = await loginAs(server, email);
    for (const client of [new TestClient(server.baseUrl), admin]) {
      const refused = await client.get('/metrics');
      expect(refused.status).toBe(401);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
    }
    const scraped = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
  });

  it('refuses an anonymous call to every other route with 401 problem+json, anti-forgery header or not', async () => {
    const anonymous = new TestClient(server.baseUrl);
    await anonymous.get('/api/health');
    const protectedRoutes = routes.filter((route) => !route.open);
    expect(protectedRoutes.length).toBeGreaterThan(3);
    for (const route of protectedRoutes) {
      const response = await anonymous.request(route.method, concretePath(route.url), {
        json: route.method === 'GET' ? undefined : {},
      });
      expect(response.status, name(route)).toBe(401);
      expect(response.headers.get('content-type'), name(route)).toContain(refusalType(route));
    }
  });

  it('refuses every non-GET route, open ones included, without the X-XSRF-TOKEN header with 403, even when logged in', async () => {
    const { email } = await createTestUser(server);
    const client = await loginAs(server, email);
    const unsafe = routes.filter((route) => route.method !== 'GET' && !CREDENTIAL_IN_BODY.includes(name(route)));
    expect(unsafe.length).toBeGreaterThan(3);
    for (const route of unsafe) {
      const response = await client.request(route.method, concretePath(route.url), { json: {}, xsrf: false });
      expect(response.status, name(route)).toBe(403);
      expect(response.headers.get('content-type'), name(route)).toContain(refusalType(route));
      const forged = await client.request(route.method, concretePath(route.url), {
        json: {},
        xsrf: false,
        headers: { 'x-xsrf-token': 'guessed' },
      });
      expect(forged.status, name(route)).toBe(403);
    }
    // The logged-in client still works with the header.
    expect((await client.get('/api/users/getmyuser')).status).toBe(200);
  });

  it('sets the anti-forgery cookie readable by scripts and SameSite=Strict, once', async () => {
    const first = await fetch(`${server.baseUrl}/api/health`);
    const cookie = first.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='));
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
    const token = /^XSRF-TOKEN=([^;]+)/.exec(cookie ?? '')?.[1];
    const second = await fetch(`${server.baseUrl}/api/health`, { headers: { cookie: `XSRF-TOKEN=${token}` } });
    expect(second.headers.getSetCookie().some((line) => line.startsWith('XSRF-TOKEN='))).toBe(false);
  });

  it('answers API calls, refusals included, with no-store and the security headers', async () => {
    const refused = await fetch(`${server.baseUrl}/api/users/getmyuser`);
    expect(refused.status).toBe(401);
    for (const response of [refused, await fetch(`${server.baseUrl}/api/health`)]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
    }
  });
  it('limits every auth route, open or not, at 60 calls a minute per IP', async () => {
    const { email } = await createTestUser(server);
    const client = await loginAs(server, email);
    const token = randomUUID().replaceAll('-', '');
    const calls: [string, string][] = [
      ['GET', '/api/auth/login'],
      ['POST', '/api/auth/twofactor'],
      ['GET', '/api/auth/twofactorreset'],
      ['GET', '/api/auth/twofactor/status'],
      ['GET', '/api/auth/refresh'],
      ['POST', '/api/auth/recoveryrequest'],
      ['POST', `/api/auth/recovery/${token}`],
      ['POST', '/api/auth/passkey/options'],
      ['POST', '/api/auth/passkey/login'],
      ['POST', '/api/auth/sso/discover'],
      ['GET', '/api/auth/sso/start'],
      ['GET', '/api/auth/sso/callback'],
      ['POST', '/api/auth/sso/complete'],
      ['POST', '/api/users/resetpassword'],
      ['DELETE', `/api/users/sessions/${randomUUID()}`],
      ['GET', '/api/users/logout'],
    ];
    for (const [method, path] of calls) {
      const answer = await client.request(method, path, {
        json: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(answer.headers.get('x-ratelimit-limit'), `${method} ${path}`).toBe('60');
    }
    const limited = routes.filter(
      (route) =>
        isApi(route) &&
        ['/api/auth/', '/api/users/logout', '/api/users/resetpassword', '/api/users/sessions/'].some((prefix) =>
          route.url.startsWith(prefix),
        ),
    );
    expect(limited.map(name).sort()).toEqual(
      calls
        .map(([method, path]) => `${method} ${path.replace(token, ':token').replace(/[0-9a-f-]{36}$/, ':id')}`)
        .sort(),
    );
  });
});

describe(`per-IP rate limit of the auth routes (${testEngineName()})`, () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('First 60 login calls in a minute are answered, then the 61st is refused with 429 problem+json', async () => {
    const client = new TestClient(server.baseUrl);
    for (let call = 1; call <= 60; call++) {
      expect((await client.get('/api/auth/login')).status).toBe(401);
    }
    const limited = await client.get('/api/auth/login');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toContain('application/problem+json');
    expect(await limited.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Other routes are not limited by it.
    expect((await client.get('/api/health')).status).toBe(200);
  });
});
