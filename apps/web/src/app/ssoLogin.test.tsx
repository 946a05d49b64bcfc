import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, currentAccessToken, mayHaveSession, setAccessToken } from '../api/session';
import { fakeApi, fakeJwt, json } from '../test/fakeApi';
import { aPhysician } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { routes } from './router';

// Single sign-on through the app's own router (docs/api.md "Single sign-on"): the provider's way
// back opens the app, and logging out of such a session offers to end the provider's too.

// The push connection is not part of this story (and would dial out).
vi.mock('../api/push', () => ({ connectPush: () => ({ stop: async () => undefined }) }));

const access = fakeJwt(900, 'access');
const HANDOVER = 'h4nd0ver_abcdefghijklmnop-5678';
const END_SESSION = 'https://login.herz-sued.example/realms/staff/protocol/openid-connect/logout?client_id=graftmatch';

beforeEach(() => {
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('signing in through the organisation’s provider', () => {
  it('comes back to /login/sso, trades the hand-over for the session and opens the page asked for', async () => {
    const api = fakeApi({
      'POST /api/auth/sso/complete': () => json({ access_Token: access, refresh_Token: 'refresh' }),
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/physician/waitinglist': () => json([]),
    });
    // The deep link was remembered before the person left for the provider.
    const { router } = renderRoutes(routes, '/home/clinic/waitinglist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await router.navigate(`/login/sso?handover=${HANDOVER}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/clinic/waitinglist'));
    expect(await screen.findByText('Your waiting list is empty')).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/sso/complete')[0]?.body).toEqual({ handover: HANDOVER });
    expect(currentAccessToken()).toBe(access);
  });

  it('after logging out of such a session, offers to sign out of the organisation’s account as well', async () => {
    setAccessToken(access);
    const api = fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/users/logout': () => json({ endSessionUrl: END_SESSION }),
      'GET /api/physician/waitinglist': () => json([]),
    });
    const { router } = renderRoutes(routes, '/home/clinic/waitinglist');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('logout-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('GET', '/api/users/logout')).toHaveLength(1);
    expect(mayHaveSession()).toBe(false);
    const notice = await screen.findByTestId('sso-logout-notice');
    expect(notice.textContent).toContain('You are logged out of GraftMatch.');
    const link = screen.getByTestId('sso-end-session');
    expect(link.textContent).toBe("Also sign out of your organisation's account");
    expect(link.getAttribute('href')).toBe(END_SESSION);
  });

  it('offers no link the server did not give as a web address', async () => {
    setAccessToken(access);
    fakeApi({
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/users/logout': () => json({ endSessionUrl: 'javascript:alert(1)' }),
      'GET /api/physician/waitinglist': () => json([]),
    });
    const { router } = renderRoutes(routes, '/home/clinic/waitinglist');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('logout-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('login-email')).toBeTruthy();
    expect(screen.queryByTestId('sso-logout-notice')).toBeNull();
  });
});
