import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { PushHandlers } from '../api/push';
import { clearSession, mayHaveSession, setAccessToken } from '../api/session';
import { fakeApi, fakeJwt, json } from '../test/fakeApi';
import { aPhysician } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { GlobalLoader } from './GlobalLoader';
import { routes } from './router';

const push = vi.hoisted(() => ({ handlers: null as PushHandlers | null }));
vi.mock('../api/push', () => ({
  connectPush: (handlers: PushHandlers) => {
    push.handlers = handlers;
    return { stop: async () => undefined };
  },
}));

beforeEach(() => {
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

function signedIn() {
  setAccessToken(fakeJwt(900));
  return fakeApi({
    'GET /api/users/getmyuser': () => json(aPhysician()),
    'GET /api/users/logout': () => new Response(null, { status: 204 }),
    'GET /api/physician/waitinglist': () => json([]),
  });
}

describe('app shell', () => {
  it("shows 'Loading...' while a request is in flight, and nothing after", async () => {
    let finish: (value: string) => void = () => undefined;
    function Slow() {
      useQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>((resolve) => (finish = resolve)) });
      return <GlobalLoader />;
    }
    renderRoutes([{ path: '*', element: <Slow /> }], '/');
    expect((await screen.findByTestId('global-loading')).textContent).toContain('Loading...');
    finish('done');
    await waitFor(() => expect(screen.queryByTestId('global-loading')).toBeNull());
  });

  it('logs out: ends the server session, forgets the tab and lands on login via root', async () => {
    const api = signedIn();
    localStorage.setItem('graftmatch.language', 'en');
    sessionStorage.setItem('graftmatch.returnTo', '/home/clinic/current');
    const { router } = renderRoutes(routes, '/home');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('logout-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('GET', '/api/users/logout')).toHaveLength(1);
    expect(mayHaveSession()).toBe(false);
    expect(sessionStorage.getItem('graftmatch.returnTo')).not.toBe('/home/clinic/current');
    expect(localStorage.getItem('graftmatch.language')).toBe('en');
  });

  it("shows the admin's test push as an alert and re-fetches the waiting list when it changes", async () => {
    const api = signedIn();
    renderRoutes(routes, '/home/clinic/waitinglist');
    await screen.findByText('Your waiting list is empty');
    await waitFor(() => expect(push.handlers).not.toBeNull());

    push.handlers?.testR('Maintenance tonight at 22:00');
    expect((await screen.findByTestId('push-alert')).textContent).toBe('Maintenance tonight at 22:00');

    push.handlers?.waitinglistChanged();
    await waitFor(() => expect(api.callsTo('GET', '/api/physician/waitinglist')).toHaveLength(2));
  });

  it('shows whether push is live in the header, and re-fetches what it shows after a reconnect that could not replay', async () => {
    const api = signedIn();
    renderRoutes(routes, '/home/clinic/waitinglist');
    await screen.findByText('Your waiting list is empty');
    await waitFor(() => expect(push.handlers).not.toBeNull());
    const indicator = await screen.findByRole('status');
    expect(indicator.dataset.status).toBe('connecting');

    act(() => push.handlers?.onStatus?.('live'));
    await waitFor(() => expect(indicator.textContent).toBe('Live'));
    act(() => push.handlers?.onStatus?.('offline'));
    await waitFor(() => expect(indicator.textContent).toBe('Offline'));

    act(() => push.handlers?.onReconnected());
    await waitFor(() => expect(api.callsTo('GET', '/api/physician/waitinglist')).toHaveLength(2));
  });
});
