import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD, ENCODINGS } from './compression';
import { VersionedCache } from '../cache/versioned-cache';
import type { DataVersions } from '../db/data-versions';
import { TOTAL_COUNT_HEADER, type Paged } from './paging';
import './request-context';

/**
 * Search results, waiting lists and homes, kept as the bytes sent (docs/performance.md): keyed by
 * what the caller may see and asked for (the service builds the key after its policy check), and
 * valid while the database's versions, read at the start of the request, stay the same: every
 * graft, file, clinic, bank, membership or follow-up write bumps `graft_data`, every waiting-list
 * write `waiting_list`, every account write `access`, and requests, reports, imports and FHIR
 * subscriptions `activity`. Every answer depends on `graft_data` and on the counters it names.
 */
export interface AnswerCache {
  /** Sends the answer for `answer.key`, computing and keeping it when missing. */
  send<T>(request: FastifyRequest, reply: FastifyReply, answer: Cacheable<T>): Promise<FastifyReply>;
  /** The same for a page: the items as the body, the total in `X-Total-Count`. */
  sendPage<T>(request: FastifyRequest, reply: FastifyReply, answer: Cacheable<Paged<T>>): Promise<FastifyReply>;
  /** The same for a document made as bytes (a PDF), sent as an attachment under its file name. */
  sendDocument(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: Cacheable<CacheableDocument>,
  ): Promise<FastifyReply>;
}

/**
 * The options of every route that answers through this cache: it encodes its answers itself (and
 * keeps the encoded bytes), so the compression plugin's hooks are left off the route; and a GET's
 * answer may be replayed to the same caller while nothing changed (plugins/answer-replay.ts). A
 * route that spreads these options sets no `config` of its own.
 */
export const ANSWERED_FROM_CACHE = { compress: false, config: { answeredFromCache: true } } as const;

const MINUTE_MS = 60_000;

/** The end of the minute `nowMs` falls in: for an answer kept per minute (`Cacheable.holdsUntilMs`). */
export const endOfMinuteMs = (nowMs: number) => (Math.floor(nowMs / MINUTE_MS) + 1) * MINUTE_MS;

/** A document as its bytes, with what the download needs. */
export interface CacheableDocument {
  bytes: Buffer;
  type: string;
  fileName: string;
}

/** What a service answers for a cacheable read, after its policy and input checks have passed. */
export interface Cacheable<T> {
  /** Everything the answer depends on besides the graft data: what was asked, the caller's scope, the day. */
  key: string;
  /** The counters besides `graft_data` whose tables the answer reads, so that their changes replace it. */
  alsoReads?: readonly AlsoRead[];
  /**
   * When the answer stops holding though nothing was written (ms since the epoch): a home whose
   * ages and warnings move with the clock is kept per minute. Part of the key; a replay of the
   * answer holds until then too.
   */
  holdsUntilMs?: number;
  compute(): Promise<T>;
}

type AlsoRead = Exclude<keyof DataVersions, 'graftData'>;

interface Answer {
  /** The bytes sent, so that a hit is written as it is: no serialising and no length count per request. */
  body: Buffer;
  type: string;
  /** Headers that belong to the answer and are kept with it: a page's total, a document's file name. */
  headers: Record<string, string>;
  /** JSON is compressed for browsers; a PDF's content is compressed already. */
  compressible: boolean;
  /**
   * The body compressed, per encoding, made on the first hit that accepts it: a hit then costs no
   * compression either (the compression plugin leaves an encoded reply alone). Smaller than the
   * body, so the cache's size limit counts the body only.
   */
  encoded: Partial<Record<Encoding, Buffer>>;
}

type Encoding = (typeof ENCODINGS)[number];
const OFFERED: Encoding[] = [...ENCODINGS];

function encode(encoding: Encoding, body: Buffer): Buffer {
  // The compression plugin's own levels: brotli quality 4, gzip's default.
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipSync(body);
}

const MAX_ANSWERS = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

/** The last Accept-Encoding seen and what it chose: a browser sends the same one on every request. */
const lastNegotiated = { accepted: '', encoding: null as Encoding | null };

