import { endOfUtcDayMs } from '@graftmatch/domain';
import { describe, expect, it } from 'vitest';
import { AnswerReplays, type Replay } from './answer-replay';

const versions = { graftData: 3, access: 2, waitingList: 5, activity: 7 };

function aReplay(overrides: Partial<Replay> = {}): Replay {
  return {
    url: '/api/physician/waitinglist?limit=50&offset=0',
    authorization: `Bearer ${'a'.repeat(300)}.signature-one`,
    acceptEncoding: 'gzip, br',
    acceptLanguage: 'de',
    cookie: 'XSRF-TOKEN=x',
    accessToken: `${'a'.repeat(300)}.signature-one`,
    versions,
    untilMs: endOfUtcDayMs(Date.parse('2026-11-25T10:00:00Z')),
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from('[]'),
    ...overrides,
  };
}

describe('answer replays', () => {
  it('finds an answer only for the same URL, credential, encodings, languages and cookies', () => {
    const replays = new AnswerReplays({ maxEntries: 10, maxBytes: 1_000 });
    const kept = aReplay();
    replays.keep(kept);
    expect(replays.find(kept)).toBe(kept);
    expect(replays.find({ ...kept, url: `${kept.url}x` })).toBeUndefined();
    expect(replays.find({ ...kept, acceptEncoding: 'gzip' })).toBeUndefined();
    expect(replays.find({ ...kept, acceptEncoding: undefined })).toBeUndefined();
    expect(replays.find({ ...kept, acceptLanguage: 'en' })).toBeUndefined();
    expect(replays.find({ ...kept, cookie: undefined })).toBeUndefined();
    // Another token with the same last characters (the key's part of it) is still another caller.
    expect(replays.find({ ...kept, authorization: `Bearer ${'b'.repeat(300)}.signature-one` })).toBeUndefined();
  });

  it('drops every answer once one is kept under newer versions, and keeps none made under older ones', () => {
    const replays = new AnswerReplays({ maxEntries: 10, maxBytes: 1_000 });
    const old = aReplay();
    replays.keep(old);
    const newer = aReplay({ url: '/api/euteemployee/waitinglist', versions: { ...versions, waitingList: 6 } });
    replays.keep(newer);
    expect(replays.find(old)).toBeUndefined();
    expect(replays.find(newer)).toBe(newer);
    const late = aReplay({ url: '/late', versions: { ...versions, access: 1, waitingList: 6 } });
    replays.keep(late);
    expect(replays.find(late)).toBeUndefined();
    expect(replays.find(newer)).toBe(newer);
  });

  it('keeps at most its number of answers and bytes, oldest out', () => {
    const replays = new AnswerReplays({ maxEntries: 2, maxBytes: 10 });
    const [first, second, third] = ['/1', '/2', '/3'].map((url) => aReplay({ url, body: Buffer.alloc(4) }));
    for (const replay of [first, second, third]) {
      replays.keep(replay as Replay);
    }
    expect(replays.size).toBe(2);
    expect(replays.find(first as Replay)).toBeUndefined();
    const large = aReplay({ url: '/large', body: Buffer.alloc(8) });
    replays.keep(large);
    expect(replays.size).toBe(1);
    expect(replays.find(large)).toBe(large);
  });

  it('replaces the answer of the same request instead of counting it twice', () => {
    const replays = new AnswerReplays({ maxEntries: 2, maxBytes: 10 });
    replays.keep(aReplay({ body: Buffer.alloc(6) }));
    const again = aReplay({ body: Buffer.alloc(6) });
    replays.keep(again);
    expect(replays.size).toBe(1);
    expect(replays.find(again)).toBe(again);
  });
});
