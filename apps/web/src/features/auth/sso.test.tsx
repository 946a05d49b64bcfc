import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SSO_ERRORS } from '@graftmatch/domain';
import { clearSession, currentAccessToken } from '../../api/session';
import { fakeApi, fakeJwt, json, problem, type RecordedCall } from '../../test/fakeApi';
import { textIn } from '../../test/refusal';
import { renderRoutes } from '../../test/render';
import { LoginPage } from './LoginPage';
import { SsoCompletePage } from './SsoCompletePage';
import { rememberReturnTo } from './storage';

// Single sign-on as the login screen tells it (docs/api.md "Single sign-on"): the fake API stands
// in for the server, and the browser's navigation to the provider is only recorded.

const access = fakeJwt(900, 'access');
const OFFER = { organisationName: 'Herzzentrum Süd', startUrl: 'https://graftmatch.example/api/auth/sso/start/8f3a' };
const HANDOVER = 'h4nd0ver_abcdefghijklmnop-1234';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/login/sso', element: <SsoCompletePage /> },
  { path: '/login/login-tfa', element: <p>PIN step</p> },
  { path: '/home', element: <p>Home</p> },
  { path: '/home/clinic/waitinglist', element: <p>Waiting list</p> },
];

/** Discovery as the server answers it: the clinic's domain signs in with its provider, others with a password. */
const discover = ({ body }: RecordedCall) =>
  json({ sso: (body as { email: string }).email.endsWith('@herz-sued.example') ? OFFER : null });

let assign = vi.fn<(url: string | URL) => void>();
beforeEach(() => {
  clearSession();
  sessionStorage.clear();
  localStorage.clear();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the login screen offers the organisation’s own sign-in', () => {
  it('asks once the address is left, then its button leads to the provider and no password is sent', async () => {
    const api = fakeApi({ 'POST /api/auth/sso/discover': discover });
    renderRoutes(routes, '/login');
    type('login-email', ' Dr.Berg@Herz-Sued.example ');
    fireEvent.blur(screen.getByTestId('login-email'));

    const start = await screen.findByTestId('sso-start');
    expect(start.textContent).toBe('Sign in with Herzzentrum Süd');
    expect(screen.getByTestId('sso-offer').textContent).toContain('your password is not used here');
    expect(screen.queryByTestId('login-password')).toBeNull();
    expect(api.callsTo('POST', '/api/auth/sso/discover')[0]?.body).toEqual({ email: 'dr.berg@herz-sued.example' });

    fireEvent.click(start);
    expect(assign).toHaveBeenCalledWith(OFFER.startUrl);
    expect(api.callsTo('GET', '/api/auth/login')).toHaveLength(0);
  });

  it('asks a moment after typing stops too, and Enter in the address field then leaves for the provider', async () => {
    fakeApi({ 'POST /api/auth/sso/discover': discover });
    renderRoutes(routes, '/login');
    type('login-email', 'dr.berg@herz-sued.example');
    expect(await screen.findByTestId('sso-start')).toBeTruthy();
    fireEvent.submit(screen.getByTestId('login-email').closest('form')!);
    expect(assign).toHaveBeenCalledWith(OFFER.startUrl);
  });

  it('asks on submit before any password goes out, and keeps the password form for other addresses', async () => {
    const api = fakeApi({
      'POST /api/auth/sso/discover': discover,
      'GET /api/auth/login': () =>
        json({ twoFactor_Token: 'tfa-token', twoFactorId: 'tfa-id', twoFactorTarget: 'd***@clinic.example' }),
    });
    const { router } = renderRoutes(routes, '/login');
    type('login-email', 'dr.berg@herz-sued.example');
    type('login-password', 'correct horse battery');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('sso-start')).toBeTruthy();
    expect(api.callsTo('GET', '/api/auth/login')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();

    // Someone else: the password login goes on as ever.
    type('login-email', 'dr.berg@clinic.example');
    type('login-password', 'correct horse battery');
    fireEvent.click(await screen.findByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/login-tfa'));
    expect(api.callsTo('GET', '/api/auth/login')).toHaveLength(1);
  });

  it('turns the server’s “sign in with your organisation” refusal into the button, not an error', async () => {
    let asked = 0;
    // The first answer predates the set-up (or failed); the server's refusal makes the screen ask again.
    const api = fakeApi({
      'POST /api/auth/sso/discover': (call) => (asked++ === 0 ? json({ sso: null }) : discover(call)),
      'GET /api/auth/login': () =>
        problem(403, 'Herzzentrum Süd signs its members in with its own accounts: use "Sign in with Herzzentrum Süd".'),
    });
    renderRoutes(routes, '/login');
    type('login-email', 'dr.berg@herz-sued.example');
    type('login-password', 'old password');
    fireEvent.click(screen.getByTestId('login-submit'));
    const start = await screen.findByTestId('sso-start');
    expect(start.textContent).toBe('Sign in with Herzzentrum Süd');
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(api.callsTo('GET', '/api/auth/login')).toHaveLength(1);
    fireEvent.click(start);
    expect(assign).toHaveBeenCalledWith(OFFER.startUrl);
  });

  it('still shows another 403 as the server words it', async () => {
    fakeApi({
      'POST /api/auth/sso/discover': () => json({ sso: null }),
      'GET /api/auth/login': () => problem(403, 'Administrators sign in with their passkey here.'),
    });
    renderRoutes(routes, '/login');
    type('login-email', 'admin@clinic.example');
    type('login-password', 'correct horse battery');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'Administrators sign in with their passkey here.',
    );
    expect(screen.queryByTestId('sso-start')).toBeNull();
  });

  it.each([...SSO_ERRORS, 'something-new'])('tells what happened and what to do for sso_error=%s', async (code) => {
    fakeApi({});
    renderRoutes(routes, `/login?sso_error=${code}`);
    const message = await screen.findByTestId('sso-error');
    const key = SSO_ERRORS.includes(code as never) ? `sso.errors.${code}` : 'sso.errors.unknown';
    expect(message.textContent).toBe(`${textIn('en', 'sso.refusedTitle')}${textIn('en', key)}`);
    expect(textIn('de', key)).not.toBe(textIn('en', key));
    expect(screen.getByTestId('login-email')).toBeTruthy();
  });

  it('words each refusal on its own, the missing account sending the person to the administrator', () => {
    const texts = SSO_ERRORS.map((code) => textIn('en', `sso.errors.${code}`));
    expect(new Set(texts).size).toBe(SSO_ERRORS.length);
    expect(textIn('en', 'sso.errors.no-account')).toMatch(/administrator to create/);
    expect(textIn('de', 'sso.errors.no-account')).toMatch(/Administration, eines für Sie anzulegen/);
  });
});

