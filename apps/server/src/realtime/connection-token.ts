import { randomBytes } from 'node:crypto';
import type { SecretHasher } from '../identity/secrets';

/** What a genuine connection token stands for. */
export interface ConnectionGrant {
  connectionId: string;
  /** Negotiated with `useStatefulReconnect=true`: the connection may replay after a reconnect. */
  stateful: boolean;
}

/**
 * The connection token that negotiate hands out and every transport request brings back (`?id=`).
 * It is signed rather than stored, so negotiate and the transport may reach different instances
 * behind a load balancer: `<connectionId>.<expiresAtMs>.<s|n>.<mac>`, the mac binding all of it to
 * the caller's session. A connection is opened with it once per instance, before it expires;
 * later requests of that connection (polls, sends, a stateful reconnect) need it genuine and of
 * the same session, and find the connection by its id.
 */
export interface ConnectionTokens {
  issue(sessionId: string, options: { stateful: boolean }): { connectionId: string; connectionToken: string };
  /** Opens a connection: the grant when the token is genuine, unexpired, of this session and not used before. */
  redeem(connectionToken: string, sessionId: string): ConnectionGrant | null;
  /** The grant when the token is genuine and of this session, however old and however often used. */
  verify(connectionToken: string, sessionId: string): ConnectionGrant | null;
}

const macInput = (connectionId: string, expiresAt: number, flag: string, sessionId: string) =>
  `graftmatch/push-connection/v2|${connectionId}|${expiresAt}|${flag}|${sessionId}`;

export function createConnectionTokens(deps: {
  secrets: SecretHasher;
  now: () => Date;
  lifetimeMs: number;
}): ConnectionTokens {
  // Redeemed ids until they expire anyway; pruned as tokens are issued and redeemed.
  const redeemed = new Map<string, number>();
  let prunedAt = 0;
  // At most once a second: thousands of clients connecting at once must not each walk the map.
  const prune = (now: number) => {
    if (now - prunedAt < 1000) {
      return;
    }
    prunedAt = now;
    for (const [id, expiresAt] of redeemed) {
      if (expiresAt < now) {
        redeemed.delete(id);
      }
    }
  };
  const parse = (connectionToken: string, sessionId: string) => {
    const [connectionId, expiry, flag, mac, extra] = connectionToken.split('.');
    const expiresAt = Number(expiry);
    if (!connectionId || !mac || extra !== undefined || !Number.isSafeInteger(expiresAt) || !flag) {
      return null;
    }
    if (!deps.secrets.matches(macInput(connectionId, expiresAt, flag, sessionId), mac)) {
      return null;
    }
    return { grant: { connectionId, stateful: flag === 's' }, expiresAt };
  };

  return {
    issue(sessionId, options) {
      const connectionId = randomBytes(16).toString('base64url');
      const expiresAt = deps.now().getTime() + deps.lifetimeMs;
      const flag = options.stateful ? 's' : 'n';
      prune(deps.now().getTime());
      const mac = deps.secrets.hash(macInput(connectionId, expiresAt, flag, sessionId));
      return { connectionId, connectionToken: `${connectionId}.${expiresAt}.${flag}.${mac}` };
    },
    redeem(connectionToken, sessionId) {
      const now = deps.now().getTime();
      prune(now);
      const parsed = parse(connectionToken, sessionId);
      if (!parsed || parsed.expiresAt < now || redeemed.has(parsed.grant.connectionId)) {
        return null;
      }
      redeemed.set(parsed.grant.connectionId, parsed.expiresAt);
      return parsed.grant;
    },
    verify: (connectionToken, sessionId) => parse(connectionToken, sessionId)?.grant ?? null,
  };
}
