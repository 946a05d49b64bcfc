import { randomUUID } from 'node:crypto';
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
  verifyAccess(token: string): Promise<AccessClaims | null>;
  verifyRefresh(token: string): Promise<RefreshClaims | null>;
  verifyTwoFactor(token: string): Promise<TwoFactorClaims | null>;
}

const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

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
      const payload = await verify('access', token);
      const userId = text(payload?.sub);
      const sessionId = text(payload?.sid);
      return userId && sessionId ? { userId, sessionId } : null;
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
