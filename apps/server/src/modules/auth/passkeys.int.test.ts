import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app';
import { basicAuth, createTestUser, loginAs, readOutbox, waitForOutboxMail } from '../../../test/support/auth';
import { TestClient } from '../../../test/support/client';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';
import { SoftAuthenticator, type Ceremony } from '../../../test/support/passkeys';

// Passkeys (docs/security.md "Passkeys") with a software authenticator that answers as a phone would:
// a signed-in user adds one, then signs in with it alone; the server checks challenge, origin,
// relying party, user verification and counter, and keeps each passkey to its owner.

/** The test app's PUBLIC_URL: relying party `localhost`, origin `http://localhost:3000`. */
const ORIGIN = 'http://localhost:3000';

describe(`passkeys (${testEngineName()})`, () => {
  let server: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    server = await startTestApp({ deps: { now: clock.now } });
  });
  afterAll(() => server.close());

  /** A browser with no session, holding the anti-forgery cookie. */
  async function anonymous(): Promise<TestClient> {
    const client = new TestClient(server.baseUrl);
    await client.get('/api/health');
    return client;
  }

  async function registrationOptions(client: TestClient) {
    const answer = await client.post('/api/users/passkeys/options', {});
    expect(answer.status).toBe(200);
    return (await answer.json()) as { challengeId: string; options: PublicKeyCredentialCreationOptionsJSON };
  }

  async function addPasskey(
    client: TestClient,
    authenticator: SoftAuthenticator,
    name = 'Laptop',
    ceremony: Partial<Ceremony> = {},
  ) {
    const { challengeId, options } = await registrationOptions(client);
    return client.post('/api/users/passkeys', {
      challengeId,
      name,
      response: authenticator.register(options, { origin: ORIGIN, ...ceremony }),
    });
  }

  async function loginOptions(client: TestClient) {
    const answer = await client.post('/api/auth/passkey/options', {});
    expect(answer.status).toBe(200);
    return (await answer.json()) as { challengeId: string; options: PublicKeyCredentialRequestOptionsJSON };
  }

  /** Signs in with the passkey in a fresh browser; answers the browser (holding the access token if it worked) and the answer. */
  async function passkeyLogin(authenticator: SoftAuthenticator, ceremony: Partial<Ceremony> = {}) {
    const client = await anonymous();
    const { challengeId, options } = await loginOptions(client);
    const response = authenticator.authenticate(options, { origin: ORIGIN, ...ceremony });
    const answer = await client.post('/api/auth/passkey/login', { challengeId, response });
    if (answer.status === 200) {
      client.accessToken = ((await answer.clone().json()) as { access_Token: string }).access_Token;
    }
    return { client, answer };
  }

  const storedPasskey = (credentialId: string) =>
    server.database.db.selectFrom('passkeys').selectAll().where('credentialId', '=', credentialId).executeTakeFirst();

  const auditOf = (userId: string, action: string) =>
    server.database.db
      .selectFrom('auditLog')
      .select(['action', 'targetType', 'targetId', 'after'])
      .where('actorUserId', '=', userId)
      .where('action', '=', action)
      .orderBy('seq')
      .execute();

  it('First a physician adds a passkey after logging in; then signs in with it alone: no password, no PIN mail, a working session', async () => {
    const { id, email } = await createTestUser(server);
    const session = await loginAs(server, email);
    const authenticator = new SoftAuthenticator();

    const { options } = await registrationOptions(session);
    expect(options.rp.id).toBe('localhost');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');

    const added = await addPasskey(session, authenticator, 'Phone');
    expect(added.status).toBe(201);
    const passkey = (await added.json()) as { id: string; name: string; lastUsedAt: string | null };
    expect(passkey).toMatchObject({ name: 'Phone', lastUsedAt: null, backedUp: false });
    expect(await (await session.get('/api/users/passkeys')).json()).toEqual([passkey]);
    expect(await (await session.get('/api/users/getmyuser')).json()).toMatchObject({ hasPasskey: true });
    const stored = await storedPasskey(authenticator.id);
    expect(stored).toMatchObject({ userId: id, counter: 0, backupEligible: 0, backedUp: 0 });
    expect(JSON.parse(stored?.transports ?? '[]')).toEqual(['internal', 'hybrid']);
    // The challenge is kept only as a keyed hash.
    const challenges = await server.database.db.selectFrom('passkeyChallenges').selectAll().execute();
    expect(challenges.every((row) => !JSON.stringify(row).includes(options.challenge))).toBe(true);
    expect(await auditOf(id, 'auth.passkey.add')).toMatchObject([{ targetType: 'passkey', targetId: passkey.id }]);

    const mailsBefore = (await readOutbox(server)).length;
    const { client, answer } = await passkeyLogin(authenticator);
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().some((cookie) => /^refresh=.+HttpOnly/i.test(cookie))).toBe(true);
    expect(await (await client.get('/api/users/getmyuser')).json()).toMatchObject({ id, email });
    // The refresh cookie works as after a PIN login.
    const refreshed = await client.get('/api/auth/refresh', { auth: false });
    expect(refreshed.status).toBe(200);
    expect((await readOutbox(server)).length).toBe(mailsBefore);
    const logins = await auditOf(id, 'auth.login.success');
    expect(JSON.parse(logins.at(-1)?.after ?? '{}')).toMatchObject({ method: 'passkey', passkeyId: passkey.id });
    expect(await storedPasskey(authenticator.id)).toMatchObject({ counter: 1, lastUsedAt: clock.now().toISOString() });
    const sessions = (await (await client.get('/api/users/sessions')).json()) as unknown[];
    expect(sessions).toHaveLength(2);
  });

  it('uses a challenge once and for 5 minutes only, for registrations and sign-ins alike', async () => {
    const { email } = await createTestUser(server);
    const session = await loginAs(server, email);
    const authenticator = new SoftAuthenticator();

    const registration = await registrationOptions(session);
    const first = authenticator.register(registration.options, { origin: ORIGIN });
    const body = { challengeId: registration.challengeId, name: 'Key', response: first };
    expect((await session.post('/api/users/passkeys', body)).status).toBe(201);
    const again = await session.post('/api/users/passkeys', body);
    expect(again.status).toBe(400);
    expect(again.headers.get('content-type')).toContain('application/problem+json');

    const client = await anonymous();
    const { challengeId, options } = await loginOptions(client);
    const assertion = authenticator.authenticate(options, { origin: ORIGIN });
    expect((await client.post('/api/auth/passkey/login', { challengeId, response: assertion })).status).toBe(200);
    const replay = await client.post('/api/auth/passkey/login', { challengeId, response: assertion });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { detail: string }).detail).toMatch(/expired or was used already/);

    const late = await loginOptions(client);
    clock.advanceMinutes(5);
    const lateAnswer = await client.post('/api/auth/passkey/login', {
      challengeId: late.challengeId,
      response: authenticator.authenticate(late.options, { origin: ORIGIN }),
    });
    expect(lateAnswer.status).toBe(401);

    // A sign-in challenge is no registration challenge, and the reverse.
    const crossed = await loginOptions(client);
    const swapped = await session.post('/api/users/passkeys', {
      challengeId: crossed.challengeId,
      name: 'Other',
      response: new SoftAuthenticator().register(registration.options, {
        origin: ORIGIN,
        challenge: crossed.options.challenge,
      }),
    });
    expect(swapped.status).toBe(400);
  });

  it('refuses another site: a wrong origin or relying party, and a sign-in without user verification', async () => {
    const { id, email } = await createTestUser(server);
    const session = await loginAs(server, email);
    const phishing = await addPasskey(session, new SoftAuthenticator(), 'Fake', {
      origin: 'https://graftmatch.example.net',
    });
    expect(phishing.status).toBe(400);
    expect(((await phishing.json()) as { detail: string }).detail).toMatch(/did not verify/);
    expect((await addPasskey(session, new SoftAuthenticator(), 'Fake', { rpId: 'example.net' })).status).toBe(400);
    expect((await addPasskey(session, new SoftAuthenticator(), 'Fake', { userVerified: false })).status).toBe(400);
    expect(await (await session.get('/api/users/passkeys')).json()).toEqual([]);

    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(session, authenticator)).status).toBe(201);
    for (const ceremony of [
      { origin: 'http://localhost:3001' },
      { rpId: 'graftmatch.example' },
      { userVerified: false },
    ]) {
      const { answer } = await passkeyLogin(authenticator, ceremony);
      expect(answer.status, JSON.stringify(ceremony)).toBe(401);
      expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith('refresh='))).toBe(false);
    }
    expect(await auditOf(id, 'auth.passkey.failure')).toHaveLength(3);
    expect((await passkeyLogin(authenticator)).answer.status).toBe(200);
  });

  it('refuses a counter that goes back (a cloned authenticator) and keeps the counter it had', async () => {
    const { id, email } = await createTestUser(server);
    const authenticator = new SoftAuthenticator({ counter: 10 });
    expect((await addPasskey(await loginAs(server, email), authenticator)).status).toBe(201);
    expect((await passkeyLogin(authenticator)).answer.status).toBe(200);
    expect((await passkeyLogin(authenticator)).answer.status).toBe(200);
    expect(await storedPasskey(authenticator.id)).toMatchObject({ counter: 12 });

    authenticator.counter = 5;
    const { answer } = await passkeyLogin(authenticator);
    expect(answer.status).toBe(401);
    const failures = await auditOf(id, 'auth.passkey.failure');
    expect(JSON.parse(failures.at(-1)?.after ?? '{}').reason).toMatch(/counter/);
    expect(await storedPasskey(authenticator.id)).toMatchObject({ counter: 12 });
  });

  it('keeps each passkey to its owner: another user neither lists, renames nor removes it; its owner does', async () => {
    const owner = await createTestUser(server);
    const other = await createTestUser(server);
    const [ownerSession, otherSession] = [await loginAs(server, owner.email), await loginAs(server, other.email)];
    const authenticator = new SoftAuthenticator();
    const { id } = (await (await addPasskey(ownerSession, authenticator, 'Laptop')).json()) as { id: string };

    expect(await (await otherSession.get('/api/users/passkeys')).json()).toEqual([]);
    expect((await otherSession.patch(`/api/users/passkeys/${id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await otherSession.delete(`/api/users/passkeys/${id}`)).status).toBe(404);
    expect(await storedPasskey(authenticator.id)).toMatchObject({ name: 'Laptop' });

    const renamed = await ownerSession.patch(`/api/users/passkeys/${id}`, { name: 'Work laptop' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id, name: 'Work laptop' });
    expect((await ownerSession.patch(`/api/users/passkeys/${id}`, { name: '' })).status).toBe(400);

    // Removed, the passkey signs nobody in any more.
    expect((await ownerSession.delete(`/api/users/passkeys/${id}`)).status).toBe(204);
    expect(await (await ownerSession.get('/api/users/passkeys')).json()).toEqual([]);
    const { answer } = await passkeyLogin(authenticator);
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { detail: string }).detail).toMatch(/not registered here/);
    expect(await auditOf(owner.id, 'auth.passkey.remove')).toMatchObject([{ targetId: id }]);
    expect(await auditOf(owner.id, 'auth.passkey.rename')).toHaveLength(1);
  });

  it('refuses a deactivated account its passkey sign-in', async () => {
    const { id, email } = await createTestUser(server);
    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(await loginAs(server, email), authenticator)).status).toBe(201);
    await server.database.db.updateTable('users').set({ active: 0 }).where('id', '=', id).execute();
    expect((await passkeyLogin(authenticator)).answer.status).toBe(403);
  });

  it('lets admins require passkeys of admin accounts: their password and PIN are refused, except for an hour after a mailed link', async () => {
    const admin = await createTestUser(server, { admin: true });
    const spare = await createTestUser(server, { admin: true });
    const physician = await createTestUser(server);
    const adminSession = await loginAs(server, admin.email);
    const browser = await anonymous();
    const passwordLogin = (email: string) =>
      browser.get('/api/auth/login', { headers: { authorization: basicAuth(email, 'demo-graftmatch') } });

    // Requiring passkeys needs one's own first.
    const early = await adminSession.put('/api/admin/signin-settings', { adminsNeedPasskey: true });
    expect(early.status).toBe(409);
    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(adminSession, authenticator)).status).toBe(201);
    const set = await adminSession.put('/api/admin/signin-settings', { adminsNeedPasskey: true });
    expect(set.status).toBe(200);
    expect(await (await adminSession.get('/api/admin/signin-settings')).json()).toEqual({ adminsNeedPasskey: true });
    expect(await auditOf(admin.id, 'settings.signin')).toHaveLength(1);

    // The admins see who has a passkey.
    const users = (await (await adminSession.get('/api/admin/users?pageSize=500')).json()) as {
      id: string;
      hasPasskey: boolean;
    }[];
    expect(users.find((user) => user.id === admin.id)?.hasPasskey).toBe(true);
    expect(users.find((user) => user.id === spare.id)?.hasPasskey).toBe(false);
    expect(await (await adminSession.get(`/api/admin/user/${spare.id}`)).json()).toMatchObject({ hasPasskey: false });

    const refused = await passwordLogin(admin.email);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/sign in with their passkey/);
    expect((await passwordLogin(spare.email)).status).toBe(403);
    expect((await passwordLogin(physician.email)).status).toBe(200);
    expect((await passkeyLogin(authenticator)).answer.status).toBe(200);

    // The last passkey of an admin stays while the rule holds.
    const [own] = (await (await adminSession.get('/api/users/passkeys')).json()) as { id: string }[];
    expect((await adminSession.delete(`/api/users/passkeys/${own?.id}`)).status).toBe(409);

    // An admin without a passkey gets back in by mail: a password set through the recovery link opens password and PIN for an hour.
    const since = (await readOutbox(server)).length;
    expect((await browser.post('/api/auth/recoveryrequest', { email: spare.email })).status).toBe(204);
    const mail = await waitForOutboxMail(server, spare.email, since);
    const token = /\/recover\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    expect((await browser.post(`/api/auth/recovery/${token}`, { password: 'demo-graftmatch' })).status).toBe(204);
    expect((await passwordLogin(spare.email)).status).toBe(200);
    clock.advanceMinutes(61);
    expect((await passwordLogin(spare.email)).status).toBe(403);

    // Auditors read the rule, and only admins change it; off again, passwords work for admins.
    const auditor = await loginAs(server, (await createTestUser(server, { audit: true })).email);
    expect((await auditor.get('/api/admin/signin-settings')).status).toBe(200);
    expect((await auditor.put('/api/admin/signin-settings', { adminsNeedPasskey: false })).status).toBe(403);
    // An hour on, the admin's access token has expired: back in with the passkey.
    const { client: again } = await passkeyLogin(authenticator);
    expect((await again.put('/api/admin/signin-settings', { adminsNeedPasskey: false })).status).toBe(200);
    expect((await passwordLogin(admin.email)).status).toBe(200);
  });
});
