import { webPaths, type AuditLogEntry } from '@graftmatch/domain';

// Where the audit log's names lead: a graft's history (by its LOT), the admin lists with the record
// selected, an import's log.

const ADMIN_LISTS: Readonly<Record<string, (query: { selected: string }) => string>> = {
  user: webPaths.adminUsers,
  clinic: webPaths.adminClinics,
  eute: webPaths.adminEutes,
};

/** The page of a row's target; null when it has none (a session, a mail, a waiting-list entry). */
export function auditTargetLink(entry: AuditLogEntry): string | null {
  if (entry.targetLot !== null) {
    return webPaths.graftHistory(entry.targetLot);
  }
  if (entry.targetId === null) {
    return null;
  }
  const list = ADMIN_LISTS[entry.targetType];
  if (list) {
    return list({ selected: entry.targetId });
  }
  return entry.targetType === 'importLog' ? webPaths.importLog(entry.targetId) : null;
}

/** The actor's entry in the user list. */
export const auditActorLink = (actorId: string) => webPaths.adminUsers({ selected: actorId });
