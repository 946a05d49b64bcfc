import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { escapeLikePattern } from '../../db/dialect';
import { auditRowsWithActor } from '../../queries/audit-log';

// The SQL of a graft's history: the graft, its requests, and the audit rows about them and its files.

/** The graft by lot with what decides who may read its history; undefined when unknown. */
export function findGraftForHistory(executor: Executor, lot: string) {
  return executor
    .selectFrom('grafts')
    .select(['id', 'eLot', 'euteId', 'clinicId'])
    .where('eLot', '=', lot)
    .executeTakeFirst();
}

/** Every request of the graft and the clinic that made it. */
export function requestsOfGraft(executor: Executor, graftId: string) {
  return executor.selectFrom('graftRequests').select(['id', 'clinicId']).where('graftId', '=', graftId).execute();
}

/**
 * The audit rows of the graft, of the given requests and of the graft's files, newest first, with the
 * actor's name. File rows name their graft only inside their JSON (`"lot":"…"`, as JSON.stringify writes
 * it), so they are found by a LIKE on that text with the wildcards escaped; the same SQL on both engines.
 */
export function graftAuditRows(executor: Executor, graft: { id: string; eLot: string }, requestIds: readonly string[]) {
  const lotText = `%${escapeLikePattern(`"lot":${JSON.stringify(graft.eLot)}`)}%`;
  return auditRowsWithActor(executor)
    .select(['auditLog.before', 'auditLog.after', 'users.email', 'users.firstName', 'users.lastName'])
    .where((eb) =>
      eb.or([
        eb.and([eb('auditLog.targetType', '=', 'graft'), eb('auditLog.targetId', '=', graft.id)]),
        ...(requestIds.length > 0
          ? [eb.and([eb('auditLog.targetType', '=', 'graftRequest'), eb('auditLog.targetId', 'in', requestIds)])]
          : []),
        eb.and([
          eb('auditLog.targetType', '=', 'graftFile'),
          eb.or([
            sql<boolean>`${sql.ref('auditLog.after')} like ${lotText} escape '\\'`,
            sql<boolean>`${sql.ref('auditLog.before')} like ${lotText} escape '\\'`,
          ]),
        ]),
      ]),
    )
    .orderBy('auditLog.at', 'desc')
    .orderBy('auditLog.seq', 'desc')
    .limit(2000)
    .execute();
}

export type GraftAuditRow = Awaited<ReturnType<typeof graftAuditRows>>[number];
