import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, setAccessToken } from '../api/session';
import { fakeApi, fakeJwt, json, pagedJson } from '../test/fakeApi';
import { aGraft, aGraftRequest, aPhysician, aWaitingListEntry } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { routes } from './router';

vi.mock('../api/push', () => ({ connectPush: () => ({ stop: async () => undefined }) }));

// The auditor reads everything and changes nothing (docs/decisions.md §5): every clinic and bank
// page opens, each with the read-only banner, and none offers a write.

const anAuditor = () =>
  aPhysician({ firstName: 'Otto', lastName: 'Audit', title: null, audit: true, clinics: [], eutes: [] });

beforeEach(() => {
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  setAccessToken(fakeJwt(900));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeAuditorApi() {
  return fakeApi({
    'GET /api/users/getmyuser': () => json(anAuditor()),
    'POST /api/physician/graftsearch': pagedJson([aGraft({ e_Lot: 'EL-7' })]),
    'GET /api/physician/requests/lots': () => json([]),
    'GET /api/physician/waitinglist': pagedJson([aWaitingListEntry()]),
    // An implanted request its physician could correct; the server offers auditors no step.
    'GET /api/physician/requests': () =>
      json([aGraftRequest({ state: 'implanted', deadline: null, implantedOn: '2026-11-20', actions: [] })]),
    'GET /api/physician/currentgrafts': pagedJson([aGraft({ e_Lot: 'EL-9' })]),
    'GET /api/euteemployee/waitinglist': pagedJson([aWaitingListEntry()]),
    'GET /api/euteemployee/requests': () => json([]),
    'GET /api/euteemployee/currentdonations': pagedJson([aGraft({ e_Lot: 'EL-9' })]),
  });
}

const noAccess = () => screen.queryByTestId('no-access');

describe('the auditor in the web app', () => {
  it('is offered the clinic and bank areas and opens each page read-only', async () => {
    fakeAuditorApi();
    const { router } = renderRoutes(routes, '/home/clinic/search/aortic_valve');
    await screen.findByTestId('read-only');
    expect(noAccess()).toBeNull();
    for (const nav of ['nav-search', 'nav-waitinglist', 'nav-requests', 'nav-eute-waitinglist', 'nav-eute-current']) {
      expect(screen.getAllByTestId(nav).length, nav).toBeGreaterThan(0);
    }
    expect(screen.queryByTestId('nav-imports')).toBeNull();

    // Search: results, but no "add to waiting list" and no request buttons.
    fireEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(screen.getAllByText('EL-7').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('wl-add-button')).toBeNull();
    expect(screen.queryByTestId('request-in-app-EL-7')).toBeNull();
    expect(screen.queryByTestId('request-link')).toBeNull();

    // Waiting lists: every entry, none to edit or remove.
    await router.navigate('/home/clinic/waitinglist');
    await screen.findByTestId('wl-entry');
    expect(screen.queryByTestId('wl-edit')).toBeNull();
    expect(screen.queryByTestId('wl-remove')).toBeNull();
    expect(screen.getByTestId('read-only')).toBeTruthy();

    // Requests: each with its history, none to correct.
    await router.navigate('/home/clinic/requests');
    await screen.findByTestId('request-card');
    expect(screen.getByTestId('history-toggle')).toBeTruthy();
    expect(screen.queryByTestId('correct')).toBeNull();

    for (const path of ['/home/clinic/current', '/home/eute/waitinglist', '/home/eute/current']) {
      await router.navigate(path);
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      await screen.findByRole('heading', { level: 1 });
      expect(noAccess(), path).toBeNull();
      expect(screen.getByTestId('read-only')).toBeTruthy();
    }
  });
});
