import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app';
import { basicAuth, createTestClinic, createTestUser, loginAs } from '../../../test/support/auth';
import { TestClient } from '../../../test/support/client';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';

describe(`tokens and sessions (${testEngineName()})`, () => {
  let server: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    server = await startTestApp({ deps: { now: clock.now } });
  });
  afterAll(() => server.close());

  const asBearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  async function expectUnauthorizedProblem(response: Response) {
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 401, title: 'Unauthorized', type: 'about:blank' });
  }

  it('refuses forged, unsigned, foreign-signed, expired and wrong-kind tokens with 401 problem+json', async () => {
    const { email } = await createTestUser(server);
    const client = await loginAs(server, email);
    const access = client.accessToken ?? '';
    const refresh = client.cookie('refresh') ?? '';
    const anonymous = new TestClient(server.baseUrl);
    const [, payload] = access.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

    const unsigned = new UnsecuredJWT(claims).encode();
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another secret another secret 0123456789'));
    const tampered = access.slice(0, -4) + (access.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const token of ['not-a-token', unsigned, foreign, tampered]) {
      await expectUnauthorizedProblem(await anonymous.get('/api/users/getmyuser', asBearer(token)));
    }
    // A refresh token is not an access token, and an access token is not a refresh token.
    await expectUnauthorizedProblem(await anonymous.get('/api/users/getmyuser', asBearer(refresh)));
    await expectUnauthorizedProblem(await anonymous.get('/api/auth/refresh', asBearer(access)));

    // A two-factor token opens nothing but the PIN step.
    const login = await anonymous.get('/api/auth/login', {
      headers: { authorization: basicAuth(email, 'demo-graftmatch') },
    });
    const { twoFactor_Token } = (await login.json()) as { twoFactor_Token: string };
    await expectUnauthorizedProblem(await anonymous.get('/api/users/getmyuser', asBearer(twoFactor_Token)));
    await expectUnauthorizedProblem(await anonymous.get('/api/auth/refresh', asBearer(twoFactor_Token)));
    await expectUnauthorizedProblem(await anonymous.get('/api/auth/twofactorreset', asBearer(access)));

    expect((await client.get('/api/users/getmyuser')).status).toBe(200);
    clock.advanceMinutes(16);
    const expired = await client.get('/api/users/getmyuser');
    expect(expired.headers.get('www-authenticate')).toContain('Bearer');
    await expectUnauthorizedProblem(expired);
    // The refresh token still works after the access token ran out.
    expect((await client.get('/api/auth/refresh', { auth: false })).status).toBe(200);
  });

  it('ends a session unused for 14 days while a session in use goes on (the absolute limit is the next describe)', async () => {
    const { email } = await createTestUser(server);
    const idle = await loginAs(server, email);
    const busy = await loginAs(server, email);
    for (let day = 0; day < 3; day++) {
      clock.advanceDays(6);
      expect((await busy.get('/api/auth/refresh', { auth: false })).status).toBe(200);
    }
    await expectUnauthorizedProblem(await idle.get('/api/auth/refresh', { auth: false }));
  });

  it('stops the access token of a deactivated user and the area of a deactivated clinic at once', async () => {
    const clinicId = await createTestClinic(server);
    const { id, email } = await createTestUser(server, { clinicIds: [clinicId] });
    const client = await loginAs(server, email);
    const me = async () => (await client.get('/api/users/getmyuser')).json() as Promise<{ clinics: unknown[] }>;
    expect((await me()).clinics).toHaveLength(1);

    await server.database.db.updateTable('clinics').set({ active: 0 }).where('id', '=', clinicId).execute();
    expect((await me()).clinics).toHaveLength(0);

    await server.database.db.updateTable('users').set({ active: 0 }).where('id', '=', id).execute();
    await expectUnauthorizedProblem(await client.get('/api/users/getmyuser'));
    await expectUnauthorizedProblem(await client.get('/api/auth/refresh', { auth: false }));
  });

  it('a refresh whose answer was lost may come again within 30 s and the session goes on; later it counts as copied', async () => {
    const { email } = await createTestUser(server);
    const client = await loginAs(server, email);
    const sent = client.cookie('refresh') ?? '';
    // The first refresh reaches the server, but its answer (and new cookie) never reaches the browser.
    const lost = new TestClient(server.baseUrl);
    expect((await lost.get('/api/auth/refresh', asBearer(sent))).status).toBe(200);
    clock.advanceSeconds(20);
    const retried = await client.get('/api/auth/refresh', { auth: false });
    expect(retried.status).toBe(200);
    const { access_Token } = (await retried.json()) as { access_Token: string };
    client.accessToken = access_Token;
    expect((await client.get('/api/users/getmyuser')).status).toBe(200);
    expect((await client.get('/api/auth/refresh', { auth: false })).status).toBe(200);

    // The same old token 31 s after its use was copied: the whole session ends.
    clock.advanceSeconds(11);
    await expectUnauthorizedProblem(await lost.get('/api/auth/refresh', asBearer(sent)));
    await expectUnauthorizedProblem(await client.get('/api/auth/refresh', { auth: false }));
  });

  it('First the user lists their sessions, then ends the other one, which stops working at once', async () => {
    const { email } = await createTestUser(server);
    const laptop = await loginAs(server, email);
    const phone = await loginAs(server, email);
    const listed = (await (await laptop.get('/api/users/sessions')).json()) as { id: string; current: boolean }[];
    expect(listed).toHaveLength(2);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    const other = listed.find((session) => !session.current);

    const ended = await laptop.request('DELETE', `/api/users/sessions/${other?.id}`);
    expect(ended.status).toBe(204);
    await expectUnauthorizedProblem(await phone.get('/api/users/getmyuser'));
    await expectUnauthorizedProblem(await phone.get('/api/auth/refresh', { auth: false }));
    expect((await laptop.get('/api/users/getmyuser')).status).toBe(200);

    // Another user's session is not found, not ended.
    const stranger = await loginAs(server, (await createTestUser(server)).email);
    const current = listed.find((session) => session.current);
    expect((await stranger.request('DELETE', `/api/users/sessions/${current?.id}`)).status).toBe(404);
    expect((await laptop.get('/api/users/getmyuser')).status).toBe(200);
  });
});

describe(`the absolute session limit (${testEngineName()})`, () => {
  let server: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    server = await startTestApp({ config: { sessionAbsoluteDays: 20, sessionIdleDays: 14 }, deps: { now: clock.now } });
  });
  afterAll(() => server.close());

  it('First a session in daily use keeps refreshing, then it ends at its absolute limit however busy', async () => {
    const { email } = await createTestUser(server);
    const client = await loginAs(server, email);
    for (let day = 1; day <= 19; day++) {
      clock.advanceDays(1);
      const refreshed = await client.get('/api/auth/refresh', { auth: false });
      expect(refreshed.status, `day ${day}`).toBe(200);
    }
    clock.advanceDays(1);
    expect((await client.get('/api/auth/refresh', { auth: false })).status).toBe(401);
  });
});
