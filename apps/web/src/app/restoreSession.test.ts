import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession } from '../api/session';
import { fakeApi, fakeJwt, json } from '../test/fakeApi';
import { aPhysician } from '../test/fixtures';
import { restoreSession } from './router';

// A returning user's first screen waits on the fewest round trips: after the session's refresh,
// the user, the settings and the home the user saw last are asked for together.

describe('restoring a session on /home', () => {
  let releaseUser: () => void = () => undefined;

  beforeEach(() => {
    window.history.replaceState(null, '', '/home');
    localStorage.setItem('graftmatch.session', '1');
  });

  afterEach(() => {
    clearSession();
    localStorage.clear();
  });

  function api() {
    const userHeld = new Promise<void>((resolve) => {
      releaseUser = resolve;
    });
    return fakeApi({
      'GET /api/auth/refresh': () => json({ access_Token: fakeJwt(600), refresh_Token: 'r' }),
      'GET /api/users/getmyuser': async () => {
        await userHeld;
        return json(aPhysician());
      },
      'GET /api/users/settings': () => json({ matchMails: true, dismissedHints: [] }),
      'GET /api/physician/dashboard': () => json({}),
    });
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('asks for the remembered home and the settings while the user is still on its way', async () => {
    localStorage.setItem('graftmatch.homes', JSON.stringify({ physician: true, eute: false, admin: false }));
    const fake = api();
    restoreSession(new QueryClient());
    await settle();
    expect(fake.callsTo('GET', '/api/physician/dashboard')).toHaveLength(1);
    expect(fake.callsTo('GET', '/api/users/settings')).toHaveLength(1);
    expect(fake.callsTo('GET', '/api/euteemployee/dashboard')).toHaveLength(0);
    releaseUser();
    await settle();
    // The user confirms the guess: nothing is asked twice.
    expect(fake.callsTo('GET', '/api/physician/dashboard')).toHaveLength(1);
  });

  it('without a remembered home, asks for the user’s homes once the user is known, and remembers them', async () => {
    const fake = api();
    restoreSession(new QueryClient());
    await settle();
    expect(fake.callsTo('GET', '/api/physician/dashboard')).toHaveLength(0);
    releaseUser();
    await settle();
    expect(fake.callsTo('GET', '/api/physician/dashboard')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('graftmatch.homes') ?? 'null')).toEqual({
      physician: true,
      eute: false,
      admin: false,
    });
  });
});
