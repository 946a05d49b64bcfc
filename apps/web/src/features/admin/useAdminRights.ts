import { useMe } from '../auth';

/** Admins change things; auditors (audit flag without admin) read everything and change nothing (docs/decisions.md §5). */
export function useAdminRights(): { canWrite: boolean } {
  const me = useMe();
  return { canWrite: me.data?.admin === true };
}
