import type { DataVersions } from '../db/data-versions';

/**
 * What a replayed answer was asked with: the same URL, the same credential, the same encodings
 * and languages accepted and the same cookies give the same answer while nothing it depends on has changed.
 */
export interface ReplayRequest {
  url: string;
  authorization: string;
  acceptEncoding: string | undefined;
  acceptLanguage: string | undefined;
  cookie: string | undefined;
}

/** One answer as it was sent, with what it holds under (docs/performance.md, "Replayed answers"). */
export interface Replay extends ReplayRequest {
  /** The caller's access token, for the authenticator to say whether its session still stands. */
  accessToken: string;
  /** The database's versions read before the answer was made. */
  versions: DataVersions;
  /** The end of the day (UTC, ms since the epoch) the answer was made on: lists count fits as of a day. */
  untilMs: number;
  /** The headers as sent, less those that belong to each answer alone (length, connection). */
  headers: Record<string, string | number | string[]>;
  body: Buffer;
}

/** Headers that belong to one answer on its connection (Node sets them per answer), not to its content. */
export const PER_ANSWER_HEADERS = [
  'content-length',
  'connection',
  'keep-alive',
  'date',
  'transfer-encoding',
  'x-request-id',
] as const;

export const sameVersions = (a: DataVersions, b: DataVersions) =>
  a.graftData === b.graftData && a.access === b.access && a.waitingList === b.waitingList && a.activity === b.activity;

/**
 * The last answer per URL and credential, so that a repeated read is answered before cookies,
 * route, input and cache are looked at again. Only answers made under the newest versions seen are
 * kept: a newer version drops them all, as each of them may be stale. Bounded in entries and bytes,
 * oldest out.
 */
export class AnswerReplays {
  #entries = new Map<string, Replay>();
  #versions: DataVersions | null = null;
  #bytes = 0;

  constructor(private readonly limits: { maxEntries: number; maxBytes: number }) {}

  /**
   * The key hashes the URL and the credential's last characters only: a token is hundreds of
   * characters long, and hashing it whole on every request costs more than the rest of a lookup.
   * `find` compares everything in full.
   */
  static #keyOf(request: ReplayRequest): string {
    return `${request.url}\n${request.authorization.slice(-24)}`;
  }

  find(request: ReplayRequest): Replay | undefined {
    const replay = this.#entries.get(AnswerReplays.#keyOf(request));
    return replay &&
      replay.authorization === request.authorization &&
      replay.url === request.url &&
      replay.acceptEncoding === request.acceptEncoding &&
      replay.acceptLanguage === request.acceptLanguage &&
      replay.cookie === request.cookie
      ? replay
      : undefined;
  }

  keep(replay: Replay): void {
    if (this.#versions === null || !sameVersions(this.#versions, replay.versions)) {
      if (this.#versions !== null && isOlder(replay.versions, this.#versions)) {
        return;
      }
      this.#versions = replay.versions;
      this.#entries.clear();
      this.#bytes = 0;
    }
    const key = AnswerReplays.#keyOf(replay);
    this.#forget(key);
    this.#entries.set(key, replay);
    this.#bytes += replay.body.length;
    // Oldest first out: Map keeps insertion order.
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes) {
        break;
      }
      this.#forget(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  #forget(key: string): void {
    const kept = this.#entries.get(key);
    if (kept) {
      this.#entries.delete(key);
      this.#bytes -= kept.body.length;
    }
  }
}

/** Versions only grow: an answer made under any smaller counter was made before the kept ones. */
const isOlder = (a: DataVersions, b: DataVersions) =>
  a.graftData < b.graftData || a.access < b.access || a.waitingList < b.waitingList || a.activity < b.activity;
