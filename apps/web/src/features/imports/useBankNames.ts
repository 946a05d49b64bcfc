import { useQuery } from '@tanstack/react-query';
import { listEutes, adminKeys } from '../admin';
import { useMe } from '../auth';

/** Bank names by id: the user's own, and every bank for admins and auditors. */
export function useBankNames(): (id: string | null) => string {
  const me = useMe();
  const all = Boolean(me.data && (me.data.admin || me.data.audit));
  const eutes = useQuery({ queryKey: adminKeys.eutes('all'), queryFn: () => listEutes('all'), enabled: all });
  const names = new Map<string, string>();
  for (const eute of [...(me.data?.eutes ?? []), ...(eutes.data ?? [])]) {
    names.set(eute.id, eute.name);
  }
  return (id) => (id === null ? '–' : (names.get(id) ?? id));
}
