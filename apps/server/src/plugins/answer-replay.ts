import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { DataVersionReader, DataVersions } from '../db/data-versions';
import { endOfUtcDayMs } from '@graftmatch/domain';
import { AnswerReplays, PER_ANSWER_HEADERS, sameVersions, type Replay } from '../http/answer-replay';
import type { Authenticator } from '../identity/authenticator';
import { bearerOf } from '../http/credentials';
import type { StorageGuard } from '../storage/storage-guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET whose answer depends only on its URL, the caller and the data versions (http/answer-cache.ts). */
    answeredFromCache?: boolean;
  }
}

const MAX_REPLAYS = 5_000;
const MAX_REPLAY_BYTES = 32 * 1024 * 1024;

/**
 * Replays a caller's last answer of a GET answered from the answer cache (docs/performance.md,
 * "Replayed answers"): when the same URL comes again with the same credential, encodings and
 * cookies, the first hook of the request sends the bytes sent last time, and the request skips
 * cookies, anti-forgery, input checks and the route. It does so only while everything the whole
 * way would check still holds: the storage is the one opened, the data versions are the same, the
 * authenticator still knows the caller for this token at those versions (session live, token
 * unexpired, user active; identity/authenticator.ts), and the day has not changed. Otherwise
 * the request goes the whole way, and its answer replaces the kept one. Registered before every
 * other request hook, so that a replay runs none of them.
 */
export function registerAnswerReplay(
  app: FastifyInstance,
  deps: {
    enabled: boolean;
    authenticate: Authenticator;
    readVersions: DataVersionReader;
    guard: StorageGuard;
    now: () => Date;
  },
) {
  app.decorateRequest('replayUntilMs', 0);
  if (!deps.enabled) {
    return;
  }
  const replays = new AnswerReplays({ maxEntries: MAX_REPLAYS, maxBytes: MAX_REPLAY_BYTES });

  const keepAnswer: onSendHookHandler = (request, reply, payload, done) => {
    const versions = request.dataVersions;
    const authorization = request.headers.authorization;
    if (
      request.method === 'GET' &&
      reply.statusCode === 200 &&
      Buffer.isBuffer(payload) &&
      versions !== null &&
      authorization !== undefined &&
      request.replayUntilMs > 0 &&
      // An answer that sets a cookie (the first anti-forgery token) is for that request alone.
      !reply.hasHeader('set-cookie')
    ) {
      // Parsed only for an answer worth keeping.
      const accessToken = bearerOf(request);
      if (accessToken !== null) {
        const headers = { ...reply.getHeaders() } as Replay['headers'];
        for (const name of PER_ANSWER_HEADERS) {
          delete headers[name];
        }
        replays.keep({
          url: request.url,
          authorization,
          acceptEncoding: request.headers['accept-encoding'],
          acceptLanguage: request.headers['accept-language'],
          cookie: request.headers.cookie,
          accessToken,
          versions,
          untilMs: request.replayUntilMs,
          headers,
          body: payload,
        });
      }
    }
    done(null, payload);
  };

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.answeredFromCache && methods.includes('GET')) {
      const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
      route.onSend = [...own, keepAnswer];
    }
  });

  /** Sends the replay when it still holds for this request; answers whether it did. */
  const replayed = (reply: FastifyReply, replay: Replay, versions: DataVersions, nowMs: number): boolean => {
    const holds =
      sameVersions(versions, replay.versions) &&
      nowMs < replay.untilMs &&
      deps.guard.problem() === null &&
      deps.authenticate.known(replay.accessToken, versions) !== null;
    if (holds) {
      reply.headers(replay.headers).send(replay.body);
    }
    return holds;
  };

  // A callback hook: every request passes it, and an async one costs a promise each.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const authorization = request.headers.authorization;
    if (request.method !== 'GET' || authorization === undefined) {
      done();
      return;
    }
    // Taken once: a replay must still hold now, and an answer kept holds to the end of this day at most.
    const nowMs = deps.now().getTime();
    request.replayUntilMs = endOfUtcDayMs(nowMs);
    const replay = replays.find({
      url: request.url,
      authorization,
      acceptEncoding: request.headers['accept-encoding'],
      acceptLanguage: request.headers['accept-language'],
      cookie: request.headers.cookie,
    });
    if (!replay) {
      done();
      return;
    }
    // On SQLite the versions are known without a read while nothing was committed; PostgreSQL reads them.
    const versions = deps.readVersions.known();
    if (versions) {
      if (!replayed(reply, replay, versions, nowMs)) {
        done();
      }
      return;
    }
    deps.readVersions().then(
      (read) => {
        if (!replayed(reply, replay, read, nowMs)) {
          done();
        }
      },
      // The way through reads them again and answers the failure as usual.
      () => done(),
    );
  });
}
