import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app';
import { basicAuth, createTestUser, loginAs, readOutbox, waitForOutboxMail } from '../../../test/support/auth';
import { TestClient } from '../../../test/support/client';
import { testClock } from '../../../test/support/clock';
import { testEngineName } from '../../../test/support/database';

const NEW_PASSWORD = 'a brand new passphrase';

describe(`password recovery and change (${testEngineName()})`, () => {
  let server: TestApp;
  let browser: TestClient;
  const clock = testClock();
  beforeAll(async () => {
    server = await startTestApp({ deps: { now: clock.now } });
    browser = new TestClient(server.baseUrl);
    await browser.get('/api/health');
  });
  afterAll(() => server.close());

  const passwordWorks = async (email: string, password: string) =>
    (await browser.get('/api/auth/login', { headers: { authorization: basicAuth(email, password) } })).status === 200;

  const secrets = new Set<string>([NEW_PASSWORD, 'demo-graftmatch']);

  async function requestLink(email: string): Promise<string> {
    const since = (await readOutbox(server)).length;
    expect((await browser.post('/api/auth/recoveryrequest', { email })).status).toBe(204);
    const mail = await waitForOutboxMail(server, email, since);
    const link = /http:\/\/localhost:3000\/recover\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    secrets.add(link ?? '');
    return link ?? '';
  }

  it('First the user asks for a link, then sets a new password with it once; it does not log in and ends every session', async () => {
    const { id, email } = await createTestUser(server, { language: 'de' });
    const session = await loginAs(server, email);
    const since = (await readOutbox(server)).length;
    const token = await requestLink(email);
    const mail = (await readOutbox(server))[since];
    expect(mail?.subject).toBe('Neues GraftMatch-Passwort festlegen');

    const used = await browser.post(`/api/auth/recovery/${token}`, { password: NEW_PASSWORD });
    expect(used.status).toBe(204);
    expect(used.headers.getSetCookie().some((cookie) => cookie.startsWith('refresh='))).toBe(false);
    expect(await passwordWorks(email, NEW_PASSWORD)).toBe(true);
    expect(await passwordWorks(email, 'demo-graftmatch')).toBe(false);
    expect((await session.get('/api/users/getmyuser')).status).toBe(401);

    const again = await browser.post(`/api/auth/recovery/${token}`, { password: 'yet another passphrase' });
    expect(again.status).toBe(400);
    expect(again.headers.get('content-type')).toContain('application/problem+json');
    expect(await passwordWorks(email, NEW_PASSWORD)).toBe(true);

    const actions = await server.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('actorUserId', '=', id)
      .execute();
    expect(actions.map((row) => row.action)).toContain('auth.recovery.request');
    expect(actions.map((row) => row.action)).toContain('auth.recovery.complete');
  });

  it('refuses a link after one hour, and an older link once a newer one was sent', async () => {
    const { email } = await createTestUser(server);
    const older = await requestLink(email);
    const newer = await requestLink(email);
    expect((await browser.post(`/api/auth/recovery/${older}`, { password: NEW_PASSWORD })).status).toBe(400);
    clock.advanceMinutes(61);
    expect((await browser.post(`/api/auth/recovery/${newer}`, { password: NEW_PASSWORD })).status).toBe(400);
    expect(await passwordWorks(email, 'demo-graftmatch')).toBe(true);
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const { email } = await createTestUser(server);
    const before = (await readOutbox(server)).length;
    const known = await browser.post('/api/auth/recoveryrequest', { email });
    const unknown = await browser.post('/api/auth/recoveryrequest', { email: 'no-account@clinic.example' });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    const headerNames = (response: Response) => [...response.headers.keys()].filter((name) => name !== 'date').sort();
    expect(headerNames(unknown)).toEqual(headerNames(known));
    await waitForOutboxMail(server, email, before);
    expect((await readOutbox(server)).slice(before).map((mail) => mail.to)).toEqual([email]);
  });

  it('refuses a common password with a field error, and an unknown link', async () => {
    const { email } = await createTestUser(server);
    const token = await requestLink(email);
    const common = await browser.post(`/api/auth/recovery/${token}`, { password: 'password123' });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ errors: [{ field: 'password' }] });
    const tooShort = await browser.post(`/api/auth/recovery/${token}`, { password: 'short' });
    expect(tooShort.status).toBe(400);
    expect((await browser.post(`/api/auth/recovery/${'x'.repeat(43)}`, { password: NEW_PASSWORD })).status).toBe(400);
  });

  it('First a logged-in user gives a wrong old password and is told the attempts left, then changes it; other sessions end', async () => {
    const { id, email } = await createTestUser(server);
    const current = await loginAs(server, email);
    const other = await loginAs(server, email);

    const wrong = await current.post('/api/users/resetpassword', {
      oldPassword: 'not my password',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      passwordAttempts: 9,
      errors: [{ field: 'oldPassword', message: 'is wrong' }],
    });
    // The field's message in the reader's language, as every other.
    const wrongInGerman = await current.post(
      '/api/users/resetpassword',
      { oldPassword: 'not my password either', newPassword: NEW_PASSWORD },
      { headers: { 'accept-language': 'de' } },
    );
    expect(await wrongInGerman.json()).toMatchObject({ errors: [{ field: 'oldPassword', message: 'ist falsch' }] });

    const changed = await current.post('/api/users/resetpassword', {
      oldPassword: 'demo-graftmatch',
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(204);
    expect((await current.get('/api/users/getmyuser')).status).toBe(200);
    expect((await other.get('/api/users/getmyuser')).status).toBe(401);
    expect(await passwordWorks(email, NEW_PASSWORD)).toBe(true);

    const actions = await server.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('actorUserId', '=', id)
      .execute();
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['auth.password.change.failure', 'auth.password.change']),
    );
  });

  it('counts a password in characters as the web form does: 128 emojis are a password, 129 are not', async () => {
    const { email } = await createTestUser(server);
    const user = await loginAs(server, email);
    const emojis = (count: number) => '🔑🗝'.repeat(count).slice(0, count * 2);
    secrets.add(emojis(128));
    const tooLong = await user.post('/api/users/resetpassword', {
      oldPassword: 'demo-graftmatch',
      newPassword: emojis(129),
    });
    expect(tooLong.status).toBe(400);
    const longest = await user.post('/api/users/resetpassword', {
      oldPassword: 'demo-graftmatch',
      newPassword: emojis(128),
    });
    expect(longest.status).toBe(204);
    expect(await passwordWorks(email, emojis(128))).toBe(true);
  });

  it('leaves no password, link token or hash in any log line or audit row of these stories', async () => {
    const stored = [
      ...(await server.database.db.selectFrom('users').select('passwordHash').execute()).map((row) => row.passwordHash),
      ...(await server.database.db.selectFrom('recoveryTokens').select('tokenHash').execute()).map(
        (row) => row.tokenHash,
      ),
    ];
    stored.forEach((value) => value && secrets.add(value));
    const auditRows = (await server.database.db.selectFrom('auditLog').selectAll().execute()).map((row) =>
      JSON.stringify(row),
    );
    expect(server.logLines.some((line) => line.includes('/recover'))).toBe(true);
    for (const secret of secrets) {
      expect([...server.logLines, ...auditRows].filter((text) => text.includes(secret))).toEqual([]);
    }
  });
});
