import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailTransport } from './transport';
import { invitationMail, recoveryMail } from './templates/password-link';
import { twoFactorPinMail } from './templates/two-factor-pin';

describe('mail without SMTP_URL', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('writes an .eml file only its owner can read into <dataDir>/outbox and logs its name, never its content', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-mail-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const transport = createMailTransport(
      {
        smtpUrl: undefined,
        smtpFrom: 'GraftMatch <no-reply@x.example>',
        dataDir,
        smtpMaxConnections: 3,
        smtpConnectionTimeoutSeconds: 1,
        smtpGreetingTimeoutSeconds: 1,
        smtpSocketTimeoutSeconds: 1,
      },
      {
        info: (details, message) => lines.push(JSON.stringify({ ...details, message })),
        warn: () => undefined,
        error: () => undefined,
      },
    );
    await transport.deliver({
      to: 'dr.berg@clinic.example',
      subject: 'Secret subject',
      text: 'PIN 123456',
      html: '<p>PIN 123456</p>',
      messageId: '<mail-1@x.example>',
    });
    const [file] = readdirSync(path.join(dataDir, 'outbox'));
    expect(file).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dataDir, 'outbox', file ?? ''), 'utf8');
    expect(eml).toContain('To: dr.berg@clinic.example');
    expect(eml).toContain('multipart/alternative');
    expect(eml).toContain('Message-ID: <mail-1@x.example>');
    expect(statSync(path.join(dataDir, 'outbox', file ?? '')).mode & 0o777).toBe(0o600);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(file);
    expect(lines[0]).not.toMatch(/123456|Secret subject|dr\.berg/);
  });
});

describe('mail templates', () => {
  it('speaks the user language, and escapes names in the HTML body', () => {
    const en = twoFactorPinMail('en', { name: 'Dr. <b>Berg</b>', pin: '042424', validMinutes: 10 });
    const de = twoFactorPinMail('de', { name: 'Dr. Kaya', pin: '042424', validMinutes: 10 });
    expect(en.subject).toBe('Your GraftMatch login PIN');
    expect(de.subject).toBe('Ihre GraftMatch-Anmelde-PIN');
    expect(en.text).toContain('042424');
    expect(en.html).toContain('Dr. &lt;b&gt;Berg&lt;/b&gt;');
    expect(en.html).not.toContain('<b>Berg');
    expect(de.text).toContain('10 Minuten');
  });

  it('puts the link in both bodies of the recovery and invitation mails', () => {
    const link = 'https://graftmatch.example/recover/abc_DEF-123';
    for (const mail of [
      recoveryMail('en', { name: 'A', link, validMinutes: 60 }),
      recoveryMail('de', { name: 'A', link, validMinutes: 60 }),
      invitationMail('en', { name: 'A', link, validDays: 7 }),
      invitationMail('de', { name: 'A', link, validDays: 7 }),
    ]) {
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
    }
  });
});
