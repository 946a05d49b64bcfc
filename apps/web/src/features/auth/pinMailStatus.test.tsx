import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession } from '../../api/session';
import { routes } from '../../app/router';
import { fakeApi, json } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';

vi.mock('../../api/push', () => ({ connectPush: () => ({ stop: async () => undefined }) }));

beforeEach(() => {
  clearSession();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

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
