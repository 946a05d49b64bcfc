import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app';
import {
  basicAuth,
  createTestClinic,
  createTestUser,
  pinOf,
  readOutbox,
  waitForOutboxMail,
} from '../../../test/support/auth';
import { TestClient } from '../../../test/support/client';
import { testEngineName } from '../../../test/support/database';
import { outboxSettled } from '../../../test/support/mail';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
type MailReader = (to: string, since: number) => Promise<Mail>;
type MailCounter = () => Promise<number>;

/** Everything secret the flow saw, so the log and audit scan can look for each. */
const secrets = new Set<string>();
const remember = (...values: string[]) => values.forEach((value) => secrets.add(value));

async function startLogin(
  client: TestClient,
  email: string,
  password: string,
  count: MailCounter,
  readMail: MailReader,
) {
  const since = await count();
  const answer = await client.get('/api/auth/login', { headers: { authorization: basicAuth(email, password) } });
  expect(answer.status).toBe(200);
  const schema = (await answer.json()) as { twoFactor_Token: string; twoFactorId: string; twoFactorTarget: string };
  const mail = await readMail(email, since);
  const pin = pinOf(mail);
  remember(schema.twoFactor_Token, pin);
  return { schema, mail, pin };
}

async function finishLogin(client: TestClient, twoFactorToken: string, twoFactorId: string, pin: string) {
  const answer = await client.post(
    '/api/auth/twofactor',
    { passwordid: twoFactorId, password: pin },
    {
      headers: { authorization: `Bearer ${twoFactorToken}` },
    },
  );
  expect(answer.status).toBe(200);
  const tokens = (await answer.json()) as { access_Token: string; refresh_Token: string };
  remember(tokens.access_Token, tokens.refresh_Token);
  return { tokens, setCookie: answer.headers.getSetCookie().join('\n') };
}

/** Login with password and mailed PIN (docs/security.md), with the mail read by `readMail`. */
async function walkTheWholeFlow(server: TestApp, count: MailCounter, readMail: MailReader) {
  const clinicId = await createTestClinic(server, { name: 'Herzzentrum Flow' });
  const password = 'a long and private passphrase';
  remember(password);
  const { id, email } = await createTestUser(server, {
    email: 'dr.flow@clinic.example',
    password,
    clinicIds: [clinicId],
  });
  const client = new TestClient(server.baseUrl);

  // First the physician logs in with Basic credentials and gets a masked target and a PIN mail.
  const first = await startLogin(client, email, password, count, readMail);
  expect(first.schema.twoFactorTarget).toBe('d***@clinic.example');
  expect(first.schema.twoFactorId).toMatch(/^[0-9a-f-]{36}$/);
  expect(first.mail.subject).toBe('Your GraftMatch login PIN');
  expect(first.mail.html).toContain(first.pin);
  expect(first.mail.text).not.toContain(password);

  // Then the PIN gives both tokens, and the refresh token also arrives as an HttpOnly cookie.
  const login = await finishLogin(client, first.schema.twoFactor_Token, first.schema.twoFactorId, first.pin);
  expect(login.setCookie).toMatch(/refresh=[^;]+;.*HttpOnly/i);
  expect(login.setCookie).toMatch(/SameSite=Strict/i);
  expect(login.setCookie).toMatch(/Path=\/api/);
  // 365 days (to the second, less the time the request took).
  expect(login.setCookie).toMatch(/Max-Age=3153(5999|6000)\b/);
  expect(client.cookie('refresh')).toBe(login.tokens.refresh_Token);
  // The PIN page's last poll of the mail may cross the login: the used attempt is still answered.
  const lastPoll = await new TestClient(server.baseUrl).get('/api/auth/twofactor/status', {
    headers: { authorization: `Bearer ${first.schema.twoFactor_Token}` },
  });
  expect(lastPoll.status).toBe(200);

  // The access token reads the user of spec §3 with the clinic.
  client.accessToken = login.tokens.access_Token;
  const me = await client.get('/api/users/getmyuser');
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({
    id,
    email,
    active: true,
    admin: false,
    audit: false,
    clinics: [{ id: clinicId, c_Name: 'Herzzentrum Flow' }],
    eutes: [],
  });

  // Refreshing with the cookie rotates: both tokens are new.
  const refreshed = await client.get('/api/auth/refresh', { auth: false });
  expect(refreshed.status).toBe(200);
  const rotated = (await refreshed.json()) as { access_Token: string; refresh_Token: string };
  remember(rotated.access_Token, rotated.refresh_Token);
  expect(rotated.refresh_Token).not.toBe(login.tokens.refresh_Token);
  expect(client.cookie('refresh')).toBe(rotated.refresh_Token);
  client.accessToken = rotated.access_Token;
  expect((await client.get('/api/users/getmyuser')).status).toBe(200);

  // A thief replays the old refresh token a minute after its use (sooner is a client's retry,
  // tokens.int.test.ts): refused, and the whole family ends with it.
  await server.database.db
    .updateTable('refreshTokens')
    .set({ usedAt: new Date(Date.now() - 60_000).toISOString() })
    .where('usedAt', 'is not', null)
    .where(
      'familyId',
      'in',
      server.database.db.selectFrom('refreshTokenFamilies').select('id').where('userId', '=', id),
    )
    .execute();
  const thief = new TestClient(server.baseUrl);
  const replay = await thief.get('/api/auth/refresh', {
    headers: { authorization: `Bearer ${login.tokens.refresh_Token}` },
  });
  expect(replay.status).toBe(401);
  expect(replay.headers.get('content-type')).toContain('application/problem+json');
  expect((await client.get('/api/auth/refresh', { auth: false })).status).toBe(401);
  expect((await client.get('/api/users/getmyuser')).status).toBe(401);

  // The physician logs in again, then logs out: the refresh token stops working.
  const second = await startLogin(client, email, password, count, readMail);
  const again = await finishLogin(client, second.schema.twoFactor_Token, second.schema.twoFactorId, second.pin);
  client.accessToken = again.tokens.access_Token;
  const logout = await client.get('/api/users/logout');
  expect(logout.status).toBe(204);
  expect(client.cookie('refresh')).toBeUndefined();
  const afterLogout = await thief.get('/api/auth/refresh', {
    headers: { authorization: `Bearer ${again.tokens.refresh_Token}` },
  });
  expect(afterLogout.status).toBe(401);
  expect((await client.get('/api/users/getmyuser')).status).toBe(401);

  const actions = await server.database.db
    .selectFrom('auditLog')
    .select('action')
    .where('actorUserId', '=', id)
    .orderBy('at')
    .execute();
  expect(actions.map((row) => row.action)).toEqual([
    'auth.login.success',
    'auth.refresh.reuse',
    'auth.login.success',
    'auth.logout',
  ]);
}

