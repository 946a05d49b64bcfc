import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import '../plugins/authentication';
import { createAnswerCache, endOfMinuteMs, type Cacheable } from './answer-cache';

// The answer cache in a bare Fastify: the versions a request read are set by hand here (the app's
// authentication plugin reads them from the database), so the test decides when they change.

function appWith(compute: () => Promise<unknown>) {
  const app = Fastify();
  const answers = createAnswerCache({ enabled: true });
  let graftData = 1;
  app.decorateRequest('dataVersions', null);
  app.addHook('onRequest', async (request) => {
    request.dataVersions = { graftData, access: 1, waitingList: 1, activity: 1 };
  });
  app.get('/answer', (request, reply) => answers.send(request, reply, { key: 'the-key', compute }));
  return { app, change: () => (graftData += 1) };
}

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('answer cache', () => {
  it('computes an answer once for requests that miss together, and again after a change', async () => {
    let computations = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { app, change } = appWith(async () => {
      computations += 1;
      await gate;
      return { computation: computations };
    });
    apps.push(app);

    const together = Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/answer' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const answers = await Promise.all(together);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body))).toEqual(new Set(['{"computation":1}']));
    expect(computations).toBe(1);

    change();
    expect((await app.inject({ method: 'GET', url: '/answer' })).body).toBe('{"computation":2}');
  });

  it('keeps no failed computation: every waiting request gets the error, the next one computes again', async () => {
    let computations = 0;
    const { app } = appWith(async () => {
      computations += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (computations === 1) {
        throw new Error('database gone');
      }
      return { computation: computations };
    });
    apps.push(app);

    const failed = await Promise.all(Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/answer' })));
    expect(failed.map((answer) => answer.statusCode)).toEqual(Array(5).fill(500));
    expect(computations).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/answer' })).body).toBe('{"computation":2}');
  });

  it('replaces an answer when a counter it reads changes, and keeps it through changes of the others', async () => {
    const app = Fastify();
    apps.push(app);
    const answers = createAnswerCache({ enabled: true });
    const versions = { graftData: 1, access: 1, waitingList: 1, activity: 1 };
    app.decorateRequest('dataVersions', null);
    app.decorateRequest('replayUntilMs', 0);
    app.addHook('onRequest', async (request) => {
      request.dataVersions = { ...versions };
    });
    const computations = { home: 0, search: 0 };
    const answer = (name: keyof typeof computations, alsoReads: Cacheable<unknown>['alsoReads']) => ({
      key: name,
      alsoReads,
      compute: async () => ({ [name]: (computations[name] += 1) }),
    });
    app.get('/home', (request, reply) => answers.send(request, reply, answer('home', ['waitingList', 'activity'])));
    app.get('/search', (request, reply) => answers.send(request, reply, answer('search', undefined)));
    const read = async () => {
      await app.inject({ method: 'GET', url: '/home' });
      await app.inject({ method: 'GET', url: '/search' });
      return { ...computations };
    };

    expect(await read()).toEqual({ home: 1, search: 1 });
    expect(await read()).toEqual({ home: 1, search: 1 });
    versions.activity += 1;
    expect(await read()).toEqual({ home: 2, search: 1 });
    versions.access += 1;
    expect(await read()).toEqual({ home: 2, search: 1 });
    versions.waitingList += 1;
    expect(await read()).toEqual({ home: 3, search: 1 });
    versions.graftData += 1;
    expect(await read()).toEqual({ home: 4, search: 2 });
  });

  it("computes an answer kept per minute again in the next minute, and its replay holds to the minute's end", async () => {
    const app = Fastify();
    apps.push(app);
    const answers = createAnswerCache({ enabled: true });
    let nowMs = Date.parse('2026-12-04T10:15:59.900Z');
    let computations = 0;
    const replayUntil: number[] = [];
    app.decorateRequest('dataVersions', null);
    app.decorateRequest('replayUntilMs', 0);
    app.addHook('onRequest', async (request) => {
      request.dataVersions = { graftData: 1, access: 1, waitingList: 1, activity: 1 };
      request.replayUntilMs = Date.parse('2026-12-05T00:00:00.000Z');
    });
    app.addHook('onSend', async (request) => {
      replayUntil.push(request.replayUntilMs);
    });
    app.get('/home', (request, reply) =>
      answers.send(request, reply, {
        key: 'home',
        holdsUntilMs: endOfMinuteMs(nowMs),
        compute: async () => ({ computation: (computations += 1) }),
      }),
    );

    expect((await app.inject({ method: 'GET', url: '/home' })).body).toBe('{"computation":1}');
    expect((await app.inject({ method: 'GET', url: '/home' })).body).toBe('{"computation":1}');
    nowMs += 200;
    expect((await app.inject({ method: 'GET', url: '/home' })).body).toBe('{"computation":2}');
    expect(replayUntil.map((ms) => new Date(ms).toISOString())).toEqual([
      '2026-12-04T10:16:00.000Z',
      '2026-12-04T10:16:00.000Z',
      '2026-12-04T10:17:00.000Z',
    ]);
  });
});
