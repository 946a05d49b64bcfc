import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@graftmatch/domain';
import { getMyUser } from './api';

export const meKey = ['me'] as const;

export const meQuery = queryOptions({ queryKey: meKey, queryFn: getMyUser, staleTime: 5 * 60_000, retry: false });

/** The signed-in user; guards and the layout share this one query. */
export function useMe(enabled = true) {
  return useQuery({ ...meQuery, enabled });
}

export interface Areas {
  clinic: boolean;
  eute: boolean;
  admin: boolean;
  /** Importing grafts: tissue-bank employees (into their banks) and admins (into any). */
  imports: boolean;
  /** Reading import logs: importers, and auditors, who read everything. */
  importLogs: boolean;
}

export type Area = keyof Areas;

/**
 * Which areas a user may open (docs/decisions.md §5): auditors read every area (the clinics' and
 * the tissue banks' of all of them), and import nothing.
 */
export function areasOf(user: User): Areas {
  const imports = user.eutes.length > 0 || user.admin;
  return {
    clinic: user.clinics.length > 0 || user.audit,
    eute: user.eutes.length > 0 || user.audit,
    admin: user.admin || user.audit,
    imports,
    importLogs: imports || user.audit,
  };
}

/**
 * Auditors change nothing in the clinic and tissue-bank areas (the server refuses their writes), so
 * no write action is offered to them there.
 */
export function useReadOnly(): boolean {
  // Read from the cache only: RequireUser has loaded the user before any page shows.
  return useMe(false).data?.audit === true;
}
