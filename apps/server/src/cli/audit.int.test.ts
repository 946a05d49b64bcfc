import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaultStorage, type FaultStorage } from '../../test/faults/engine';
import { allowTampering, writeAuditRows } from '../../test/support/audit';
import { testEngineName } from '../../test/support/database';
import { runCli } from '../../test/support/process';
import { createDatabase, type Database } from '../db/database';
import { writeCheckpointIfDue } from '../modules/audit/audit.checkpoints';
import { loadAuditSigningKey } from '../modules/audit/audit.key';

// `graftmatch audit verify` as an auditor runs it: with the public key alone, and with a
// checkpoint kept outside the system (docs/security.md, "What verification proves").
describe(`graftmatch audit (${testEngineName()})`, { timeout: 120_000 }, () => {
  let storage: FaultStorage;
  let database: Database;
  const SIGNING_KEY = Buffer.alloc(32, 9).toString('base64');
  const file = (name: string, content: string) => {
    const where = path.join(storage.dataDir, name);
    writeFileSync(where, content);
    return where;
  };
  /** The command without the signing key: what an auditor who holds only the public key runs. */
  const verify = (...args: string[]) => runCli(['audit', 'verify', ...args], storage.env, 60_000);

  beforeAll(async () => {
    storage = await createFaultStorage();
    const migrated = await runCli(['migrate'], storage.env, 60_000);
    expect(migrated.code, migrated.stderr).toBe(0);
    database = storage.env.DATABASE_URL
      ? createDatabase({ engine: 'postgres', url: storage.env.DATABASE_URL })
      : createDatabase({ engine: 'sqlite', file: path.join(storage.dataDir, 'graftmatch.db') });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await storage?.dispose();
  });

  it('verifies with the printed public key, and a kept checkpoint proves that the tail was cut off', async () => {
    const keyEnv = { ...storage.env, AUDIT_SIGNING_KEY: SIGNING_KEY, PUBLIC_URL: 'https://graftmatch.example' };
    const printed = await runCli(['audit', 'public-key'], keyEnv, 60_000);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toMatch(/^graftmatch\.example\/audit\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}\n$/);
    const publicKey = file('audit.pub', printed.stdout);

    const key = loadAuditSigningKey(
      { auditSigningKey: SIGNING_KEY, dataDir: storage.dataDir, publicUrl: 'https://graftmatch.example' },
      { warn: () => undefined },
    );
    const deps = { db: database.db, key, now: () => new Date(), checkpointRows: 5, checkpointMinutes: 60 };
    await writeAuditRows(database.db, 5);
    expect(await writeCheckpointIfDue(deps, new Date())).toBe(5);
    await writeAuditRows(database.db, 7);
    expect(await writeCheckpointIfDue(deps, new Date())).toBe(12);

    const intact = await verify('--public-key', publicKey);
    expect(intact.code, intact.stderr).toBe(0);
    expect(intact.stdout).toBe('12 rows, 2 checkpoints, chain intact up to seq 12\n');
    // The summary in German: by --lang, or by the locale in LANG; --lang wins.
    const germanSummary = '12 Zeilen, 2 Checkpoints, Kette intakt bis Sequenz 12\n';
    expect((await verify('--public-key', publicKey, '--lang', 'de')).stdout).toBe(germanSummary);
    const byLocale = await runCli(['audit', 'verify', '--public-key', publicKey], {
      ...storage.env,
      LANG: 'de_DE.UTF-8',
    });
    expect(byLocale.stdout).toBe(germanSummary);
    const englishWins = await runCli(['audit', 'verify', '--public-key', publicKey, '--lang', 'en'], {
      ...storage.env,
      LANG: 'de_DE.UTF-8',
    });
    expect(englishWins.stdout).toBe('12 rows, 2 checkpoints, chain intact up to seq 12\n');
    const unknown = await verify('--public-key', publicKey, '--lang', 'fr');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/use de or en/);
    const noKey = await verify();
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toMatch(/no audit signing key is configured here; pass --public-key FILE/);

    const printedCheckpoint = await runCli(['audit', 'checkpoint'], storage.env, 60_000);
    expect(printedCheckpoint.stdout).toMatch(/^graftmatch\.example\/audit\n12\n[A-Za-z0-9+/]{43}=\n\n— /);
    const kept = file('checkpoint-12.txt', printedCheckpoint.stdout);

    // The attacker cuts rows 11 and 12, the checkpoint that covers them, and moves the head back.
    await database.db.transaction().execute(async (trx) => {
      await allowTampering(trx);
      await sql`delete from audit_log where seq > 10`.execute(trx);
      await sql`delete from audit_checkpoints where size > 10`.execute(trx);
      await sql`update audit_chain_head set seq = 10`.execute(trx);
    });
    const cut = await verify('--public-key', publicKey);
    expect(cut.code, cut.stderr).toBe(0);
    expect(cut.stdout).toBe('10 rows, 1 checkpoints, chain intact up to seq 10\n');
    const proven = await verify('--public-key', publicKey, '--checkpoint', kept);
    expect(proven.code).toBe(1);
    expect(proven.stderr).toMatch(
      /the given checkpoint \(size 12\) covers 12 rows but the log holds 10: rows from 11 on were removed/,
    );

    await database.db.transaction().execute(async (trx) => {
      await allowTampering(trx);
      await sql`update audit_log set ip = '10.0.0.99' where seq = 7`.execute(trx);
    });
    const changed = await verify('--public-key', publicKey);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toMatch(
      /^graftmatch: audit log NOT intact: row 7 \(id [0-9a-f-]{36}\) does not match its hash/,
    );
    const changedGerman = await verify('--public-key', publicKey, '--lang', 'de');
    expect(changedGerman.code).toBe(1);
    expect(changedGerman.stderr).toMatch(
      /^graftmatch: Audit-Log NICHT intakt: Zeile 7 \(ID [0-9a-f-]{36}\) passt nicht zu ihrem Hash: Sie wurde geändert oder eingefügt \(1 Checkpoints; Kette intakt bis Sequenz 6\)/,
    );
  });
});
