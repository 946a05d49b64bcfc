import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { PushHandlers } from '../api/push';
import { clearSession, setAccessToken } from '../api/session';
import { routes } from './router';
import { fakeApi, fakeJwt, json } from '../test/fakeApi';
import { aPhysician } from '../test/fixtures';
import { renderRoutes } from '../test/render';

const push = vi.hoisted(() => ({ handlers: null as PushHandlers | null }));
vi.mock('../api/push', () => ({
  connectPush: (handlers: PushHandlers) => {
    push.handlers = handlers;
    return { stop: async () => undefined };
  },
}));

const bankEmployee = aPhysician({
  title: '',
  firstName: 'Lena',
  lastName: 'Hansen',
  clinics: [],
  eutes: [{ id: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d99', name: 'Gewebebank Nord' }],
});

beforeEach(() => {
  clearSession();
  localStorage.clear();
  setAccessToken(fakeJwt(900));
});
afterEach(() => vi.unstubAllGlobals());

describe('tissue-bank area in the app', () => {
  it('home leads to the demand, the navigation offers the three pages, and a demand change by push re-fetches it', async () => {
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(bankEmployee),
      'GET /api/euteemployee/waitinglist': () => json([]),
    });
    const { router } = renderRoutes(routes, '/home/eute');
    await screen.findByTestId('demand-empty');
    expect(router.state.location.pathname).toBe('/home/eute/waitinglist');
    expect(screen.getByTestId('nav-eute-waitinglist').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('nav-eute-current')).toBeTruthy();
    expect(screen.getByTestId('nav-eute-archive')).toBeTruthy();
    expect(screen.queryByTestId('nav-search')).toBeNull();

    await waitFor(() => expect(push.handlers).not.toBeNull());
    push.handlers?.waitinglistChanged({ waitinglistid: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d01' });
    await waitFor(() => expect(api.callsTo('GET', '/api/euteemployee/waitinglist')).toHaveLength(2));
  });

  it('a physician is told there is no access, and no demand is asked for', async () => {
    const api = fakeApi({ 'GET /api/users/getmyuser': () => json(aPhysician()) });
    renderRoutes(routes, '/home/eute/waitinglist');
    expect((await screen.findByTestId('no-access')).textContent).toContain('You have no access to this area.');
    expect(screen.queryByTestId('nav-eute-waitinglist')).toBeNull();
    expect(api.callsTo('GET', '/api/euteemployee/waitinglist')).toHaveLength(0);
  });
});
