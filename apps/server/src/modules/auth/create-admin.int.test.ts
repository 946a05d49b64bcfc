import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app';
import { loginAs, readOutbox, waitForOutboxMail } from '../../../test/support/auth';
import { TestClient } from '../../../test/support/client';
import { testEngineName } from '../../../test/support/database';
import { runCli } from '../../../test/support/process';
import { createMailer } from '../../mail/mailer';
import { createMailSealer } from '../../mail/sealed-body';
import { createAuthDeps } from './auth.deps';
import { loadSigningSecret } from '../../identity/secrets';
import { createAdmin } from './first-admin.service';
import { sendInvitation } from './password.service';

describe(`the first administrator and invitations (${testEngineName()})`, () => {
  let server: TestApp;
  let deps: ReturnType<typeof createAuthDeps>;
  beforeAll(async () => {
    server = await startTestApp();
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const signingSecret = loadSigningSecret(server.config, log);
    deps = createAuthDeps({
      db: server.database.db,
      config: server.config,
      mailer: createMailer(server.config, { now: () => new Date(), sealer: createMailSealer(signingSecret) }),
      signingSecret,
      now: () => new Date(),
      log,
    });
  });
  afterAll(() => server.close());

  it('First create-admin prints a set-password link, then the admin sets a password with it and logs in with PIN', async () => {
    const { link } = await createAdmin(deps, {
      email: 'First.Admin@Hospital.example',
      firstName: 'Ada',
      lastName: 'Admin',
      language: 'en',
    });
    const token = /\/recover\/([A-Za-z0-9_-]+)$/.exec(link ?? '')?.[1];
    const browser = new TestClient(server.baseUrl);
    await browser.get('/api/health');
    expect((await browser.post(`/api/auth/recovery/${token}`, { password: 'the first admin passphrase' })).status).toBe(
      204,
    );
    const admin = await loginAs(server, 'first.admin@hospital.example', 'the first admin passphrase');
    expect(await (await admin.get('/api/users/getmyuser')).json()).toMatchObject({
      admin: true,
      email: 'first.admin@hospital.example',
    });
    await expect(
      createAdmin(deps, { email: 'first.admin@hospital.example', firstName: 'A', lastName: 'B', language: 'en' }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('takes a password instead, refusing a common one', async () => {
    await expect(
      createAdmin(deps, {
        email: 'weak@hospital.example',
        firstName: 'W',
        lastName: 'K',
        language: 'de',
        password: 'password123',
      }),
    ).rejects.toMatchObject({ status: 400 });
    const { link } = await createAdmin(deps, {
      email: 'second@hospital.example',
      firstName: 'S',
      lastName: 'A',
      language: 'de',
      password: 'a good admin passphrase',
    });
    expect(link).toBeNull();
    await loginAs(server, 'second@hospital.example', 'a good admin passphrase');
  });

  it('mails an invitation link (for the admin service) that sets the first password once', async () => {
    const { userId } = await createAdmin(deps, {
      email: 'invited@hospital.example',
      firstName: 'I',
      lastName: 'N',
      language: 'de',
      password: 'placeholder passphrase',
    });
    const since = (await readOutbox(server)).length;
    await sendInvitation(deps, userId, { userId: null, ip: null });
    const mail = await waitForOutboxMail(server, 'invited@hospital.example', since);
    expect(mail.subject).toBe('Ihr GraftMatch-Konto');
    const token = /\/recover\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    const browser = new TestClient(server.baseUrl);
    await browser.get('/api/health');
    expect((await browser.post(`/api/auth/recovery/${token}`, { password: 'my invited passphrase' })).status).toBe(204);
    expect((await browser.post(`/api/auth/recovery/${token}`, { password: 'my invited passphrase' })).status).toBe(400);
    await loginAs(server, 'invited@hospital.example', 'my invited passphrase');
  });
});

describe.runIf(testEngineName() === 'sqlite')('graftmatch create-admin on the command line', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates an admin on an empty database and prints the link, then refuses the same address', async () => {
    const args = ['create-admin', '--email', 'ops@hospital.example', '--first-name', 'Olga', '--last-name', 'Ops'];
    const env = { DATA_DIR: dataDir, PUBLIC_URL: 'https://graftmatch.hospital.example' };
    const first = await runCli(args, env, 60_000);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/https:\/\/graftmatch\.hospital\.example\/recover\/[A-Za-z0-9_-]{43}/);
    const second = await runCli(args, env, 60_000);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('exists already');
  }, 120_000);
});
