import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeJwt, json, problem } from '../test/fakeApi';
import { apiRequest, onSessionEnded, SessionEndedError } from './client';
import { ApiError } from './errors';
import { changeLanguage } from '../i18n';
import { clearSession, currentAccessToken, mayHaveSession, setAccessToken } from './session';

const tokens = (access: string) => ({ access_Token: access, refresh_Token: 'rotated' });

beforeEach(() => {
  clearSession();
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('refreshes once for calls that start together, and both use the new token', async () => {
    // A reload: the access token is gone, the refresh cookie (and our marker) remain.
    localStorage.setItem('graftmatch.session', '1');
    const fresh = fakeJwt(900, 'fresh');
    let releaseRefresh: (response: Response) => void = () => undefined;
    const api = fakeApi({
      'GET /api/auth/refresh': () => new Promise<Response>((resolve) => (releaseRefresh = resolve)),
      'GET /api/physician/waitinglist': () => json([]),
      'GET /api/physician/currentgrafts': () => json([]),
    });

    const first = apiRequest('/physician/waitinglist');
    const second = apiRequest('/physician/currentgrafts');
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/auth/refresh')).toHaveLength(1));
    releaseRefresh(json(tokens(fresh)));
    await Promise.all([first, second]);

    expect(api.callsTo('GET', '/api/auth/refresh')).toHaveLength(1);
    for (const path of ['/api/physician/waitinglist', '/api/physician/currentgrafts']) {
      expect(api.callsTo('GET', path)[0]?.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    }
  });

  it('refreshes before a call when the token is about to expire', async () => {
    setAccessToken(fakeJwt(10));
    const fresh = fakeJwt(900, 'fresh');
    const api = fakeApi({
      'GET /api/auth/refresh': () => json(tokens(fresh)),
      'GET /api/users/getmyuser': () => json({ id: '1' }),
    });
    await apiRequest('/users/getmyuser');
    expect(api.calls.map((call) => call.path)).toEqual(['/api/auth/refresh', '/api/users/getmyuser']);
    expect(currentAccessToken()).toBe(fresh);
  });

  it('on a 401 refreshes and retries the call once', async () => {
    setAccessToken(fakeJwt(900, 'revoked'));
    const fresh = fakeJwt(900, 'fresh');
    const api = fakeApi({
      'GET /api/auth/refresh': () => json(tokens(fresh)),
      'GET /api/physician/archivgrafts': ({ headers }) =>
        headers.get('Authorization') === `Bearer ${fresh}` ? json([{ e_Lot: 'L1' }]) : problem(401, 'expired'),
    });
    await expect(apiRequest('/physician/archivgrafts')).resolves.toEqual([{ e_Lot: 'L1' }]);
    expect(api.callsTo('GET', '/api/physician/archivgrafts')).toHaveLength(2);
    expect(api.callsTo('GET', '/api/auth/refresh')).toHaveLength(1);
  });

  it('ends the session when the refresh is refused, and says so once', async () => {
    setAccessToken(fakeJwt(900));
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    fakeApi({
      'GET /api/auth/refresh': () => problem(401, 'refresh token revoked'),
      'GET /api/users/getmyuser': () => problem(401, 'expired'),
    });
    await expect(apiRequest('/users/getmyuser')).rejects.toBeInstanceOf(SessionEndedError);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(mayHaveSession()).toBe(false);
    unsubscribe();
  });

  it('asks nothing of the server without any sign of a session', async () => {
    const api = fakeApi({});
    await expect(apiRequest('/users/getmyuser')).rejects.toBeInstanceOf(SessionEndedError);
    expect(api.calls).toHaveLength(0);
  });

  it('sends the anti-forgery header on every non-GET call, and not on GETs', async () => {
    setAccessToken(fakeJwt(900));
    const api = fakeApi({
      'POST /api/physician/graftsearch': () => json([]),
      'GET /api/physician/waitinglist': () => json([]),
      'POST /api/auth/recoveryrequest': () => new Response(null, { status: 204 }),
    });
    await apiRequest('/physician/graftsearch', { method: 'POST', body: { query_type: 5 } });
    await apiRequest('/physician/waitinglist');
    await apiRequest('/auth/recoveryrequest', {
      method: 'POST',
      body: { email: 'a@b.example' },
      auth: { kind: 'none' },
    });

    const [search, list, recovery] = api.calls;
    expect(search?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-value');
    expect(search?.body).toEqual({ query_type: 5 });
    expect(list?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(recovery?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-value');
    expect(recovery?.headers.has('Authorization')).toBe(false);
  });

  it('asks for answers in the language chosen in the UI', async () => {
    const api = fakeApi({ 'GET /api/physician/waitinglist': () => json([]) });
    await apiRequest('/physician/waitinglist', { auth: { kind: 'none' } });
    await changeLanguage('de');
    try {
      await apiRequest('/physician/waitinglist', { auth: { kind: 'none' } });
    } finally {
      await changeLanguage('en');
      localStorage.clear();
    }
    expect(api.calls.map((call) => call.headers.get('Accept-Language'))).toEqual(['en', 'de']);
  });

  it('reads problem+json into an ApiError with detail, field errors and attempts left', async () => {
    fakeApi({
      'GET /api/auth/login': () =>
        problem(401, 'E-mail or password is wrong.', {
          errors: [{ field: 'password', message: 'wrong' }],
          passwordAttempts: 7,
        }),
    });
    const error = await apiRequest('/auth/login', {
      auth: { kind: 'basic', username: 'dr@x.example', password: 'pässwörd' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, detail: 'E-mail or password is wrong.', passwordAttempts: 7 });
    expect((error as ApiError).errors).toEqual([{ field: 'password', message: 'wrong' }]);
  });

  it('encodes Basic credentials as UTF-8', async () => {
    const api = fakeApi({
      'GET /api/auth/login': () => json({ twoFactor_Token: 't', twoFactorId: 'i', twoFactorTarget: 'd***' }),
    });
    await apiRequest('/auth/login', { auth: { kind: 'basic', username: 'dr@x.example', password: 'pässwörd' } });
    const header = api.calls[0]?.headers.get('Authorization') ?? '';
    const decoded = new TextDecoder().decode(
      Uint8Array.from(atob(header.replace('Basic ', '')), (c) => c.charCodeAt(0)),
    );
    expect(decoded).toBe('dr@x.example:pässwörd');
  });
});