describe('back from the provider at /login/sso', () => {
  it('trades the hand-over for the session and opens the remembered page, as after any login', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = fakeApi({
      'POST /api/auth/sso/complete': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    rememberReturnTo('/home/clinic/waitinglist');
    const { router } = renderRoutes(routes, `/login/sso?handover=${HANDOVER}`);
    expect((await screen.findByTestId('sso-completing')).textContent).toBe('Signing you in...');
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/sso/complete')).toHaveLength(1));
    answer(json({ access_Token: access, refresh_Token: fakeJwt(3600, 'refresh') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/clinic/waitinglist'));
    expect(api.callsTo('POST', '/api/auth/sso/complete')[0]?.body).toEqual({ handover: HANDOVER });
    expect(api.callsTo('POST', '/api/auth/sso/complete')).toHaveLength(1);
    expect(currentAccessToken()).toBe(access);
  });

  it('lands on the home without a remembered page', async () => {
    fakeApi({ 'POST /api/auth/sso/complete': () => json({ access_Token: access, refresh_Token: 'refresh' }) });
    const { router } = renderRoutes(routes, `/login/sso?handover=${HANDOVER}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('says so when the hand-over is refused, and leads back to the login', async () => {
    fakeApi({ 'POST /api/auth/sso/complete': () => problem(400, 'This hand-over is unknown, used or expired.') });
    const { router } = renderRoutes(routes, `/login/sso?handover=${HANDOVER}-refused`);
    const failed = await screen.findByTestId('sso-complete-failed');
    expect(failed.textContent).toContain(textIn('en', 'sso.handoverRefused'));
    expect(currentAccessToken()).toBeNull();
    fireEvent.click(screen.getByTestId('sso-back-to-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('login-email')).toBeTruthy();
  });

  it('without a hand-over sends nothing and says so', async () => {
    const api = fakeApi({});
    renderRoutes(routes, '/login/sso');
    expect(await screen.findByTestId('sso-complete-failed')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
