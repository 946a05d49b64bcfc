import { useState } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ActiveFilter } from './api';
import { useSelection } from './shared';

// TanStack Query's own guard against function-valued data, which it does not export.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type PlaceholderOf<T> = (T extends Function ? never : T) | undefined;

/**
 * The state every admin list page shares: the all/active/inactive filter, the typed filter text,
 * the selected item (kept in the URL) and its detail, shown from the list at once while the full
 * detail loads.
 */
export function useListWithDetail<T extends { id: string }>(source: {
  listKey: (status: ActiveFilter) => QueryKey;
  list: (status: ActiveFilter) => Promise<T[]>;
  detailKey: (id: string) => QueryKey;
  detail: (id: string) => Promise<T>;
}) {
  const [status, setStatus] = useState<ActiveFilter>('all');
  const [text, setText] = useState('');
  const [selectedId, select] = useSelection();
  const list = useQuery({ queryKey: source.listKey(status), queryFn: () => source.list(status) });
  const detail = useQuery({
    queryKey: source.detailKey(selectedId ?? ''),
    queryFn: () => source.detail(selectedId!),
    enabled: selectedId !== null,
    placeholderData: list.data?.find((item) => item.id === selectedId) as PlaceholderOf<T>,
  });
  return { status, setStatus, text, setText, selectedId, select, list, detail, selected: detail.data };
}
