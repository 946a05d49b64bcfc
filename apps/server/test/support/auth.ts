import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { seedDemo, type SeedDemoSummary } from '../../src/demo/seed-demo';
import { outboxDir } from '../../src/mail/mailer';
import { createMailSealer } from '../../src/mail/sealed-body';
import { loadSigningSecret } from '../../src/identity/secrets';
import type { TestApp } from './app';
import { outboxSettled } from './mail';
import { testPasswordHash } from './passwords';
import { TestClient } from './client';

/** The password of every demo account, and of users made by `createTestUser` unless given. */
export const TEST_PASSWORD = 'demo-graftmatch';

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

async function outboxFiles(server: TestApp): Promise<string[]> {
  try {
    return (await readdir(outboxDir(server.config))).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

async function parseMail(file: string): Promise<ReceivedMail> {
  const mail = await simpleParser(await readFile(file));
  const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
  return {
    file,
    to,
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
  };
}

/** Every mail in the app's outbox (no SMTP_URL), oldest first, once the mail worker has written all queued ones. */
export async function readOutbox(server: TestApp): Promise<ReceivedMail[]> {
  await outboxSettled(server.database.db);
  const dir = outboxDir(server.config);
  return Promise.all((await outboxFiles(server)).map((name) => parseMail(path.join(dir, name))));
}

/**
 * Waits for the newest mail to `to` that arrived after `since` (a result of `readOutbox`'s
 * length, or 0). Mails are sent by the mail worker, so this polls briefly.
 */
export async function waitForOutboxMail(
  server: TestApp,
  to: string,
  since = 0,
  timeoutMs = 5000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readOutbox(server)).slice(since).filter((mail) => mail.to.includes(to));
    const newest = mails.at(-1);
    if (newest) {
      return newest;
    }
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${to} arrived in the outbox within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const pinOf = (mail: { text: string }): string => {
  const pin = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!pin) {
    throw new Error('the mail holds no 6-digit PIN');
  }
  return pin;
};

export const basicAuth = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`, 'utf8').toString('base64')}`;

/**
 * The text of the PIN mail of login attempt `twoFactorId`, as its user would read it: the mail the
 * app's transport accepted, or while it still waits (a mail server that never takes it), its sealed
 * body opened with the app's key. The outbox row alone holds no readable PIN.
 */
export async function pinMailText(server: TestApp, twoFactorId: string, timeoutMs = 10_000): Promise<string> {
  const sealer = createMailSealer(loadSigningSecret(server.config, { warn: () => undefined }));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await server.database.db
      .selectFrom('mailOutbox')
      .select(['id', 'messageId', 'state', 'textBody'])
      .where('reference', '=', twoFactorId)
      .executeTakeFirstOrThrow();
    // The transport's record first: it is written before the row is marked sent and emptied.
    const sent = server.sentMails.get(row.messageId);
    if (sent) {
      return sent.text;
    }
    if (row.textBody !== '') {
      return sealer.open(row.id, row.textBody);
    }
    if (row.state === 'failed' || Date.now() > deadline) {
      throw new Error(`the PIN mail of ${twoFactorId} is ${row.state} and was not seen sent`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Logs in through the real flow: Basic login, the PIN read from its mail as the app's transport
 * handed it over (so it works with any transport; the outbox row keeps no readable PIN), two-factor.
 * Answers a client holding the access token (`accessToken`), the refresh cookie and the
 * anti-forgery cookie.
 */
export async function loginAs(server: TestApp, email: string, password = TEST_PASSWORD): Promise<TestClient> {
  const client = new TestClient(server.baseUrl);
  const login = await client.get('/api/auth/login', { headers: { authorization: basicAuth(email, password) } });
  if (login.status !== 200) {
    throw new Error(`loginAs(${email}): login answered ${login.status} ${await login.text()}`);
  }
  const { twoFactor_Token, twoFactorId } = (await login.json()) as { twoFactor_Token: string; twoFactorId: string };
  const answer = await client.post(
    '/api/auth/twofactor',
    { passwordid: twoFactorId, password: pinOf({ text: await pinMailText(server, twoFactorId) }) },
    { headers: { authorization: `Bearer ${twoFactor_Token}` } },
  );
  if (answer.status !== 200) {
    throw new Error(`loginAs(${email}): twofactor answered ${answer.status} ${await answer.text()}`);
  }
  client.accessToken = ((await answer.json()) as { access_Token: string }).access_Token;
  return client;
}

/** The demo data (users with password `demo-graftmatch`, clinics, eutes, grafts) in the app's database. */
export async function seedDemoInto(server: TestApp): Promise<SeedDemoSummary> {
  return seedDemo(server.database.db, { force: true, passwordHash: await testPasswordHash(TEST_PASSWORD) });
}

export interface TestUserInput {
  email?: string;
  password?: string | null;
  firstName?: string;
  lastName?: string;
  language?: 'en' | 'de';
  active?: boolean;
  admin?: boolean;
  audit?: boolean;
  twoFactorTarget?: string;
  clinicIds?: string[];
  euteIds?: string[];
}

/** Inserts one user directly (no admin API needed); answers its id and email. */
export async function createTestUser(
  server: TestApp,
  input: TestUserInput = {},
): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = (input.email ?? `user-${id.slice(0, 8)}@clinic.example`).toLowerCase();
  const at = new Date().toISOString();
  const password = input.password === undefined ? TEST_PASSWORD : input.password;
  const db = server.database.db;
  await db
    .insertInto('users')
    .values({
      id,
      email,
      passwordHash: password === null ? null : await testPasswordHash(password),
      title: null,
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? 'User',
      phone: null,
      language: input.language ?? 'en',
      active: input.active === false ? 0 : 1,
      admin: input.admin ? 1 : 0,
      audit: input.audit ? 1 : 0,
      twoFactorTarget: input.twoFactorTarget ?? email,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  for (const clinicId of input.clinicIds ?? []) {
    await db.insertInto('clinicMembers').values({ userId: id, clinicId }).execute();
  }
  for (const euteId of input.euteIds ?? []) {
    await db.insertInto('euteMembers').values({ userId: id, euteId }).execute();
  }
  return { id, email };
}

/** Inserts an active (or inactive) clinic; answers its id. */
export async function createTestClinic(
  server: TestApp,
  input: { name?: string; active?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await server.database.db
    .insertInto('clinics')
    .values({
      id,
      cName: input.name ?? `Clinic ${id.slice(0, 8)}`,
      active: input.active === false ? 0 : 1,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  return id;
}
