import { describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { GraftType, ListStatus, type GraftSearchQuery } from '@graftmatch/domain';
import { meKey } from '../../features/auth';
import { clinicKeys } from '../../features/clinic/keys';
import { wholeWaitingListQuery } from '../../features/grafts/waitingList';
import { euteKeys } from '../../features/eute/keys';
import { adminKeys } from '../../features/admin/keys';
import { followUpKeys } from '../../features/followups/keys';
import { dashboardKeys } from '../../features/home/keys';
import { notificationKeys } from '../../features/notifications/keys';
import { requestKeys } from '../../features/requests/keys';
import { aGraft, aPhysician } from '../../test/fixtures';
import { isKept, keepInMemory } from './keptQueries';

function keptWith(key: QueryKey, data: unknown = { some: 'data' }): boolean {
  const client = new QueryClient();
  client.setQueryData(key, data);
  const query = client.getQueryCache().find({ queryKey: key, exact: true });
  if (!query) {
    throw new Error('no query');
  }
  return isKept(query);
}

describe('which queries the device keeps', () => {
  it('keeps the user, their homes, requests, waiting list, current grafts and notifications', () => {
    expect(keptWith(meKey, aPhysician())).toBe(true);
    expect(keptWith([...meKey, 'settings'])).toBe(true);
    expect(keptWith(dashboardKeys.physician)).toBe(true);
    expect(keptWith(dashboardKeys.eute)).toBe(true);
    expect(keptWith(requestKeys.mine, [])).toBe(true);
    expect(keptWith(requestKeys.inbox, [])).toBe(true);
    expect(keptWith(wholeWaitingListQuery.queryKey, [])).toBe(true);
    expect(keptWith([...clinicKeys.waitingListPages, 'all', 7])).toBe(true);
    expect(keptWith([...clinicKeys.current, null, 3])).toBe(true);
    expect(keptWith(notificationKeys.unreadCount, 2)).toBe(true);
    expect(keptWith(notificationKeys.page(false, 1))).toBe(true);
    expect(keptWith(euteKeys.donation('EL-1'), aGraft())).toBe(true);
    expect(keptWith(['graftHistory', 'EL-1'], [])).toBe(true);
  });

  it('keeps the home’s follow-up counts and the first page of each follow-up list', () => {
    expect(keptWith(followUpKeys.counts, { due: 1, overdue: 0 })).toBe(true);
    expect(keptWith([...followUpKeys.list('due', null), 1], { items: [], total: 0 })).toBe(true);
    expect(keptWith([...followUpKeys.list(null, 'EL-1'), 1], { items: [], total: 0 })).toBe(true);
    expect(keptWith([...followUpKeys.list('due', null), 2], { items: [], total: 0 })).toBe(false);
  });

  it('keeps the details of the clinic’s own grafts, never of another bank’s free stock', () => {
    expect(keptWith(clinicKeys.graft('EL-1'), aGraft({ listStatus: ListStatus.Current }))).toBe(true);
    expect(keptWith(clinicKeys.graft('EL-2'), aGraft({ listStatus: ListStatus.Archive }))).toBe(true);
    expect(keptWith(clinicKeys.graft('EL-3'), aGraft({ listStatus: ListStatus.Free }))).toBe(false);
  });

  it('never keeps search results, comparisons or the archive, and of the bank’s lists only the first pages', () => {
    const search: GraftSearchQuery = {
      query_type: GraftType.AorticValve,
      query_d_min: 18,
      query_d_max: 24,
      query_l_min: 20,
      query_l_l_min: 0,
      query_l_r_min: 0,
    };
    expect(keptWith(clinicKeys.search(search))).toBe(false);
    expect(keptWith(clinicKeys.compare(['EL-1', 'EL-2']))).toBe(false);
    expect(keptWith([...clinicKeys.archive, null, 1])).toBe(false);
    expect(keptWith(euteKeys.waitingListAll, [])).toBe(false);
    expect(keptWith([...euteKeys.waitingListPages, 1])).toBe(true);
    expect(keptWith([...euteKeys.waitingListPages, 2])).toBe(false);
    expect(keptWith([...euteKeys.stock({ sort: 'expiry' }), 1])).toBe(true);
    expect(keptWith([...euteKeys.stock({ sort: 'expiry' }), 2])).toBe(false);
    expect(keptWith(notificationKeys.page(true, 2))).toBe(false);
    expect(keptWith(adminKeys.users('all'), [])).toBe(false);
    expect(keptWith(dashboardKeys.admin)).toBe(false);
  });

  it('keeps only answers, never a query still waiting for one', () => {
    const client = new QueryClient();
    const queryKey: QueryKey = requestKeys.mine;
    expect(isKept(client.getQueryCache().build(client, { queryKey }))).toBe(false);
  });

  it('holds kept queries in memory while the app runs, and lets others go as usual', () => {
    const client = new QueryClient();
    keepInMemory(client);
    expect(client.getQueryDefaults(clinicKeys.graft('EL-1')).gcTime).toBe(Infinity);
    expect(client.getQueryDefaults(clinicKeys.compare(['EL-1'])).gcTime).toBeUndefined();
  });
});
