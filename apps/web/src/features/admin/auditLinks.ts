import type { AuditLogEntry } from '@graftmatch/domain';

// Where the audit log's names lead: a graft's history (by its LOT), the admin lists with the record
// selected, an import's log.

const ADMIN_LISTS: Readonly<Record<string, string>> = {
  user: '/home/admin/users',
  clinic: '/home/admin/clinics',
  eute: '/home/admin/eutes',
};

/** The page of a row's target; null when it has none (a session, a mail, a waiting-list entry). */
export function auditTargetLink(entry: AuditLogEntry): string | null {
  if (entry.targetLot !== null) {
    return `/home/grafts/${encodeURIComponent(entry.targetLot)}/history`;
  }
  if (entry.targetId === null) {
    return null;
  }
  const list = ADMIN_LISTS[entry.targetType];
  if (list) {
    return `${list}?selected=${encodeURIComponent(entry.targetId)}`;
  }
  return entry.targetType === 'importLog' ? `/home/imports/logs/${encodeURIComponent(entry.targetId)}` : null;
}

/** The actor's entry in the user list. */
export const auditActorLink = (actorId: string) => `${ADMIN_LISTS.user}?selected=${encodeURIComponent(actorId)}`;
