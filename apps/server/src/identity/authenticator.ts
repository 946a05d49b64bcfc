import { VersionedCache } from '../cache/versioned-cache';
import type { Database } from '../db/database';
import type { DataVersions } from '../db/data-versions';
import type { Principal } from './principal';
import { createPrincipalQueries } from './principal.repository';
import type { TokenService } from './tokens';

export interface Authenticated {
  principal: Principal;
  sessionId: string;
}

interface CachedCaller extends Authenticated {
  /** The session's absolute end (ms since the epoch); the cache never serves a caller past it. */
  sessionExpiresAtMs: number;
  /** The access token's end (ms since the epoch); the cache never serves a token past it. */
  tokenExpiresAtMs: number;
}

const MAX_CACHED_CALLERS = 10_000;

/**
 * Who is calling, for every protected request: the access token checked in this thread, then the
 * caller loaded in two prepared statements; or both taken from a cache keyed by the token itself
 * (only a token once verified gets an entry), kept only while the database's `access` version
 * stays the same and the token and its session have not run out. Every write to users,
 * memberships, clinics, banks and a session's end bumps that version in the database itself, on
 * every instance alike, so a deactivation, a logout or ended sessions count from the next request
 * on (docs/performance.md).
 */
export function createAuthenticator(deps: { database: Database; tokens: TokenService; now: () => Date }) {
  const queries = createPrincipalQueries(deps.database);
  const callers = new VersionedCache<CachedCaller>({ maxEntries: MAX_CACHED_CALLERS });

  async function load(sessionId: string, userId: string): Promise<Omit<CachedCaller, 'tokenExpiresAtMs'> | null> {
    const [session, memberships] = await Promise.all([
      queries.sessionOfActiveUser(sessionId, userId),
      queries.memberships(userId),
    ]);
    if (!session) {
      return null;
    }
    return {
      sessionId: session.sessionId,
      sessionExpiresAtMs: Date.parse(session.expiresAt),
      principal: {
        userId: session.userId,
        email: session.email,
        admin: Number(session.admin) === 1,
        audit: Number(session.audit) === 1,
        clinicIds: memberships.filter((m) => m.kind === 'clinic').map((m) => m.id),
        euteIds: memberships.filter((m) => m.kind === 'eute').map((m) => m.id),
        language: session.language,
      },
    };
  }

  /** The caller while neither the token nor its session has run out, else null. */
  function current(caller: CachedCaller): Authenticated | null {
    const now = deps.now().getTime();
    return now < caller.tokenExpiresAtMs && now < caller.sessionExpiresAtMs ? caller : null;
  }

  async function authenticate(accessToken: string, versions: DataVersions): Promise<Authenticated | null> {
    let caller = callers.get(accessToken, versions.access);
    if (!caller) {
      const claims = await deps.tokens.verifyAccess(accessToken);
      const loaded = claims && (await load(claims.sessionId, claims.userId));
      if (!claims || !loaded) {
        return null;
      }
      caller = { ...loaded, tokenExpiresAtMs: claims.expiresAtMs };
      callers.set(accessToken, versions.access, caller);
    }
    return current(caller);
  }

  /** The caller from the cache alone, without waiting; null when only `authenticate` can tell. */
  function known(accessToken: string, versions: DataVersions): Authenticated | null {
    const caller = callers.get(accessToken, versions.access);
    return caller ? current(caller) : null;
  }

  return Object.assign(authenticate, { known });
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
