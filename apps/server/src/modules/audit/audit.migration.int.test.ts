import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  migrateBesideOtherFiles,
  migrateToJustBefore,
  testEngineName,
  type TestDatabase,
} from '../../../test/support/database';
import { migrateToLatest } from '../../db/migrate';
import { migrations } from '../../db/migrations';
import type { DB } from '../../db/types';
import { writeCheckpointIfDue } from './audit.checkpoints';
import { signingKeyFromSeed } from './audit.note';
import { recordAudit } from './audit.service';
import { verifyAuditLog } from './audit.verify';

// Migration 2026-11-26-tamper-evident-audit chains the rows written before it, in the order of
// their time and id, so that the chain covers them and the writers after it continue it.
const CHAIN_MIGRATION = '2026-11-26-tamper-evident-audit';

describe(`the migration that chains the audit rows of before (${testEngineName()})`, () => {
  let test: TestDatabase;
  let db: Kysely<DB>;
  const key = signingKeyFromSeed('graftmatch.test/audit', Buffer.alloc(32, 6));
  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.database.db;
  });
  afterAll(() => test.cleanup());

  it('chains the existing rows by time and id, and the app continues the chain', async () => {
    await migrateToJustBefore(test, CHAIN_MIGRATION);
    for (const [id, at] of [
      ['b', '2026-11-20T10:00:00.000Z'],
      ['c', '2026-11-20T09:00:00.000Z'],
      ['a', '2026-11-20T10:00:00.000Z'],
    ]) {
      await sql`insert into audit_log (id, at, action, target_type, after) values (${id}, ${at}, 'legacy', 'graft', '{"n":1}')`.execute(
        db,
      );
    }
    // The chain's migration, and any added after it.
    expect(await migrateBesideOtherFiles(() => migrateToLatest(db))).toEqual(
      Object.keys(migrations)
        .sort()
        .filter((name) => name >= CHAIN_MIGRATION),
    );

    const chained = await db.selectFrom('auditLog').select(['id', 'seq']).orderBy('seq').execute();
    expect(chained.map((row) => [row.id, Number(row.seq)])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
    await recordAudit(db, {
      actorUserId: null,
      action: 'graft.import.update',
      targetType: 'graft',
      targetId: null,
      ip: null,
    });
    const deps = { db, key, now: () => new Date(), checkpointRows: 1, checkpointMinutes: 60 };
    expect(await writeCheckpointIfDue(deps, new Date())).toBe(4);
    expect(await verifyAuditLog(db, { publicKey: key.publicKey })).toMatchObject({ ok: true, rows: 4, checkpoints: 1 });
  });
});
