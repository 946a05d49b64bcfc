import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app';
import {
  basicAuth,
  createTestClinic,
  createTestUser,
  loginAs,
  readOutbox,
  waitForOutboxMail,
} from '../../../test/support/auth';
import { expectProblem } from '../../../test/support/clinical';
import { TestClient } from '../../../test/support/client';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import {
  graftMatchClient,
  ProviderBrowser,
  startOidcProvider,
  type TestOidcProvider,
} from '../../../test/support/oidc-provider';

// Single sign-on (docs/security.md "Single sign-on") against a real OpenID Provider, oidc-provider
// on 127.0.0.1, with one client per organisation: a clinic's and a tissue bank's. The browser is
// imitated over real HTTP: the server's redirect to the provider, the provider's own redirects and
// cookies, its redirect back to the callback, and the web app's hand-over for the session.

/** The test app's PUBLIC_URL: the provider sends the browser back there, which the test maps to the app. */
const PUBLIC_URL = 'http://localhost:3000';
const CLINIC_DOMAIN = 'herzklinik-nord.example';
const BANK_DOMAIN = 'gewebebank-sued.example';

describe(`single sign-on with an organisation's OpenID Provider (${testEngineName()})`, () => {
  let server: TestApp;
  let idp: TestOidcProvider;
  let admin: TestClient;
  let clinicId: string;
  let bankId: string;
  const clock = testClock();
  const clinicClient = graftMatchClient(PUBLIC_URL, 'graftmatch-clinic');
  const bankClient = graftMatchClient(PUBLIC_URL, 'graftmatch-bank');
  // Another application at the same provider: the audience of a misdirected ID token.
  const otherClient = graftMatchClient(PUBLIC_URL, 'another-application');

  const clinicConfig = () => ({
    issuer: idp.issuer,
    clientId: clinicClient.clientId,
    clientSecret: clinicClient.clientSecret,
    emailDomains: [CLINIC_DOMAIN],
    provisioning: 'off',
  });

  beforeAll(async () => {
    server = await startTestApp({ deps: { now: clock.now } });
    idp = await startOidcProvider([clinicClient, bankClient, otherClient]);
    admin = await loginAs(
      server,
      (await createTestUser(server, { admin: true, email: 'admin@graftmatch.example' })).email,
    );
    clinicId = await createTestClinic(server, { name: 'Herzklinik Nord' });
    const bank = await admin.post('/api/admin/eutes/add', { name: 'Gewebebank Süd', euteNumber: 'DE-SSO-1' });
    expect(bank.status).toBe(201);
    bankId = ((await bank.json()) as { id: string }).id;
    expect((await admin.put(`/api/admin/sso/clinic/${clinicId}`, clinicConfig())).status).toBe(200);
    const bankSetUp = await admin.put(`/api/admin/sso/eute/${bankId}`, {
      issuer: idp.issuer,
      clientId: bankClient.clientId,
      clientSecret: bankClient.clientSecret,
      emailDomains: [BANK_DOMAIN],
      provisioning: 'member',
    });
    expect(bankSetUp.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  /** A browser with no session, holding the anti-forgery cookie. */
  async function browser(): Promise<TestClient> {
    const client = new TestClient(server.baseUrl);
    await client.get('/api/health');
    return client;
  }

  /** A physician of the clinic with an account at its provider. */
  async function clinicPhysician(
    input: { active?: boolean; emailVerified?: boolean | null; xmsEdov?: boolean; member?: boolean } = {},
  ) {
    const email = `physician-${randomUUID().slice(0, 8)}@${CLINIC_DOMAIN}`;
    const user = await createTestUser(server, {
      email,
      active: input.active,
      clinicIds: input.member === false ? [] : [clinicId],
    });
    idp.addAccount({
      email,
      emailVerified: input.emailVerified,
      xmsEdov: input.xmsEdov,
      givenName: 'Clara',
      familyName: 'Berg',
    });
    return user;
  }

  /**
   * Leaves for the provider and comes back: `tamper` may change the authorization request on its
   * way to the provider (as a browser's address bar could). Answers the callback address the
   * provider sent the browser to.
   */
  async function throughProvider(
    client: TestClient,
    email: string,
    tamper?: (request: URL) => void,
    device = new ProviderBrowser(idp.issuer),
  ) {
    const start = await client.get(`/api/auth/sso/start?email=${encodeURIComponent(email)}`);
    expect(start.status).toBe(302);
    const request = new URL(start.headers.get('location') ?? '');
    tamper?.(request);
    const back = await device.follow(request.href);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/api/auth/sso/callback`);
    return back;
  }

  /** Brings the provider's answer to the callback; answers where the server sends the browser. */
  async function callback(client: TestClient, back: URL): Promise<URL> {
    const answer = await client.get(`${back.pathname}${back.search}`);
    expect(answer.status).toBe(302);
    return new URL(answer.headers.get('location') ?? '');
  }

  async function signIn(client: TestClient, email: string, tamper?: (request: URL) => void): Promise<URL> {
    return callback(client, await throughProvider(client, email, tamper));
  }

  const refusal = (landing: URL) => (landing.pathname === '/login' ? landing.searchParams.get('sso_error') : null);

  /** Trades the hand-over for a session; the client holds the access token when it worked. */
  async function complete(client: TestClient, landing: URL): Promise<Response> {
    expect(landing.pathname).toBe('/login/sso');
    const answer = await client.post('/api/auth/sso/complete', { handover: landing.searchParams.get('handover') });
    if (answer.status === 200) {
      client.accessToken = ((await answer.clone().json()) as { access_Token: string }).access_Token;
    }
    return answer;
  }

  const lastFailure = async () => {
    const row = await server.database.db
      .selectFrom('auditLog')
      .select(['after'])
      .where('action', '=', 'auth.sso.failure')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    return JSON.parse(row.after ?? '{}') as { error: string; reason: string };
  };

  it("First a clinic's physician signs in through the provider: tokens that open the API, then a logout that names the provider's end-session address", async () => {
    const { id, email } = await clinicPhysician();
    const client = await browser();

    const discovery = await client.post('/api/auth/sso/discover', { email: email.toUpperCase() });
    expect(await discovery.json()).toEqual({
      sso: { organisationName: 'Herzklinik Nord', startUrl: `/api/auth/sso/start?email=${encodeURIComponent(email)}` },
    });
    expect(await (await client.post('/api/auth/sso/discover', { email: 'a@elsewhere.example' })).json()).toEqual({
      sso: null,
    });

    const start = await client.get(`/api/auth/sso/start?email=${encodeURIComponent(email)}`);
    expect(start.status).toBe(302);
    const request = new URL(start.headers.get('location') ?? '');
    expect(`${request.origin}${request.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(Object.fromEntries(request.searchParams)).toMatchObject({
      client_id: clinicClient.clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${PUBLIC_URL}/api/auth/sso/callback`,
      code_challenge_method: 'S256',
      login_hint: email,
    });
    const { state, nonce, code_challenge: challenge } = Object.fromEntries(request.searchParams);
    expect([state, nonce, challenge].every((value) => (value ?? '').length >= 43)).toBe(true);
    const cookie = start.headers.getSetCookie().find((line) => line.startsWith('sso-browser='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/sso/);
    // State, nonce and verifier rest only as a keyed hash or sealed.
    const stored = JSON.stringify(await server.database.db.selectFrom('ssoLoginStates').selectAll().execute());
    expect(stored).not.toContain(state);
    expect(stored).not.toContain(nonce);

    const back = await new ProviderBrowser(idp.issuer).follow(request.href);
    const landing = await callback(client, back);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/login/sso`);
    const answer = await complete(client, landing);
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().some((line) => /^refresh=.+HttpOnly/i.test(line))).toBe(true);
    expect(await (await client.get('/api/users/getmyuser')).json()).toMatchObject({ id, email });
    expect((await client.get('/api/auth/refresh', { auth: false })).status).toBe(200);
    const login = await server.database.db
      .selectFrom('auditLog')
      .select('after')
      .where('action', '=', 'auth.login.success')
      .where('actorUserId', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(login.after ?? '{}')).toMatchObject({
      method: 'sso',
      organisationType: 'clinic',
      organisationId: clinicId,
    });

    const logout = await client.get('/api/users/logout');
    expect(logout.status).toBe(200);
    const { endSessionUrl } = (await logout.json()) as { endSessionUrl: string };
    const end = new URL(endSessionUrl);
    expect(`${end.origin}${end.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(end.searchParams.get('client_id')).toBe(clinicClient.clientId);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    expect(end.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect((await client.get('/api/users/getmyuser')).status).toBe(401);
    // The provider takes the hint: it offers its own logout (a confirmation form), not an error.
    expect((await fetch(end)).status).toBe(200);

    // A session begun with password and PIN logs out as before.
    const other = await loginAs(server, (await createTestUser(server)).email);
    expect((await other.get('/api/users/logout')).status).toBe(204);
  });

  it('refuses a tampered state, and a callback brought to another browser, without using up the real one', async () => {
    const { email } = await clinicPhysician();
    const client = await browser();
    const back = await throughProvider(client, email);

    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state') ?? ''}x`);
    expect(refusal(await callback(client, tampered))).toBe('state');
    expect(await lastFailure()).toMatchObject({ error: 'state', reason: 'unknown-used-or-expired' });
    expect(refusal(await callback(await browser(), back))).toBe('state');
    expect(await lastFailure()).toMatchObject({ error: 'state', reason: 'another-browser' });

    // The state was taken by the other browser's try: it is used once, whatever followed.
    expect(refusal(await callback(client, back))).toBe('state');
    const fresh = await signIn(client, email);
    expect((await complete(client, fresh)).status).toBe(200);
  });

  it('refuses a replayed code: the same callback twice, and the used code under a fresh state', async () => {
    const { email } = await clinicPhysician();
    const client = await browser();
    const back = await throughProvider(client, email);
    const landing = await callback(client, back);
    expect(landing.pathname).toBe('/login/sso');
    expect(refusal(await callback(client, back))).toBe('state');

    const second = await throughProvider(client, email);
    const replay = new URL(second);
    replay.searchParams.set('code', back.searchParams.get('code') ?? '');
    expect(refusal(await callback(client, replay))).toBe('provider');
    expect((await lastFailure()).reason).toMatch(/invalid_grant/);
  });

  it('refuses an ID token with a wrong nonce, and one minted for another audience', async () => {
    const { email } = await clinicPhysician();
    const client = await browser();
    // The authorization request reaches the provider with another nonce: the provider signs that one.
    const wrongNonce = await signIn(client, email, (request) => request.searchParams.set('nonce', 'n'.repeat(43)));
    expect(refusal(wrongNonce)).toBe('token');
    expect((await lastFailure()).reason).toMatch(/nonce/);

    // The provider's token endpoint hands over an ID token it minted, with its own key, for another client.
    idp.misdirectNextIdToken(clinicClient.clientId, otherClient.clientId);
    expect(refusal(await signIn(client, email))).toBe('token');
    expect((await lastFailure()).reason).toMatch(/aud/);
  });

  it('refuses an unverified address, a deactivated account, an account outside the organisation, and an address the provider does not know', async () => {
    const client = await browser();
    const unverified = await clinicPhysician({ emailVerified: false });
    expect(refusal(await signIn(client, unverified.email))).toBe('email-unverified');
    // Entra ID sends no `email_verified`: its `xms_edov` stands in for it, and nothing else does.
    const silent = await clinicPhysician({ emailVerified: null });
    expect(refusal(await signIn(client, silent.email))).toBe('email-unverified');
    const entra = await clinicPhysician({ emailVerified: null, xmsEdov: true });
    expect((await signIn(client, entra.email)).pathname).toBe('/login/sso');
    const entraUnverified = await clinicPhysician({ emailVerified: false, xmsEdov: true });
    expect(refusal(await signIn(client, entraUnverified.email))).toBe('email-unverified');

    const deactivated = await clinicPhysician({ active: false });
    expect(refusal(await signIn(client, deactivated.email))).toBe('deactivated');
    expect(await lastFailure()).toMatchObject({ error: 'deactivated', reason: 'inactive' });

    const outsider = await clinicPhysician({ member: false });
    expect(refusal(await signIn(client, outsider.email))).toBe('not-member');

    // The provider itself refuses (access_denied): the browser comes back with `?error=`.
    expect(refusal(await signIn(client, `nobody@${CLINIC_DOMAIN}`))).toBe('provider');
    // An address no sign-on covers is sent back before any provider is asked.
    const elsewhere = await client.get(`/api/auth/sso/start?email=${encodeURIComponent('a@elsewhere.example')}`);
    expect(elsewhere.headers.get('location')).toBe(`${PUBLIC_URL}/login?sso_error=no-account`);
  });

  it('refuses an account deactivated between the callback and the hand-over', async () => {
    const { id, email } = await clinicPhysician();
    const client = await browser();
    const landing = await signIn(client, email);
    await server.database.db.updateTable('users').set({ active: 0 }).where('id', '=', id).execute();
    await expectProblem(await complete(client, landing), 403);
  });

  it('creates no account for an unknown address when provisioning is off, and exactly one when it is `member`', async () => {
    const client = await browser();
    const stranger = `new-${randomUUID().slice(0, 8)}@${CLINIC_DOMAIN}`;
    idp.addAccount({ email: stranger });
    expect(refusal(await signIn(client, stranger))).toBe('no-account');
    const users = () => server.database.db.selectFrom('users').select(['id', 'email']);
    expect(await users().where('email', '=', stranger).execute()).toEqual([]);

    const newcomer = `new-${randomUUID().slice(0, 8)}@${BANK_DOMAIN}`;
    idp.addAccount({ email: newcomer, givenName: 'Nora', familyName: 'Neu' });
    for (let time = 0; time < 2; time++) {
      const session = await browser();
      expect((await complete(session, await signIn(session, newcomer))).status).toBe(200);
      expect(await (await session.get('/api/users/getmyuser')).json()).toMatchObject({
        email: newcomer,
        firstName: 'Nora',
        lastName: 'Neu',
        admin: false,
        audit: false,
      });
    }
    const made = await users().where('email', '=', newcomer).execute();
    expect(made).toHaveLength(1);
    const membership = await server.database.db
      .selectFrom('euteMembers')
      .selectAll()
      .where('userId', '=', made[0]?.id ?? '')
      .execute();
    expect(membership).toEqual([{ userId: made[0]?.id, euteId: bankId }]);
    const provisioned = await server.database.db
      .selectFrom('auditLog')
      .select('targetId')
      .where('action', '=', 'user.provision')
      .execute();
    expect(provisioned).toEqual([{ targetId: made[0]?.id }]);

    // With `auditor`, the new account is a member with the audit flag: it reads, and changes nothing.
    const bankPath = `/api/admin/sso/eute/${bankId}`;
    const bankConfig = (await (await admin.get(bankPath)).json()) as Record<string, unknown>;
    const { issuer, clientId, emailDomains } = bankConfig;
    const asAuditor = await admin.put(bankPath, { issuer, clientId, emailDomains, provisioning: 'auditor' });
    expect(asAuditor.status).toBe(200);
    const overseer = `new-${randomUUID().slice(0, 8)}@${BANK_DOMAIN}`;
    idp.addAccount({ email: overseer, givenName: 'Otto', familyName: 'Aufsicht' });
    const session = await browser();
    expect((await complete(session, await signIn(session, overseer))).status).toBe(200);
    expect(await (await session.get('/api/users/getmyuser')).json()).toMatchObject({ email: overseer, audit: true });
  });

  it("refuses the organisation's users the password login and the password recovery, in their language", async () => {
    const { email } = await clinicPhysician();
    const anonymous = await browser();
    const login = await anonymous.get('/api/auth/login', {
      headers: { authorization: basicAuth(email, 'demo-graftmatch') },
    });
    const problem = await expectProblem(login, 403);
    expect(problem.detail).toContain('Herzklinik Nord');
    const german = await anonymous.get('/api/auth/login', {
      headers: { authorization: basicAuth(email, 'demo-graftmatch'), 'accept-language': 'de' },
    });
    expect((await expectProblem(german, 403)).detail).toContain('Mit Herzklinik Nord anmelden');
    // An unknown address of the domain is answered alike: the refusal tells nothing about accounts.
    const unknown = await anonymous.get('/api/auth/login', {
      headers: { authorization: basicAuth(`nobody@${CLINIC_DOMAIN}`, 'whatever-password') },
    });
    await expectProblem(unknown, 403);
    await expectProblem(await anonymous.post('/api/auth/recoveryrequest', { email }), 403);
    // Someone outside the organisation with an address of its domain keeps the password.
    const outsider = await createTestUser(server, { email: `it-${randomUUID().slice(0, 6)}@${CLINIC_DOMAIN}` });
    expect((await loginAs(server, outsider.email)).accessToken).toBeDefined();
  });

  it('an account the admin makes for the organisation gets the way in by mail, and no password link', async () => {
    const email = `new-${randomUUID().slice(0, 8)}@${CLINIC_DOMAIN}`;
    const since = (await readOutbox(server)).length;
    const added = await admin.post('/api/admin/users/add', {
      firstName: 'Nora',
      lastName: 'Neu',
      email,
      clinics: [{ id: clinicId }],
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const mail = await waitForOutboxMail(server, email, since);
    expect(mail.subject).toBe('Your GraftMatch account');
    expect(mail.text).toContain('Sign in with Herzklinik Nord');
    expect(mail.text).not.toMatch(/\/recover\//);
    const links = await server.database.db
      .selectFrom('recoveryTokens')
      .innerJoin('users', 'users.id', 'recoveryTokens.userId')
      .select('recoveryTokens.id')
      .where('users.email', '=', email)
      .execute();
    expect(links).toEqual([]);
  });

  it('refuses an answer for another person than the address typed: someone still signed in at the provider on this computer', async () => {
    const [first, second] = [await clinicPhysician(), await clinicPhysician()];
    // One shared ward computer: the same browser for GraftMatch and for the provider.
    const client = await browser();
    const device = new ProviderBrowser(idp.issuer);
    expect(
      (await complete(client, await callback(client, await throughProvider(client, first.email, undefined, device))))
        .status,
    ).toBe(200);
    // The first physician leaves without signing out at the provider; the second types her own address.
    const answered = await callback(client, await throughProvider(client, second.email, undefined, device));
    expect(refusal(answered)).toBe('other-account');
    expect(await lastFailure()).toMatchObject({ reason: 'another-address-than-typed' });
  });

  it('uses a hand-over once, for 60 seconds, in the browser the sign-in began in', async () => {
    const { email } = await clinicPhysician();
    const client = await browser();
    const landing = await signIn(client, email);
    const elsewhere = await browser();
    await expectProblem(await complete(elsewhere, landing), 401);
    // Tried in another browser, it is used up all the same.
    await expectProblem(await complete(client, landing), 401);

    const again = await signIn(client, email);
    expect((await complete(client, again)).status).toBe(200);
    await expectProblem(await complete(client, again), 401);

    const late = await signIn(client, email);
    clock.advanceSeconds(61);
    await expectProblem(await complete(client, late), 401);
  });

  it('validates the admin routes, keeps the secret unreadable in the database, and never answers it', async () => {
    const path = `/api/admin/sso/clinic/${clinicId}`;
    const read = await admin.get(path);
    const config = (await read.json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      issuer: idp.issuer,
      clientId: clinicClient.clientId,
      hasClientSecret: true,
      emailDomains: [CLINIC_DOMAIN],
      provisioning: 'off',
      redirectUri: `${PUBLIC_URL}/api/auth/sso/callback`,
    });
    expect(JSON.stringify(config)).not.toContain(clinicClient.clientSecret);

    const unreachable = await admin.put(path, { ...clinicConfig(), issuer: 'http://127.0.0.1:9' });
    expect((await expectProblem(unreachable, 422)).errors).toEqual([expect.objectContaining({ field: 'issuer' })]);
    const insecure = await admin.put(path, { ...clinicConfig(), issuer: 'http://idp.herzklinik-nord.example' });
    expect((await expectProblem(insecure, 422)).errors).toEqual([expect.objectContaining({ field: 'issuer' })]);
    const taken = await admin.put(`/api/admin/sso/eute/${bankId}`, {
      ...clinicConfig(),
      emailDomains: [CLINIC_DOMAIN],
    });
    expect((await expectProblem(taken, 409)).detail).toContain('Herzklinik Nord');
    await expectProblem(await admin.put(path, { ...clinicConfig(), emailDomains: ['Not A Domain'] }), 400);
    await expectProblem(await admin.put(path, { ...clinicConfig(), clientId: undefined }), 400);
    const fresh = await createTestClinic(server);
    const noSecret = await admin.put(`/api/admin/sso/clinic/${fresh}`, {
      ...clinicConfig(),
      clientSecret: undefined,
      emailDomains: ['fresh.example'],
    });
    expect((await expectProblem(noSecret, 400)).errors).toEqual([expect.objectContaining({ field: 'clientSecret' })]);
    const none = await admin.get(`/api/admin/sso/clinic/${fresh}`);
    expect(none.status).toBe(200);
    expect(await none.json()).toBeNull();

    // A change without a secret keeps the stored one.
    const changed = await admin.put(path, { ...clinicConfig(), clientSecret: undefined });
    expect(await changed.json()).toMatchObject({ hasClientSecret: true });

    const rows = [
      ...(await server.database.db.selectFrom('ssoConfigs').selectAll().execute()),
      ...(await server.database.db.selectFrom('auditLog').selectAll().execute()),
    ];
    const text = JSON.stringify(rows);
    for (const secret of [clinicClient.clientSecret, bankClient.clientSecret]) {
      expect(text).not.toContain(secret);
    }
    const sealed = await server.database.db.selectFrom('ssoConfigs').select('clientSecret').execute();
    expect(sealed.every((row) => row.clientSecret?.startsWith('sso:v1:'))).toBe(true);
    // On SQLite, the database's own bytes too: the file and its write-ahead log.
    const file = server.database.file;
    if (file) {
      const bytes = Buffer.concat(
        [file, `${file}-wal`].filter((name) => existsSync(name)).map((name) => readFileSync(name)),
      );
      for (const secret of [clinicClient.clientSecret, bankClient.clientSecret]) {
        expect(bytes.includes(Buffer.from(secret))).toBe(false);
      }
    }

    const auditor = await loginAs(server, (await createTestUser(server, { audit: true })).email);
    expect((await auditor.get(path)).status).toBe(200);
    await expectProblem(await auditor.put(path, clinicConfig()), 403);
    await expectProblem(await auditor.delete(path), 403);

    const scratch = await createTestClinic(server);
    const scratchPath = `/api/admin/sso/clinic/${scratch}`;
    expect((await admin.put(scratchPath, { ...clinicConfig(), emailDomains: ['scratch.example'] })).status).toBe(200);
    expect((await admin.delete(scratchPath)).status).toBe(204);
    expect(await (await admin.get(scratchPath)).json()).toBeNull();
    await expectProblem(await admin.delete(scratchPath), 404);
  });
});
