import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngineName, type TestDatabase } from '../../../test/support/database';
import type { DB } from '../../db/types';
import { chainHash } from './audit.chain';
import { writeCheckpointIfDue } from './audit.checkpoints';
import { signingKeyFromSeed } from './audit.note';
import { recordAudit } from './audit.service';
import { verifyAuditLog, type AuditVerification } from './audit.verify';
import { allowTampering, writeAuditRows } from '../../../test/support/audit';

const key = signingKeyFromSeed('graftmatch.test/audit', Buffer.alloc(32, 3));
const ROWS = 10;

/** Runs `tamper` as an attacker with database access would, verifies, and rolls all of it back. */
async function verifiedAfter(
  db: Kysely<DB>,
  tamper: (trx: Kysely<DB>) => Promise<unknown>,
): Promise<AuditVerification> {
  let result: AuditVerification | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      await allowTampering(trx);
      await tamper(trx);
      result = await verifyAuditLog(trx, { publicKey: key.publicKey });
      throw new Error('rolled back');
    })
    .catch((error: unknown) => {
      if ((error as Error).message !== 'rolled back') {
        throw error;
      }
    });
  if (!result) {
    throw new Error('no verification');
  }
  return result;
}

const flipOneByte = (text: string) => {
  const at = Math.floor(text.length / 2);
  return text.slice(0, at) + String.fromCharCode(text.charCodeAt(at) ^ 1) + text.slice(at + 1);
};

