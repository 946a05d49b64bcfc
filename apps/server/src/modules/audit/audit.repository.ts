import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import { insertRows } from '../../db/insert-rows';
import type { DB, NewAuditLogRow } from '../../db/types';
import { GENESIS_HASH, chainHash } from './audit.chain';

/** An audit row before the chain gives it its place. */
export type UnchainedAuditRow = Omit<NewAuditLogRow, 'seq' | 'prevHash' | 'hash'> & {
  at: string;
  actorUserId: string | null;
  targetId: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
};

const AUDIT_CHUNK = 500;

/**
 * Appends a row per entry to the hash chain in `executor`'s transaction (one of its own when given none).
 * Moving the chain head first locks it until that transaction ends: on PostgreSQL the row lock
 * makes a second writer wait, on SQLite the write lock does; so no two writers take the same seq,
 * and a rollback gives the seqs back (docs/decisions.md, "Audit chain").
 */
export async function appendAuditRows<T>(
  executor: Executor,
  entries: readonly T[],
  toRow: (entry: T) => UnchainedAuditRow,
): Promise<void> {
  if (entries.length === 0) {
    return;
  }
  if (!executor.isTransaction) {
    await executor.transaction().execute((trx) => appendAuditRows(trx, entries, toRow));
    return;
  }
  const trx = executor as Transaction<DB>;
  const head = await trx
    .updateTable('auditChainHead')
    .set((eb) => ({ seq: eb('seq', '+', entries.length) }))
    .where('id', '=', 1)
    .returning('seq')
    .executeTakeFirstOrThrow();
  const first = Number(head.seq) - entries.length + 1;
  let prevHash = GENESIS_HASH;
  if (first > 1) {
    const previous = await trx
      .selectFrom('auditLog')
      .select('hash')
      .where('seq', '=', first - 1)
      .executeTakeFirst();
    if (!previous) {
      throw new Error(`the audit chain has no row ${first - 1}; run graftmatch audit verify`);
    }
    prevHash = previous.hash;
  }
  // Made, chained and written a chunk at a time: a large import writes one row per graft, and
  // holding them all at once would only cost memory.
  for (let start = 0; start < entries.length; start += AUDIT_CHUNK) {
    const chained = entries.slice(start, start + AUDIT_CHUNK).map((entry, index) => {
      const row = toRow(entry);
      const seq = first + start + index;
      const hash = chainHash(prevHash, { ...row, seq });
      const result = { ...row, seq, prevHash, hash };
      prevHash = hash;
      return result;
    });
    await insertRows(trx, 'auditLog', chained, AUDIT_CHUNK);
  }
}

/**
 * Up to `limit` chained rows after `afterSeq`, in chain order: verification reads the log in these.
 * Read without the camelCase mapping and renamed in SQL, which spares a million rows a copy each.
 */
export function readChainBatch(executor: Executor, afterSeq: number, limit: number) {
  return executor
    .withoutPlugins()
    .selectFrom('audit_log' as 'auditLog')
    .select(['seq', 'id', 'at', 'action', 'before', 'after', 'ip', 'hash'])
    .select(sql.ref<string | null>('actor_user_id').as('actorUserId'))
    .select(sql.ref<string>('target_type').as('targetType'))
    .select(sql.ref<string | null>('target_id').as('targetId'))
    .select(sql.ref<string>('prev_hash').as('prevHash'))
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** Rows the chain does not hold (no seq): none, unless written around the app. */
export async function countUnchainedRows(executor: Executor): Promise<number> {
  const row = await executor
    .selectFrom('auditLog')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('seq', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The last row of the chain, or undefined while the log is empty. */
export function readChainTip(executor: Executor) {
  return executor
    .selectFrom('auditLog')
    .select(['seq', 'hash'])
    .where('seq', 'is not', null)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function readChainHeadSeq(executor: Executor): Promise<number> {
  const row = await executor.selectFrom('auditChainHead').select('seq').where('id', '=', 1).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

export function listCheckpoints(executor: Executor) {
  return executor.selectFrom('auditCheckpoints').selectAll().orderBy('size').execute();
}

export function readLastCheckpoint(executor: Executor) {
  return executor.selectFrom('auditCheckpoints').selectAll().orderBy('size', 'desc').limit(1).executeTakeFirst();
}

/** Stores a checkpoint; another instance that stored the same size first wins. */
export async function insertCheckpoint(
  executor: Executor,
  row: { size: number; rootHash: string; at: string; note: string },
): Promise<void> {
  await executor
    .insertInto('auditCheckpoints')
    .values(row)
    .onConflict((conflict) => conflict.column('size').doNothing())
    .execute();
}