describe(`the whole login flow over a real SMTP peer (${testEngineName()})`, () => {
  let server: TestApp;
  let smtp: SMTPServer;
  const inbox: Mail[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
            inbox.push({
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as { port: number };
    server = await startTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('First the physician logs in with password and mailed PIN, then refreshes, a replay ends the session, then logs out', async () => {
    const count: MailCounter = async () => inbox.length;
    const readMail: MailReader = async (to, since) => {
      await outboxSettled(server.database.db);
      const found = inbox.slice(since).find((mail) => mail.to.includes(to));
      if (!found) {
        throw new Error(`no SMTP mail to ${to}`);
      }
      return found;
    };
    await walkTheWholeFlow(server, count, readMail);
    expect(server.logLines.some((line) => line.includes('outbox'))).toBe(false);
  });
});

describe(`the whole login flow with no SMTP_URL, through the outbox (${testEngineName()})`, () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('First the physician logs in with the PIN from the .eml file, then refreshes, a replay ends the session, then logs out', async () => {
    await walkTheWholeFlow(
      server,
      async () => (await readOutbox(server)).length,
      (to, since) => waitForOutboxMail(server, to, since),
    );
    const outboxLines = server.logLines.filter((line) => line.includes('mail written to outbox'));
    expect(outboxLines.length).toBe(2);
    expect(outboxLines[0]).toMatch(/outbox\/[^"]+\.eml/);
  });

  it('leaves no password, PIN, token or hash in any log line or audit row of that flow', async () => {
    const hashes = await server.database.db.selectFrom('users').select('passwordHash').execute();
    const pinHashes = await server.database.db.selectFrom('twoFactorChallenges').select('pinHash').execute();
    for (const row of [...hashes, ...pinHashes]) {
      remember(...Object.values(row).filter((value): value is string => typeof value === 'string'));
    }
    const auditRows = await server.database.db.selectFrom('auditLog').selectAll().execute();
    expect(auditRows.length).toBeGreaterThan(0);
    const haystacks = [...server.logLines, ...auditRows.map((row) => JSON.stringify(row))];
    expect(secrets.size).toBeGreaterThan(10);
    for (const secret of secrets) {
      const leaks = haystacks.filter((text) => text.includes(secret));
      expect(leaks, `a secret of length ${secret.length} leaked`).toEqual([]);
    }
  });
});
