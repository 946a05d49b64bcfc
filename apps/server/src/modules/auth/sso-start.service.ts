import { addMinutes } from '@graftmatch/domain';
import * as oidc from 'openid-client';
import type { RequestContext } from '../../http/request-kit';
import { clientSecretPlace } from './sso-admin.service';
import { ssoCovering } from './sso-discovery.service';
import { refuseSso, ssoErrorLocation } from './sso-refusal';
import { randomToken } from '../../identity/secrets';
import { ssoRedirectUri, type SsoDeps } from './sso.deps';
import * as repo from './sso.repository';

// Leaving for the organisation's provider (docs/security.md "Single sign-on"): the authorization
// code flow with PKCE (S256), a fresh `state` and `nonce`, the scopes `openid email profile`, and the
// typed address as `login_hint`. What the callback needs is kept here, not in the browser: the
// state as a keyed hash, the nonce and the PKCE verifier sealed, single use, for 10 minutes, and
// bound to this browser by a cookie, so a callback link sent to someone else's browser goes nowhere.

/** A sign-in under way is good for 10 minutes and one callback. */
export const SSO_STATE_MINUTES = 10;
/** Rows that expired are dropped a day later. */
export const SSO_FORGET_MINUTES = 24 * 60;
/** The cookie that binds a sign-in to the browser that began it. */
export const SSO_BROWSER_COOKIE = 'sso-browser';
const BROWSER_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The browser's binding token as its cookie holds it, when well-formed. */
export const browserTokenOf = (cookie: string | undefined) =>
  cookie !== undefined && BROWSER_TOKEN.test(cookie) ? cookie : undefined;

/** The keyed hash the rows keep of the browser's binding token. */
export const browserHash = (deps: Pick<SsoDeps, 'secrets'>, token: string | undefined) =>
  deps.secrets.hash(`sso-browser/${token ?? ''}`);

/** The address typed at the login, as the callback compares the ID token's with it (lower case). */
export const typedAddressHash = (deps: Pick<SsoDeps, 'secrets'>, email: string) =>
  deps.secrets.hash(`sso-email/${email.trim().toLowerCase()}`);

/** Where the nonce and the PKCE verifier of one sign-in are sealed. */
export const statePlace = (stateHash: string, column: 'nonce' | 'verifier') => `sso-state:${stateHash}:${column}`;

/** The stored client secret, opened; null when the client has none. */
export function openClientSecret(deps: SsoDeps, config: repo.StoredSsoConfig): string | null {
  return config.clientSecret === null ? null : deps.sealer.open(clientSecretPlace(config.id), config.clientSecret);
}

/** The provider's configuration for a stored sign-on (discovered at most once an hour). */
export function providerOf(deps: SsoDeps, config: repo.StoredSsoConfig) {
  return deps.providers.configuration({
    id: config.id,
    issuer: config.issuer,
    clientId: config.clientId,
    clientSecret: openClientSecret(deps, config),
    updatedAt: config.updatedAt,
  });
}

/**
 * `GET /auth/sso/start?email=`: where the browser goes, and the binding token its cookie keeps (the
 * one it has, or a new one). An address no sign-on covers goes back to `/login?sso_error=no-account`.
 */
export async function startSso(
  deps: SsoDeps,
  email: string,
  browser: string | undefined,
  ctx: RequestContext,
): Promise<{ location: string; browser: string }> {
  const token = browser ?? randomToken();
  const address = email.trim().toLowerCase();
  const covering = await ssoCovering(deps.db, address);
  if (!covering) {
    return { location: ssoErrorLocation(deps.config.publicUrl, 'no-account'), browser: token };
  }
  const { config, organisation } = covering;
  let provider: oidc.Configuration;
  try {
    provider = await providerOf(deps, config);
  } catch (error) {
    deps.log.error({ err: error, issuer: config.issuer }, 'the OpenID Provider could not be used');
    const reason = `discovery: ${(error as Error).message}`.slice(0, 300);
    return { location: await refuseSso(deps, ctx, { code: 'provider', reason, organisation }), browser: token };
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const now = deps.now();
  const stateHash = deps.secrets.hash(`sso-state/${state}`);
  await repo.insertLoginState(
    deps.db,
    {
      stateHash,
      configId: config.id,
      nonce: deps.sealer.seal(statePlace(stateHash, 'nonce'), nonce),
      codeVerifier: deps.sealer.seal(statePlace(stateHash, 'verifier'), verifier),
      browserHash: browserHash(deps, token),
      emailHash: typedAddressHash(deps, address),
      createdAt: now.toISOString(),
      expiresAt: addMinutes(now, SSO_STATE_MINUTES).toISOString(),
    },
    addMinutes(now, -SSO_FORGET_MINUTES).toISOString(),
  );
  const location = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: ssoRedirectUri(deps.config.publicUrl),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: address,
  });
  return { location: location.href, browser: token };
}
