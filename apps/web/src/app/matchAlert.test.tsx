import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Notifications, notifications } from '@mantine/notifications';
import { Outlet } from 'react-router';
import type { WaitingListEntry } from '@graftmatch/domain';
import type { PushHandlers } from '../api/push';
import { clearSession, setAccessToken } from '../api/session';
import { fakeApi, fakeJwt, json } from '../test/fakeApi';
import { aPhysician } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { entryQuery, searchPath } from '../features/clinic/searchQuery';
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

const entry = (matchingGrafts: number): WaitingListEntry => ({
  waitinglistid: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d01',
  query_Type: 5,
  query_d_min: 18,
  query_d_max: 24,
  query_l_min: 20,
  query_l_l_min: 0,
  query_l_r_min: 0,
  physician_Name: 'Dr. med. Jonas Berg',
  physician_Email: 'dr.berg@clinic.example',
  physician_Phone: '+49 40 555 0311',
  patient_Code: 'A-03-2021',
  query_i_min: '2027-01-10',
  query_i_max: '2027-03-01',
  query_timestamp: '2026-10-01T08:00:00.000Z',
  matchingGrafts,
  c_Name: 'Herz & Gefäß – Nord',
});

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
    act(() => push.handlers?.matchFound({ waitinglistid: entry(1).waitinglistid, lots: ['EB1-2026-0042'] }));

    const alert = await screen.findByTestId('match-alert');
    expect(alert.textContent).toContain('Graft EB1-2026-0042 fits your waiting-list entry A-03-2021.');
    await waitFor(() => expect(screen.getByTestId('wl-matches').textContent).toBe('1 fitting graft'));
    expect(api.callsTo('GET', '/api/physician/waitinglist')).toHaveLength(2);

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
    act(() => push.handlers?.matchFound({ waitinglistid: 'gone', lots: ['EB1-1', 'EB1-2'] }));
    const alert = await screen.findByTestId('match-alert');
    expect(alert.textContent).toContain('Grafts EB1-1, EB1-2 fit one of your waiting-list entries.');
    expect(screen.getByTestId('match-alert-open').getAttribute('href')).toBe('/home/clinic/waitinglist');
  });
});
