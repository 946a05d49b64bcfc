import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { clearSession, setAccessToken } from '../api/session';
import { saveTwoFactor, takeReturnTo } from '../features/auth/storage';
import { fakeApi, fakeJwt, json } from '../test/fakeApi';
import { aPhysician } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { RequireArea, RequireTwoFactor, RequireUser } from './guards';

const physician = aPhysician();

const routes: RouteObject[] = [
  { path: '/login', element: <p>login page</p> },
  { path: '/login/login-tfa', element: <RequireTwoFactor />, children: [{ index: true, element: <p>pin page</p> }] },
  {
    path: '/',
    element: <RequireUser />,
    children: [
      { index: true, element: <p>root page</p> },
      { path: 'home', element: <Outlet />, children: [{ index: true, element: <p>home page</p> }] },
      {
        path: 'home/clinic',
        element: <RequireArea area="clinic" />,
        children: [{ path: '*', element: <p>clinic page</p> }],
      },
      {
        path: 'home/admin',
        element: <RequireArea area="admin" />,
        children: [{ path: '*', element: <p>admin page</p> }],
      },
    ],
  },
];

beforeEach(() => {
  clearSession();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('route guards', () => {
  it('sends a visitor without a session to login and remembers the deep link for after the PIN', async () => {
    const api = fakeApi({});
    const { router } = renderRoutes(routes, '/home/clinic/graft/EL-1?tab=steps');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls).toHaveLength(0);
    expect(takeReturnTo()).toBe('/home/clinic/graft/EL-1?tab=steps');
  });

  it('waits for the user load and lets a physician into the clinic area', async () => {
    setAccessToken(fakeJwt(900));
    fakeApi({ 'GET /api/users/getmyuser': () => json(physician) });
    renderRoutes(routes, '/home/clinic/search');
    expect(await screen.findByText('clinic page')).toBeTruthy();
  });

  it('tells a user without the role that they have no access, without redirecting', async () => {
    setAccessToken(fakeJwt(900));
    fakeApi({ 'GET /api/users/getmyuser': () => json(physician) });
    const { router } = renderRoutes(routes, '/home/admin/users');
    expect(await screen.findByText('You have no access to this area.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home/admin/users');
  });

  it('lets nobody through when the user load fails, and shows the server detail', async () => {
    setAccessToken(fakeJwt(900));
    fakeApi({
      'GET /api/users/getmyuser': () =>
        new Response(
          JSON.stringify({ title: 'Service Unavailable', status: 503, detail: 'The database is not reachable.' }),
          {
            status: 503,
            headers: { 'content-type': 'application/problem+json' },
          },
        ),
    });
    renderRoutes(routes, '/home');
    expect(await screen.findByText(/The database is not reachable\./)).toBeTruthy();
    expect(screen.queryByText('home page')).toBeNull();
  });

  it('sends the PIN page back to root without a two-factor id, and shows it with one', async () => {
    fakeApi({});
    const first = renderRoutes(routes, '/login/login-tfa');
    await waitFor(() => expect(first.router.state.location.pathname).not.toBe('/login/login-tfa'));
    first.unmount();

    saveTwoFactor({ twoFactor_Token: 'tfa', twoFactorId: 'id-1', twoFactorTarget: 'd***@x.example' });
    renderRoutes(routes, '/login/login-tfa');
    expect(await screen.findByText('pin page')).toBeTruthy();
  });
});
