import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { shiftDate } from '@graftmatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaultStorage, type FaultStorage } from '../../test/faults/engine';
import { today } from '../../test/support/clinical';
import { testEngineName } from '../../test/support/database';
import { csvFile, graftCells } from '../../test/support/imports';
import { runCli } from '../../test/support/process';

// `graftmatch jobs list|run` (docs/operations.md "Jobs"): every job can be run now from the
// command line, and a run that finds nothing new sends nothing.

describe(`graftmatch jobs (${testEngineName()})`, { timeout: 120_000 }, () => {
  let storage: FaultStorage;
  const lot = 'CLI-EXPIRING-1';

  beforeAll(async () => {
    storage = await createFaultStorage();
    for (const command of ['migrate', 'seed-demo']) {
      const done = await runCli([command], storage.env, 60_000);
      expect(done.code, done.stderr).toBe(0);
    }
    // A free graft of the demo bank that expires in 20 days: inside its 30-day threshold.
    const file = path.join(storage.dataDir, 'expiring.csv');
    writeFileSync(file, csvFile([graftCells(lot, { e_Eute: 'DE000123', 'expiry.outValue': shiftDate(today(), 20) })]));
    const imported = await runCli(['import', file], storage.env, 60_000);
    expect(imported.code, imported.stdout + imported.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await storage?.dispose();
  });

  const reminderMails = () =>
    storage.select<{ recipient: string; text_body: string }>(
      `select recipient, text_body from mail_outbox where kind = 'reminder' order by created_at, id`,
    );

  it('lists every job with its interval and next run', async () => {
    const done = await runCli(['jobs', 'list'], storage.env, 30_000);
    expect(done.code, done.stderr).toBe(0);
    for (const name of [
      'request-lapse',
      'request-reminders',
      'expiry-reminders',
      'delivery-reminders',
      'waiting-list-reminders',
      'audit-checkpoint',
      'admin-reminders',
    ]) {
      expect(done.stdout).toMatch(new RegExp(`^${name}  every \\d+[mh]  last never  next `, 'm'));
    }
  });

  it('runs expiry-reminders twice in a row: the second run sends nothing', async () => {
    const first = await runCli(['jobs', 'run', 'expiry-reminders'], storage.env, 30_000);
    expect(first.code, first.stderr).toBe(0);
    const afterFirst = await reminderMails();
    const ofLot = afterFirst.filter((mail) => mail.text_body.includes(`Graft ${lot} expires`));
    // One mail per employee of the bank, the graft in it once.
    expect(ofLot.length).toBeGreaterThan(0);
    expect(new Set(ofLot.map((mail) => mail.recipient)).size).toBe(ofLot.length);
    expect(ofLot[0]?.text_body).toContain('(in 20 days)');

    const second = await runCli(['jobs', 'run', 'expiry-reminders'], storage.env, 30_000);
    expect(second.code, second.stderr).toBe(0);
    expect(await reminderMails()).toEqual(afterFirst);

    const listed = await runCli(['jobs', 'list'], storage.env, 30_000);
    expect(listed.stdout).toMatch(/^expiry-reminders {2}every 1h {2}last \d{4}-\d\d-\d\dT/m);
  });

  it('refuses a job it does not know, naming the ones it knows', async () => {
    const done = await runCli(['jobs', 'run', 'no-such-job'], storage.env, 30_000);
    expect(done.code).toBe(1);
    expect(done.stderr).toContain('no job named no-such-job');
    expect(done.stderr).toContain('expiry-reminders');
  });
});
