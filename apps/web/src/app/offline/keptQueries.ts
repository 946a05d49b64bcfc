import { partialMatchKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ListStatus, type Graft } from '@graftmatch/domain';
import { meKey } from '../../features/auth';
import { clinicKeys } from '../../features/clinic/keys';
import { euteKeys } from '../../features/eute/keys';
import { graftHistoryKeys } from '../../features/grafts/GraftHistory';
import { followUpKeys } from '../../features/followups/keys';
import { dashboardKeys } from '../../features/home/keys';
import { notificationKeys } from '../../features/notifications/keys';
import { requestKeys } from '../../features/requests/keys';

type Rule = { prefix: QueryKey; keeps?: (query: Query) => boolean };

// Paged lists end their key with the page number (components/usePages.ts).
const firstPage = (query: Query) => query.queryKey.at(-1) === 1;
// A Free graft is another bank's stock seen in a search; a graft of the clinic is never Free.
const ownGraft = (query: Query) => (query.state.data as Graft | undefined)?.listStatus !== ListStatus.Free;

/**
 * The signed-in user's working set, the only queries kept on the device (docs/security.md "On the
 * device"): who they are, their homes, requests and notifications; a physician's waiting list,
 * current grafts, the details of their clinic's grafts and the first pages of its follow-ups; a
 * bank's first pages of demand and stock and the donations opened. Search results of others' stock
 * are never kept.
 */
const KEPT: readonly Rule[] = [
  { prefix: meKey },
  { prefix: dashboardKeys.physician },
  { prefix: dashboardKeys.eute },
  { prefix: notificationKeys.unreadCount },
  { prefix: notificationKeys.pages, keeps: firstPage },
  { prefix: requestKeys.all },
  { prefix: followUpKeys.counts },
  { prefix: followUpKeys.lists, keeps: firstPage },
  { prefix: clinicKeys.waitingList },
  { prefix: clinicKeys.current },
  { prefix: clinicKeys.grafts, keeps: ownGraft },
  { prefix: graftHistoryKeys.all },
  { prefix: euteKeys.waitingListPages, keeps: firstPage },
  { prefix: euteKeys.stockPages, keeps: firstPage },
  { prefix: euteKeys.donations },
];

/** Whether this query belongs to the kept working set (and has data to keep). */
export function isKept(query: Query): boolean {
  return (
    query.state.status === 'success' &&
    KEPT.some((rule) => partialMatchKey(query.queryKey, rule.prefix) && (rule.keeps?.(query) ?? true))
  );
}

/**
 * Kept queries stay in memory while the app runs, so a page not looked at for a while is still
 * there to be kept (otherwise they would be dropped five minutes after their page closed).
 */
export function keepInMemory(queryClient: QueryClient): void {
  for (const rule of KEPT) {
    queryClient.setQueryDefaults(rule.prefix, { gcTime: Infinity });
  }
}
