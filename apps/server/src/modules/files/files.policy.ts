import type { GraftRow } from '../../db/types';
import type { Principal } from '../../identity/principal';

// Who may read and change a graft's files (docs/api.md, "Files"). Reading follows the graft
// (docs/decisions.md §5): physicians see Free grafts and their clinics' grafts, employees their banks'
// grafts, auditors all. The graft's bank employees change its files, and admins, who maintain the
// data, read and change every graft's files.

export type FileAccess = 'none' | 'read' | 'write';

/** `freeForPhysicians`: the graft is Free and its bank active, so every physician sees it. */
export function fileAccess(
  caller: Principal,
  graft: Pick<GraftRow, 'euteId' | 'clinicId'>,
  freeForPhysicians: boolean,
): FileAccess {
  if (caller.admin || caller.euteIds.includes(graft.euteId)) {
    return 'write';
  }
  if (caller.audit) {
    return 'read';
  }
  const physician = caller.clinicIds.length > 0;
  const ownClinic = graft.clinicId !== null && caller.clinicIds.includes(graft.clinicId);
  return physician && (freeForPhysicians || ownClinic) ? 'read' : 'none';
}

/** Whether the answer needs the (costlier) Free check: only a physician outside the graft's bank and clinic. */
export function needsFreeCheck(caller: Principal, graft: Pick<GraftRow, 'euteId' | 'clinicId'>): boolean {
  return fileAccess(caller, graft, false) === 'none' && caller.clinicIds.length > 0;
}
