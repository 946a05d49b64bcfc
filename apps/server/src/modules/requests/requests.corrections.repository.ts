import type { GraftRequestRow } from '../../db/types';
import type { Executor } from '../../db/executor';

// The SQL of corrections: the request's corrected fields and its history from the audit log.

/** Sets corrected fields of a request (its implantation date, patient code or reason, a date's zone). */
export async function updateRequest(
  executor: Executor,
  id: string,
  changes: Partial<
    Pick<
      GraftRequestRow,
      'implantedOn' | 'patientCode' | 'reason' | 'implantedTimeZone' | 'assignedTimeZone' | 'deliveredTimeZone'
    >
  > & { updatedAt: string },
): Promise<void> {
  await executor.updateTable('graftRequests').set(changes).where('id', '=', id).execute();
}

/** The request's audit rows, oldest first, with who wrote them. */
export function requestHistory(executor: Executor, id: string) {
  return executor
    .selectFrom('auditLog')
    .leftJoin('users', 'users.id', 'auditLog.actorUserId')
    .select(['auditLog.id', 'auditLog.action', 'auditLog.at', 'auditLog.before', 'auditLog.after', 'users.email'])
    .where('auditLog.targetType', '=', 'graftRequest')
    .where('auditLog.targetId', '=', id)
    .orderBy('auditLog.at')
    .orderBy('auditLog.id')
    .limit(500)
    .execute();
}