function encodingFor(accepted: string | undefined): Encoding | null {
  if (!accepted) {
    return null;
  }
  if (accepted !== lastNegotiated.accepted) {
    lastNegotiated.encoding = negotiate(accepted, OFFERED) as Encoding | null;
    lastNegotiated.accepted = accepted;
  }
  return lastNegotiated.encoding;
}

export function createAnswerCache(options: { enabled: boolean }): AnswerCache {
  const storeOf = () => ({
    kept: new VersionedCache<Answer>({
      maxEntries: MAX_ANSWERS,
      maxSize: MAX_BYTES,
      sizeOf: (answer) => answer.body.length,
    }),
    /**
     * Answers being computed, by version and key: requests that miss together (many clients after
     * a change, or at start) wait for one computation instead of each running the same queries.
     */
    computing: new Map<string, Promise<Answer>>(),
  });
  /** One store per set of counters read: a version is comparable only with versions of the same counters. */
  const stores = new Map<string, ReturnType<typeof storeOf>>();
  const storeFor = (alsoReads: readonly AlsoRead[]) => {
    const name = alsoReads.join(',');
    let store = stores.get(name);
    if (!store) {
      store = storeOf();
      stores.set(name, store);
    }
    return store;
  };

  function reply(request: FastifyRequest, replyTo: FastifyReply, answer: Answer) {
    replyTo.type(answer.type).headers(answer.headers);
    if (!answer.compressible) {
      return replyTo.send(answer.body);
    }
    replyTo.header('vary', 'accept-encoding');
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (encoding && answer.body.length >= COMPRESSION_THRESHOLD) {
      answer.encoded[encoding] ??= encode(encoding, answer.body);
      return replyTo.header('content-encoding', encoding).send(answer.encoded[encoding]);
    }
    // Bytes with a JSON content type are sent as they are: serialised once, by the route's schema.
    return replyTo.send(answer.body);
  }

  /** A JSON answer: the value serialised by the route's response schema. */
  const json = (replyTo: FastifyReply, value: unknown, headers: Record<string, string> = {}): Answer => ({
    body: Buffer.from(replyTo.serialize(value) as string),
    type: JSON_TYPE,
    headers,
    compressible: true,
    encoded: {},
  });

  async function answerFor(
    request: FastifyRequest,
    replyTo: FastifyReply,
    answer: Cacheable<unknown>,
    toAnswer: () => Promise<Answer>,
  ) {
    const versions = request.dataVersions;
    if (!options.enabled || !versions) {
      return reply(request, replyTo, await toAnswer());
    }
    const alsoReads = answer.alsoReads ?? [];
    // The counters only grow, so their sum grows whenever any of them does.
    const version = alsoReads.reduce((sum, counter) => sum + versions[counter], versions.graftData);
    const store = storeFor(alsoReads);
    const key = answer.holdsUntilMs === undefined ? answer.key : `${answer.key}@${answer.holdsUntilMs}`;
    if (answer.holdsUntilMs !== undefined) {
      request.replayUntilMs = Math.min(request.replayUntilMs, answer.holdsUntilMs);
    }
    const cached = store.kept.get(key, version);
    if (cached) {
      return reply(request, replyTo, cached);
    }
    const computingKey = `${version}:${key}`;
    let pending = store.computing.get(computingKey);
    if (!pending) {
      pending = toAnswer();
      store.computing.set(computingKey, pending);
      const settled = () => store.computing.delete(computingKey);
      pending.then(settled, settled);
    }
    const computed = await pending;
    store.kept.set(key, version, computed);
    return reply(request, replyTo, computed);
  }

  return {
    send: (request, replyTo, answer) =>
      answerFor(request, replyTo, answer, async () => json(replyTo, await answer.compute())),
    sendPage: (request, replyTo, answer) =>
      answerFor(request, replyTo, answer, async () => {
        const page = await answer.compute();
        return json(replyTo, page.items, { [TOTAL_COUNT_HEADER]: String(page.total) });
      }),
    sendDocument: (request, replyTo, answer) =>
      answerFor(request, replyTo, answer, async () => {
        const document = await answer.compute();
        return {
          body: document.bytes,
          type: document.type,
          headers: { 'content-disposition': `attachment; filename="${document.fileName}"` },
          compressible: false,
          encoded: {},
        };
      }),
  };
}
