import { randomBytes } from 'node:crypto';
import type { SecretHasher } from '../modules/auth/secrets';

/**
 * The connection token that negotiate hands out and the WebSocket request must bring back (`?id=`).
 * It is signed rather than stored, so negotiate and the WebSocket may reach different instances
 * behind a load balancer: `<connectionId>.<expiresAtMs>.<mac>`, the mac binding both to the
 * caller's session. It expires quickly and each instance accepts it once; a token replayed on
 * another instance within its lifetime still needs the same session's access token.
 */
export interface ConnectionTokens {
  issue(sessionId: string): { connectionId: string; connectionToken: string };
  /** The connection id when the token is genuine, unexpired, of this session and not used before; else null. */
  redeem(connectionToken: string, sessionId: string): string | null;
}

const macInput = (connectionId: string, expiresAt: number, sessionId: string) =>
  `graftmatch/push-connection/v1|${connectionId}|${expiresAt}|${sessionId}`;

export function createConnectionTokens(deps: {
  secrets: SecretHasher;
  now: () => Date;
  lifetimeMs: number;
}): ConnectionTokens {
  // Redeemed ids until they expire anyway; pruned as tokens are issued and redeemed.
  const redeemed = new Map<string, number>();
  const prune = (now: number) => {
    for (const [id, expiresAt] of redeemed) {
      if (expiresAt < now) {
        redeemed.delete(id);
      }
    }
  };

  return {
    issue(sessionId) {
      const connectionId = randomBytes(16).toString('base64url');
      const expiresAt = deps.now().getTime() + deps.lifetimeMs;
      prune(deps.now().getTime());
      return {
        connectionId,
        connectionToken: `${connectionId}.${expiresAt}.${deps.secrets.hash(macInput(connectionId, expiresAt, sessionId))}`,
      };
    },
    redeem(connectionToken, sessionId) {
      const [connectionId, expiry, mac, extra] = connectionToken.split('.');
      const expiresAt = Number(expiry);
      const now = deps.now().getTime();
      prune(now);
      if (!connectionId || !mac || extra !== undefined || !Number.isSafeInteger(expiresAt) || expiresAt < now) {
        return null;
      }
      if (redeemed.has(connectionId) || !deps.secrets.matches(macInput(connectionId, expiresAt, sessionId), mac)) {
        return null;
      }
      redeemed.set(connectionId, expiresAt);
      return connectionId;
    },
  };
}