describe(`the tamper-evident audit log (${testEngineName()})`, () => {
  let test: TestDatabase;
  let db: Kysely<DB>;
  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.database.db;
    await writeAuditRows(db, ROWS);
    const deps = { db, key, now: () => new Date(), checkpointRows: 1000, checkpointMinutes: 60 };
    expect(await writeCheckpointIfDue(deps, new Date(), true)).toBe(ROWS);
  });
  afterAll(() => test.cleanup());

  it('verifies an intact log with the public key alone', async () => {
    const result = await verifyAuditLog(db, { publicKey: key.publicKey });
    expect(result).toMatchObject({ ok: true, rows: ROWS, checkpoints: 1, verifiedUpTo: ROWS, failure: null });
    expect(result.summary).toBe('10 rows, 1 checkpoints, chain intact up to seq 10');
  });

  const TEXT_COLUMNS = ['id', 'at', 'actor_user_id', 'action', 'target_type', 'target_id', 'before', 'after', 'ip'];
  it.each([...TEXT_COLUMNS, 'prev_hash', 'hash'])('names row 5 when one byte of its %s is flipped', async (column) => {
    const result = await verifiedAfter(db, async (trx) => {
      const row = await sql<{
        value: unknown;
      }>`select ${sql.ref(column)} as value from audit_log where seq = 5`.execute(trx);
      const value = row.rows[0]?.value;
      expect(typeof value).toBe('string');
      await sql`update audit_log set ${sql.ref(column)} = ${flipOneByte(String(value))} where seq = 5`.execute(trx);
    });
    expect(result).toMatchObject({ ok: false, verifiedUpTo: 4, failure: { kind: 'hash', seq: 5 } });
  });

  it('names the gap when a row is deleted or its seq changed', async () => {
    const deleted = await verifiedAfter(db, (trx) => sql`delete from audit_log where seq = 5`.execute(trx));
    expect(deleted.failure).toMatchObject({
      kind: 'gap',
      seq: 5,
      message: 'row 5 is missing: after row 4 comes row 6',
    });
    const moved = await verifiedAfter(db, (trx) =>
      sql`update audit_log set seq = seq + 65536 where seq = 5`.execute(trx),
    );
    expect(moved.failure).toMatchObject({ kind: 'gap', seq: 5 });
  });

  it('names the first swapped row when two rows trade places', async () => {
    const result = await verifiedAfter(db, async (trx) => {
      await sql`update audit_log set seq = -3 where seq = 3`.execute(trx);
      await sql`update audit_log set seq = 3 where seq = 7`.execute(trx);
      await sql`update audit_log set seq = 7 where seq = -3`.execute(trx);
    });
    expect(result.failure).toMatchObject({ kind: 'hash', seq: 3 });
  });

  it('names the row put in the middle, or the first row after it when its hash was forged to fit', async () => {
    const insertAt5 = async (trx: Kysely<DB>, forge: boolean) => {
      await sql`update audit_log set seq = -seq where seq >= 5`.execute(trx);
      await sql`update audit_log set seq = 1 - seq where seq < 0`.execute(trx);
      const previous = await trx.selectFrom('auditLog').select('hash').where('seq', '=', 4).executeTakeFirstOrThrow();
      const row = {
        seq: 5,
        id: '00000000-0000-4000-8000-000000000005',
        at: '2026-11-26T12:00:00.000Z',
        actorUserId: null,
        action: 'graft.update',
        targetType: 'graft',
        targetId: 'forged',
        before: null,
        after: '{"tStatus":"implanted"}',
        ip: null,
      };
      const hash = forge ? chainHash(previous.hash, row) : 'f'.repeat(64);
      await trx
        .insertInto('auditLog')
        .values({ ...row, prevHash: previous.hash, hash })
        .execute();
    };
    expect((await verifiedAfter(db, (trx) => insertAt5(trx, false))).failure).toMatchObject({ kind: 'hash', seq: 5 });
    expect((await verifiedAfter(db, (trx) => insertAt5(trx, true))).failure).toMatchObject({ kind: 'hash', seq: 6 });
  });

  it('catches a chain rewritten to fit from row 5 on by the signed checkpoint', async () => {
    const result = await verifiedAfter(db, async (trx) => {
      await sql`update audit_log set after = '{"forged":true}' where seq = 5`.execute(trx);
      const rows = await trx.selectFrom('auditLog').selectAll().orderBy('seq').execute();
      let prevHash = rows[0]?.prevHash ?? '';
      for (const row of rows) {
        const hash = chainHash(prevHash, { ...row, seq: Number(row.seq) });
        await trx.updateTable('auditLog').set({ prevHash, hash }).where('seq', '=', row.seq).execute();
        prevHash = hash;
      }
    });
    expect(result.failure).toMatchObject({ kind: 'checkpoint', seq: ROWS });
    expect(result.failure?.message).toMatch(/^checkpoint 10 \(.*\) signed another log/);
  });

  it('refuses a checkpoint whose signature was changed, and one of another key', async () => {
    const changed = await verifiedAfter(db, (trx) =>
      sql`update audit_checkpoints set note = replace(note, '\n10\n', '\n9\n')`.execute(trx),
    );
    expect(changed.failure).toMatchObject({ kind: 'checkpoint', seq: ROWS });
    const other = signingKeyFromSeed('graftmatch.test/audit', Buffer.alloc(32, 4));
    const result = await verifyAuditLog(db, { publicKey: other.publicKey });
    expect(result.failure?.message).toMatch(/does not verify: it carries no signature of this public key/);
  });

  it('refuses UPDATE, DELETE of audit rows and checkpoints through the app connection', async () => {
    const refused = /append-only/;
    await expect(db.updateTable('auditLog').set({ action: 'x' }).where('seq', '=', 1).execute()).rejects.toThrow(
      refused,
    );
    await expect(db.deleteFrom('auditLog').where('seq', '=', ROWS).execute()).rejects.toThrow(refused);
    await expect(db.deleteFrom('auditCheckpoints').execute()).rejects.toThrow(refused);
    await expect(db.updateTable('auditCheckpoints').set({ note: 'x' }).execute()).rejects.toThrow(refused);
    if (test.database.engine === 'postgres') {
      await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(refused);
    }
    expect((await verifyAuditLog(db, { publicKey: key.publicKey })).ok).toBe(true);
  });

  it('gives the seqs of a rolled-back write back, so the chain stays without gaps', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          actorUserId: null,
          action: 'user.update',
          targetType: 'user',
          targetId: null,
          ip: null,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await recordAudit(db, {
      actorUserId: null,
      action: 'user.deactivate',
      targetType: 'user',
      targetId: null,
      ip: null,
    });
    expect(await verifyAuditLog(db, { publicKey: key.publicKey })).toMatchObject({ ok: true, rows: ROWS + 1 });
  });
});
