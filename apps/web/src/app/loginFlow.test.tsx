import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, currentAccessToken } from '../api/session';
import { routes } from './router';
import { fakeApi, fakeJwt, json, problem } from '../test/fakeApi';
import { aPhysician } from '../test/fixtures';
import { renderRoutes } from '../test/render';

// The push connection is not part of this story (and would dial out).
vi.mock('../api/push', () => ({ connectPush: () => ({ stop: async () => undefined }) }));

const access = fakeJwt(900, 'access');

beforeEach(() => {
  clearSession();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('login with password and PIN', () => {
  it('opens a deep link after the PIN step, with the access token in memory only', async () => {
    const api = fakeApi({
      'GET /api/auth/login': () =>
        json({ twoFactor_Token: 'tfa-token', twoFactorId: 'tfa-id', twoFactorTarget: 'd***@clinic.example' }),
      'POST /api/auth/twofactor': () => json({ access_Token: access, refresh_Token: 'refresh' }),
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/physician/waitinglist': () => json([]),
    });
    const { router } = renderRoutes(routes, '/home/clinic/waitinglist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByTestId('login-email');

    type('login-email', 'dr.berg@clinic.example');
    type('login-password', 'correct horse battery');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/login-tfa'));
    expect(await screen.findByText(/d\*\*\*@clinic\.example/)).toBeTruthy();

    type('pin-input', '123456');
    fireEvent.click(screen.getByTestId('pin-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/clinic/waitinglist'));
    expect(await screen.findByText('Your waiting list is empty')).toBeTruthy();

    const pinCall = api.callsTo('POST', '/api/auth/twofactor')[0];
    expect(pinCall?.headers.get('Authorization')).toBe('Bearer tfa-token');
    expect(pinCall?.body).toEqual({ passwordid: 'tfa-id', password: '123456' });
    expect(currentAccessToken()).toBe(access);
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(access);
    expect(sessionStorage.getItem('graftmatch.twoFactor')).toBeNull();
  });

  it('names the e-mail address as its field does and the attempts left once after a wrong password; an edit clears it', async () => {
    fakeApi({
      'GET /api/auth/login': () =>
        problem(401, 'Wrong user name or password. 3 attempts left.', { passwordAttempts: 3 }),
    });
    renderRoutes(routes, '/login');
    await screen.findByTestId('login-email');
    type('login-email', 'dr.berg@clinic.example');
    type('login-password', 'wrong');
    fireEvent.click(screen.getByTestId('login-submit'));
    const error = await screen.findByTestId('form-error');
    expect(error.textContent).toBe(
      'Wrong e-mail address or password. 3 attempts left before the account is locked for a while.',
    );
    expect(error.textContent?.match(/attempts? left/g)).toHaveLength(1);
    type('login-password', 'wrong again');
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('shows the server detail of a locked account', async () => {
    fakeApi({
      'GET /api/auth/login': () => problem(401, 'Too many failed attempts: locked.', { passwordAttempts: 0 }),
    });
    renderRoutes(routes, '/login');
    await screen.findByTestId('login-email');
    type('login-email', 'dr.berg@clinic.example');
    type('login-password', 'wrong');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toBe('Too many failed attempts: locked.');
  });
});

describe('the PIN screen and the PIN mail', () => {
  it('tells the user when the mail server has not taken the PIN mail', async () => {
    const api = fakeApi({
      'GET /api/auth/login': () =>
        json({ twoFactor_Token: 'tfa-token', twoFactorId: 'tfa-id', twoFactorTarget: 'd***@clinic.example' }),
      'GET /api/auth/twofactor/status': () => json({ mail: 'failed' }),
    });
    const { router } = renderRoutes(routes, '/login');
    await screen.findByTestId('login-email');
    type('login-email', 'dr.berg@clinic.example');
    type('login-password', 'correct horse battery');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/login-tfa'));

    expect((await screen.findByTestId('pin-mail-failed')).textContent).toMatch(/has not taken the PIN mail/);
    const asked = api.callsTo('GET', '/api/auth/twofactor/status')[0];
    expect(asked?.headers.get('Authorization')).toBe('Bearer tfa-token');
  });

  it('says nothing while the mail is queued or once it is sent', async () => {
    const states = ['queued', 'sent'];
    const api = fakeApi({
      'GET /api/auth/login': () =>
        json({ twoFactor_Token: 'tfa-token', twoFactorId: 'tfa-id', twoFactorTarget: 'd***@clinic.example' }),
      'GET /api/auth/twofactor/status': () => json({ mail: states.shift() ?? 'sent' }),
    });
    renderRoutes(routes, '/login');
    await screen.findByTestId('login-email');
    type('login-email', 'dr.berg@clinic.example');
    type('login-password', 'correct horse battery');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/twofactor/status')).toHaveLength(2), { timeout: 5000 });
    expect(screen.queryByTestId('pin-mail-failed')).toBeNull();
  });
});
