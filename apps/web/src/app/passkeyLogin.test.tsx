import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, currentAccessToken } from '../api/session';
import { fakeApi, fakeJwt, json } from '../test/fakeApi';
import { aPhysician } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { routes } from './router';

// The device's dialog stands in for SimpleWebAuthn's browser calls; the server is the fake API.
const webAuthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(async () => ({ id: 'cred', rawId: 'cred', type: 'public-key', response: {} })),
}));
vi.mock('@simplewebauthn/browser', () => webAuthn);
// The push connection is not part of this story (and would dial out).
vi.mock('../api/push', () => ({ connectPush: () => ({ stop: async () => undefined }) }));

const access = fakeJwt(900, 'access');
const OPTIONS = { challengeId: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e', options: { challenge: 'abc' } };

beforeEach(() => {
  clearSession();
  localStorage.clear();
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});
afterEach(() => vi.unstubAllGlobals());

describe('signing in with a passkey', () => {
  it('needs no address, password or PIN: the device answers, the server starts the session, the app opens', async () => {
    const api = fakeApi({
      'POST /api/auth/passkey/options': () => json(OPTIONS),
      'POST /api/auth/passkey/login': () => json({ access_Token: access, refresh_Token: 'refresh' }),
      'GET /api/users/getmyuser': () => json(aPhysician()),
      'GET /api/physician/waitinglist': () => json([]),
    });
    const { router } = renderRoutes(routes, '/home/clinic/waitinglist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    fireEvent.click(await screen.findByTestId('passkey-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/clinic/waitinglist'));
    expect(webAuthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS.options });
    expect(api.callsTo('POST', '/api/auth/passkey/login')[0]?.body).toMatchObject({
      challengeId: OPTIONS.challengeId,
      response: { id: 'cred' },
    });
    expect(api.callsTo('GET', '/api/auth/login')).toHaveLength(0);
    expect(currentAccessToken()).toBe(access);
  });
});
