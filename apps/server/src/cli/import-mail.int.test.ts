import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaultStorage, type FaultStorage } from '../../test/faults/engine';
import { testEngineName } from '../../test/support/database';
import { csvFile, graftCells } from '../../test/support/imports';
import { startSilentServer } from '../../test/support/mail';
import { runCli } from '../../test/support/process';

// `graftmatch import` only queues its match mails (docs/operations.md "Mail"): with SMTP_URL
// pointing at a mail server that takes the connection and never answers, it still exits at once.

interface OpenEntry {
  query_type: number;
  query_d_min: number;
  query_d_max: number;
  query_l_min: number;
}

describe(`graftmatch import with a mail server that never answers (${testEngineName()})`, { timeout: 120_000 }, () => {
  let storage: FaultStorage;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;

  beforeAll(async () => {
    storage = await createFaultStorage();
    silent = await startSilentServer();
    for (const command of ['migrate', 'seed-demo']) {
      const done = await runCli([command], storage.env, 60_000);
      expect(done.code, done.stderr).toBe(0);
    }
  }, 120_000);
  afterAll(async () => {
    await silent?.close();
    await storage?.dispose();
  });

  it('queues the match mails and exits without waiting for the mail server', async () => {
    // Grafts that fit open demo entries without branch limits, whose owners take match mails.
    const entries = await storage.select<OpenEntry>(
      `select query_type, query_d_min, query_d_max, query_l_min from waiting_list_entries e
         join users u on u.id = e.owner_user_id
        where e.closed_at is null and e.query_l_l_min = 0 and e.query_l_r_min = 0 and u.match_mails = 1
        order by e.id limit 20`,
    );
    expect(entries.length).toBeGreaterThan(0);
    const rows = entries.map((entry, index) =>
      graftCells(`CLI-MAIL-${index}`, {
        e_Eute: 'DE000123',
        t_ProdName_2: entry.query_type,
        t_Dproximal: (Number(entry.query_d_min) + Number(entry.query_d_max)) / 2,
        t_Lmin: Number(entry.query_l_min),
        t_Lmax: Number(entry.query_l_min) + 10,
        'expiry.outValue': '2099-01-01',
      }),
    );
    const file = path.join(storage.dataDir, 'match.csv');
    writeFileSync(file, csvFile(rows));

    const done = await runCli(['import', file], { ...storage.env, SMTP_URL: silent.url }, 60_000);
    expect(done.code, done.stdout + done.stderr).toBe(0);
    // Process start included; the mail server's 30 s socket timeout is never waited for.
    expect(done.elapsedMs).toBeLessThan(10_000);
    const queued = await storage.select<{ state: string }>(`select state from mail_outbox where kind = 'match'`);
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.every((row) => row.state === 'queued')).toBe(true);
  });
});
