import { sql, type Kysely } from 'kysely';
import { engineOf } from '../../src/db/dialect';
import type { DB } from '../../src/db/types';
import { recordAudits } from '../../src/modules/audit/audit.service';

/** `count` audit rows with every column filled, written in one change. */
export async function writeAuditRows(
  db: Kysely<DB>,
  count: number,
  firstAt = Date.UTC(2026, 10, 26, 9),
): Promise<void> {
  await recordAudits(
    db,
    Array.from({ length: count }, (_, index) => ({
      actorUserId: `user-${index % 3}`,
      action: index % 2 ? 'waitinglist.add' : 'graft.import.update',
      targetType: index % 2 ? 'waitingListEntry' : 'graft',
      targetId: `target-${index}`,
      before: { tStatus: 'free', n: index },
      after: { tStatus: 'reserved', note: 'Ärztin — ok', n: index },
      ip: `10.0.0.${index % 250}`,
      at: new Date(firstAt + index * 1000),
    })),
  );
}

/**
 * Lifts the append-only triggers inside `trx`, as an attacker with the database's owner rights
 * could: the tests show that verification still finds the change.
 */
export async function allowTampering(trx: Kysely<DB>): Promise<void> {
  for (const table of ['audit_log', 'audit_checkpoints']) {
    if (engineOf(trx) === 'postgres') {
      await sql`alter table ${sql.table(table)} disable trigger user`.execute(trx);
    } else {
      await sql.raw(`drop trigger if exists ${table}_no_update`).execute(trx);
      await sql.raw(`drop trigger if exists ${table}_no_delete`).execute(trx);
    }
  }
}
