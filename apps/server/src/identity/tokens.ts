import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

// Every token is a JWT signed with HS256 only (an allow-list, so `alg: none` or a swapped
// algorithm never verifies), with issuer, audience, expiry and a `token_use` claim: a refresh
// or two-factor token is never accepted where an access token is expected.

export type TokenUse = 'access' | 'refresh' | 'two_factor';

export const ACCESS_TOKEN_MINUTES = 15;
export const TWO_FACTOR_MINUTES = 10;

const ALGORITHM = 'HS256';
const ISSUER = 'graftmatch';
const AUDIENCE = 'graftmatch-api';

export interface AccessClaims {
  userId: string;
  /** The session (refresh-token family) the token belongs to. */
  sessionId: string;
}
/** A verified access token: whose it is, and until when it counts. */
export interface VerifiedAccess extends AccessClaims {
  /** The token's `exp`, in milliseconds since the epoch. */
  expiresAtMs: number;
}
export interface RefreshClaims extends AccessClaims {
  /** The refresh token's own id (`jti`), one row of refresh_tokens. */
  tokenId: string;
}
export interface TwoFactorClaims {
  userId: string;
  /** The login attempt (two-factor challenge) the token is bound to. */
  twoFactorId: string;
}

export interface TokenService {
  issueAccess(claims: AccessClaims): Promise<string>;
  issueRefresh(claims: RefreshClaims, expiresAt: Date): Promise<string>;
  issueTwoFactor(claims: TwoFactorClaims): Promise<string>;
  /** Null for anything not a valid, unexpired token of that use. */
  verifyAccess(token: string): Promise<VerifiedAccess | null>;
  verifyRefresh(token: string): Promise<RefreshClaims | null>;
  verifyTwoFactor(token: string): Promise<TwoFactorClaims | null>;
}

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The access token is checked on every request, so it is verified with node:crypto's HMAC in this
 * thread rather than through WebCrypto's promises (docs/performance.md). The checks are jose's
 * for our tokens: the header (HS256 only, no critical extensions), the signature,
 * issuer, audience, a future `exp`, `nbf` if present, the required claims, and the token use.
 */
function verifyAccessPayload(secret: Uint8Array, token: string, now: Date): Record<string, unknown> | null {
  const [header, payload, signature, extra] = token.split('.');
  if (!header || !payload || !signature || extra !== undefined) {
    return null;
  }
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return null;
  }
  const headerFields = decodeJson(header);
  if (
    !headerFields ||
    headerFields.alg !== ALGORITHM ||
    (headerFields.typ !== undefined && headerFields.typ !== 'JWT') ||
    headerFields.crit !== undefined
  ) {
    return null;
  }
  const claims = decodeJson(payload);
  const seconds = Math.floor(now.getTime() / 1000);
  const audience = claims?.aud;
  if (
    !claims ||
    claims.iss !== ISSUER ||
    !(audience === AUDIENCE || (Array.isArray(audience) && audience.includes(AUDIENCE))) ||
    typeof claims.exp !== 'number' ||
    claims.exp <= seconds ||
    (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > seconds)) ||
    (claims.iat !== undefined && typeof claims.iat !== 'number') ||
    typeof claims.jti !== 'string' ||
    claims.token_use !== 'access'
  ) {
    return null;
  }
  return claims;
}

export function createTokenService(secret: Uint8Array, now: () => Date): TokenService {
  async function sign(use: TokenUse, subject: string, claims: Record<string, string>, expiresAt: Date, jti?: string) {
    return new SignJWT({ ...claims, token_use: use })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(subject)
      .setJti(jti ?? randomUUID())
      .setIssuedAt(now())
      .setExpirationTime(expiresAt)
      .sign(secret);
  }

  async function verify(use: TokenUse, token: string): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now(),
        requiredClaims: ['exp', 'sub', 'jti', 'token_use'],
      });
      return payload.token_use === use ? payload : null;
    } catch {
      return null;
    }
  }

  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

  return {
    issueAccess: ({ userId, sessionId }) =>
      sign('access', userId, { sid: sessionId }, addMinutes(now(), ACCESS_TOKEN_MINUTES)),
    issueRefresh: ({ userId, sessionId, tokenId }, expiresAt) =>
      sign('refresh', userId, { sid: sessionId }, expiresAt, tokenId),
    issueTwoFactor: ({ userId, twoFactorId }) =>
      sign('two_factor', userId, { tfa: twoFactorId }, addMinutes(now(), TWO_FACTOR_MINUTES)),

    async verifyAccess(token) {
      const payload = verifyAccessPayload(secret, token, now());
      const userId = text(payload?.sub);
      const sessionId = text(payload?.sid);
      return userId && sessionId ? { userId, sessionId, expiresAtMs: Number(payload?.exp) * 1000 } : null;
    },
    async verifyRefresh(token) {
      const payload = await verify('refresh', token);
      const userId = text(payload?.sub);
      const sessionId = text(payload?.sid);
      const tokenId = text(payload?.jti);
      return userId && sessionId && tokenId ? { userId, sessionId, tokenId } : null;
    },
    async verifyTwoFactor(token) {
      const payload = await verify('two_factor', token);
      const userId = text(payload?.sub);
      const twoFactorId = text(payload?.tfa);
      return userId && twoFactorId ? { userId, twoFactorId } : null;
    },
  };
}
