import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { SQLite } from '../../src/db/sqlite-module';
import type { Kysely } from 'kysely';
import { loadConfig } from '../../src/config/config';
import type { DB } from '../../src/db/types';
import { seedDemo } from '../../src/demo/seed-demo';
import { chainHash, GENESIS_HASH } from '../../src/modules/audit/audit.chain';
import { openDatabase } from '../../src/startup/startup';

// Large data for the fault suite, written straight into the database before the server starts
// (an import or a million requests would take most of the test's time): the demo data, then
// copies of it in bulk.

const GRAFT_BATCH = 500;

/** Opens the database of `env` as the server does (migrated), seeds the demo data, and runs `work` on it. */
export async function withDemoDatabase<T>(
  env: Record<string, string>,
  work: (db: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(loadConfig({ LOG_LEVEL: 'error', ...env }));
  try {
    await seedDemo(database.db);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** Adds copies of the bank's demo grafts, each with a lot of its own, until the bank holds `total`; answers its id. */
export async function fillBank(db: Kysely<DB>, euteNumber: string, total: number): Promise<string> {
  const bank = await db.selectFrom('eutes').select('id').where('euteNumber', '=', euteNumber).executeTakeFirstOrThrow();
  const models = await db.selectFrom('grafts').selectAll().where('euteId', '=', bank.id).orderBy('eLot').execute();
  const missing = total - models.length;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < missing; start += GRAFT_BATCH) {
      const rows = Array.from({ length: Math.min(GRAFT_BATCH, missing - start) }, (_, index) => {
        const n = start + index;
        const model = models[n % models.length]!;
        return { ...model, id: randomUUID(), eLot: `${model.eLot}-F${n}`, xLot: `${model.xLot}-F${n}` };
      });
      await trx.insertInto('grafts').values(rows).execute();
    }
  });
  return bank.id;
}

/**
 * Appends `count` valid rows to the audit chain of a SQLite data folder whose server is not
 * running: each row hashed onto the one before, as the server writes them, and the chain head
 * moved to the last. One transaction of prepared inserts written without a journal (a test's
 * throwaway file; the server turns WAL back on when it opens it).
 */
export function appendAuditChain(dataDir: string, count: number): void {
  const db = new SQLite(path.join(dataDir, 'graftmatch.db'));
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    const tip = db.prepare('select seq, hash from audit_log where seq is not null order by seq desc limit 1').get() as
      { seq: number; hash: string } | undefined;
    const insert = db.prepare(
      `insert into audit_log (id, seq, at, actor_user_id, action, target_type, target_id, before, after, ip, prev_hash, hash)
       values (@id, @seq, @at, @actorUserId, @action, @targetType, @targetId, @before, @after, @ip, @prevHash, @hash)`,
    );
    db.transaction(() => {
      let prevHash = tip?.hash ?? GENESIS_HASH;
      const first = (tip?.seq ?? 0) + 1;
      const start = Date.parse('2026-01-01T00:00:00.000Z');
      const targetId = randomUUID();
      for (let seq = first; seq < first + count; seq += 1) {
        const row = {
          id: randomUUID(),
          seq,
          at: new Date(start + seq * 1000).toISOString(),
          actorUserId: null,
          action: 'graft.import',
          targetType: 'graft',
          targetId,
          before: null,
          after: JSON.stringify({ t_Dproximal: 20 + (seq % 10), note: 'bulk' }),
          ip: '127.0.0.1',
        };
        const hash = chainHash(prevHash, row);
        insert.run({ ...row, prevHash, hash });
        prevHash = hash;
      }
      db.prepare('update audit_chain_head set seq = ? where id = 1').run(first + count - 1);
    })();
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
}
