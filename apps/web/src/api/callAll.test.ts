import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callAll } from './call';
import { clearSession, setAccessToken } from './session';
import { fakeApi, fakeJwt, json, pagedJson } from '../test/fakeApi';

// A list of 1,201 open entries, answered 500 a page with the count in X-Total-Count, as the server does.
const ALL = Array.from({ length: 1_201 }, (_, index) => ({ waitinglistid: `entry-${index}` }));

beforeEach(() => {
  clearSession();
  setAccessToken(fakeJwt(600));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reading a whole list', () => {
  it('reads page after page until it has every entry the server counts, in the server’s order', async () => {
    const api = fakeApi({ 'GET /api/euteemployee/waitinglist': pagedJson(ALL) });
    const entries = await callAll('GET /euteemployee/waitinglist');
    expect(entries).toEqual(ALL);
    expect(api.calls.map((call) => call.query.toString())).toEqual([
      'limit=500&offset=0',
      'limit=500&offset=500',
      'limit=500&offset=1000',
    ]);
  });

  it('stops after one page when the list fits it', async () => {
    const api = fakeApi({ 'GET /api/euteemployee/waitinglist': () => json(ALL.slice(0, 3)) });
    expect(await callAll('GET /euteemployee/waitinglist')).toHaveLength(3);
    expect(api.calls).toHaveLength(1);
  });
});
