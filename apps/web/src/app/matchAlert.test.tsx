import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Notifications, notifications } from '@mantine/notifications';
import { Outlet } from 'react-router';
import type { PushHandlers } from '../api/push';
import { clearSession, setAccessToken } from '../api/session';
import { fakeApi, fakeJwt, json } from '../test/fakeApi';
import { aPhysician, aWaitingListEntry } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { entryQuery, searchPath } from '../features/grafts/searchQuery';
import { routes } from './router';

const push = vi.hoisted(() => ({ handlers: null as PushHandlers | null }));
vi.mock('../api/push', () => ({
  connectPush: (handlers: PushHandlers) => {
    push.handlers = handlers;
    return { stop: async () => undefined };
  },
}));

// The app shows toasts beside the router; here they sit in a layout around its routes.
const withToasts = [
  {
    element: (
      <>
        <Notifications />
        <Outlet />
      </>
    ),
    children: routes,
  },
];

const entry = (matchingGrafts: number) => aWaitingListEntry({ matchingGrafts });

beforeEach(() => {
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('a match found while the physician is signed in', () => {
  it('refreshes the waiting list’s counts and links the alert to the fitting grafts of that entry', async () => {
    let matching = 0;
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/physician/waitinglist': () => json([entry(matching)]),
      'POST /api/physician/graftsearch': () => json([]),
    });
    const { router } = renderRoutes(withToasts, '/home/clinic/waitinglist');
    expect((await screen.findByTestId('wl-matches')).textContent).toBe('0 fitting grafts');
    await waitFor(() => expect(push.handlers).not.toBeNull());

    // An import frees a graft that fits: the server pushes the entry and the lot.
    matching = 1;
    act(() =>
      push.handlers?.matchFound({
        waitinglistid: entry(1).waitinglistid,
        lots: ['EB1-2026-0042'],
        waitinglistids: [entry(1).waitinglistid],
      }),
    );

    const alert = await screen.findByTestId('match-alert');
    expect(alert.textContent).toContain('Graft EB1-2026-0042 fits your waiting-list entry A-03-2021.');
    await waitFor(() => expect(screen.getByTestId('wl-matches').textContent).toBe('1 fitting graft'));
    // The shown page is fetched afresh, and the whole list read once to find the entry in it.
    expect(api.callsTo('GET', '/api/physician/waitinglist').map((call) => call.query.toString())).toEqual([
      'limit=50&offset=0',
      'limit=50&offset=0',
      'limit=500&offset=0',
    ]);

    // The link opens that entry's search, and the alert goes.
    fireEvent.click(screen.getByTestId('match-alert-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/clinic/search/aortic_valve'));
    expect(router.state.location.pathname + router.state.location.search).toBe(searchPath(5, entryQuery(entry(1))));
    await waitFor(() => expect(screen.queryByTestId('match-alert')).toBeNull());
  });

  it('names the lots even when the entry is not in the list (removed meanwhile), and leads to the waiting list', async () => {
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/physician/waitinglist': () => json([]),
    });
    renderRoutes(withToasts, '/home');
    await screen.findByTestId('home-areas');
    await waitFor(() => expect(push.handlers).not.toBeNull());
    act(() => push.handlers?.matchFound({ waitinglistid: 'gone', lots: ['EB1-1', 'EB1-2'], waitinglistids: ['gone'] }));
    const alert = await screen.findByTestId('match-alert');
    expect(alert.textContent).toContain('Grafts EB1-1, EB1-2 fit one of your waiting-list entries.');
    expect(screen.getByTestId('match-alert-open').getAttribute('href')).toBe('/home/clinic/waitinglist');
  });

  it('one graft fitting three entries raises one alert naming them, which leads to that graft', async () => {
    const three = ['A-03-2021', 'B-04-2022', 'C-05-2023'].map((patient_Code, index) =>
      aWaitingListEntry({ waitinglistid: `3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d1${index}`, patient_Code }),
    );
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/physician/waitinglist': () => json(three),
    });
    const { router } = renderRoutes(withToasts, '/home');
    await screen.findByTestId('home-areas');
    await waitFor(() => expect(push.handlers).not.toBeNull());
    const ids = three.map((item) => item.waitinglistid);
    act(() => push.handlers?.matchFound({ waitinglistid: ids[0]!, lots: ['EB1-2026-0901'], waitinglistids: ids }));

    await waitFor(() => expect(screen.getAllByTestId('match-alert')).toHaveLength(1));
    expect(screen.getByTestId('match-alert').textContent).toContain(
      'EB1-2026-0901 fits 3 of your entries: A-03-2021, B-04-2022, C-05-2023.',
    );
    fireEvent.click(screen.getByTestId('match-alert-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/clinic/graft/EB1-2026-0901'));
  });
});
