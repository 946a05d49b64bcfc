import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearSession, setAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, pagedJson } from '../../test/fakeApi';
import { aWaitingListEntry } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { WaitingListPage } from './WaitingListPage';

const routes = [{ path: '/home/clinic/waitinglist', element: <WaitingListPage /> }];

/** A physician's open entries, patients P-01-1900 onwards. */
const entries = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    aWaitingListEntry({
      waitinglistid: `3f2b8c1e-4d5a-4b6c-8d7e-${String(index).padStart(12, '0')}`,
      patient_Code: `P-01-${1900 + index}`,
    }),
  );

const shownIds = () => screen.queryAllByTestId('wl-entry').map((card) => card.getAttribute('data-entry-id'));
const pageButton = (name: string) => within(screen.getByTestId('wl-pages')).getByRole('button', { name });

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the physician’s waiting list, a page at a time', () => {
  it('first asks for one page of 50, gives the count of all, and fetches the page picked', async () => {
    const list = entries(120);
    const api = fakeApi({
      'GET /api/physician/waitinglist': pagedJson(list),
      'POST /api/physician/dashboard/matches-seen': () => json({ seenAt: '2026-11-27T10:00:00.000Z' }),
    });
    renderRoutes(routes, '/home/clinic/waitinglist');
    await screen.findByTestId('wl-list');
    // Seen once the list shows, so the home counts new matches from now; paging does not mark again.
    await waitFor(() => expect(api.callsTo('POST', '/api/physician/dashboard/matches-seen')).toHaveLength(1));
    expect(shownIds()).toEqual(list.slice(0, 50).map((entry) => entry.waitinglistid));
    expect(screen.getByTestId('wl-count').textContent).toBe('120 entries');

    fireEvent.click(pageButton('3'));
    await waitFor(() => expect(shownIds()).toEqual(list.slice(100).map((entry) => entry.waitinglistid)));
    expect(screen.getByTestId('wl-count').textContent).toBe('120 entries');
    expect(api.callsTo('POST', '/api/physician/dashboard/matches-seen')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/physician/waitinglist').map((call) => call.query.toString())).toEqual([
      'limit=50&offset=0',
      'limit=50&offset=100',
    ]);
  });

  it('removing the only entry of the last page fetches the list afresh and shows its new last page', async () => {
    let list = entries(51);
    const api = fakeApi({
      'GET /api/physician/waitinglist': (call) => pagedJson(list)(call),
      'GET /api/physician/waitinglist/remove/3f2b8c1e-4d5a-4b6c-8d7e-000000000050': () => {
        list = list.slice(0, 50);
        return new Response(null, { status: 204 });
      },
    });
    renderRoutes(routes, '/home/clinic/waitinglist');
    await screen.findByTestId('wl-list');
    fireEvent.click(pageButton('2'));
    await waitFor(() => expect(shownIds()).toEqual(['3f2b8c1e-4d5a-4b6c-8d7e-000000000050']));

    fireEvent.click(screen.getByTestId('wl-remove'));
    fireEvent.click(await screen.findByTestId('confirm-remove'));
    await waitFor(() => expect(screen.getByTestId('wl-count').textContent).toBe('50 entries'));
    await waitFor(() => expect(shownIds()).toEqual(list.map((entry) => entry.waitinglistid)));
    expect(screen.queryByTestId('wl-pages')).toBeNull();
    expect(api.callsTo('GET', '/api/physician/waitinglist').map((call) => call.query.get('offset'))).toEqual([
      '0',
      '50',
      '50',
      '0',
    ]);
  });
});
