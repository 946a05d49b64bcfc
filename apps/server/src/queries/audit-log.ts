import type { Executor } from '../db/executor';

// The audit rows as the homes and a graft's history show them, with who acted (the audit module
// writes them; docs/architecture.md "Who writes which table").

/** Audit rows with what each reader shows: when, what, on what; the actor joined as `users`, none for the system. */
export function auditRowsWithActor(executor: Executor) {
  return executor
    .selectFrom('auditLog')
    .leftJoin('users', 'users.id', 'auditLog.actorUserId')
    .select(['auditLog.id', 'auditLog.at', 'auditLog.action', 'auditLog.targetType', 'auditLog.targetId']);
}
