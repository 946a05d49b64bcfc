import { addMinutes, webPaths, type Language, type SsoError } from '@graftmatch/domain';
import * as oidc from 'openid-client';
import { isUniqueViolation } from '../../db/dialect';
import type { RequestContext } from '../../http/request-kit';
import { findLoginUserByEmail } from './auth.repository';
import { randomToken } from '../../identity/secrets';
import { domainOf } from './sso-discovery.service';
import { exchangeFailure } from './sso-provider';
import { refuseSso } from './sso-refusal';
import { browserHash, providerOf, SSO_FORGET_MINUTES, statePlace, typedAddressHash } from './sso-start.service';
import { ssoRedirectUri, type SsoDeps } from './sso.deps';
import * as repo from './sso.repository';

// The provider's answer (docs/security.md "Single sign-on"). The state is used up first, whatever
// follows; then openid-client exchanges the code with the PKCE verifier and checks the ID token
// (signature, issuer, audience, nonce, expiry). The account is the one of the token's verified
// address, active and a member of the organisation whose provider answered; or, when its admins
// turned that on, a new one. Success hands over to the web app through a one-time value in
// `/login/sso?handover=…`; every refusal goes to `/login?sso_error=…` with an audit row.

/** A hand-over is good for 60 seconds and one use. */
export const SSO_HANDOVER_SECONDS = 60;

/** Where a sign-in's ID token is sealed on its hand-over and its session. */
export const idTokenPlace = (kind: 'handover' | 'session', key: string) => `sso-${kind}:${key}:id-token`;

export interface CallbackRequest {
  /** The query as it came, `?code=…&state=…` (or `?error=…`). */
  search: string;
  /** The browser's binding token from its cookie. */
  browser: string | undefined;
  /** The language of the browser, for an account made now. */
  language: Language;
  ctx: RequestContext;
}

type Refusal = { code: SsoError; reason: string; userId?: string | null };
type Outcome = { ok: true; userId: string } | ({ ok: false } & Refusal);

/** One line of text, at most 100 characters: a name as the provider sent it. */
function nameOf(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex -- a name from another system must not carry control characters
  const text = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').trim();
  return text === '' ? undefined : text.slice(0, 100);
}

/** The account of the token's address: found, or made when the organisation's admins turned that on. */
async function accountOf(
  deps: SsoDeps,
  config: repo.StoredSsoConfig,
  claims: oidc.IDToken,
  request: CallbackRequest,
): Promise<Outcome> {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (email === '') {
    return { ok: false, code: 'email-unverified', reason: 'no-email-claim' };
  }
  // Entra ID names no `email_verified`; its `xms_edov` says the tenant owns the address's domain (docs/decisions.md).
  const verified = claims.email_verified === true || (claims.email_verified === undefined && claims.xms_edov === true);
  if (!verified) {
    return { ok: false, code: 'email-unverified', reason: 'email-not-verified' };
  }
  const organisation = { type: config.organisationType, id: config.organisationId };
  // A provider speaks for the domains its organisation's sign-on covers, and for no other address.
  if (!(await repo.domainsOf(deps.db, config.id)).includes(domainOf(email))) {
    return { ok: false, code: 'not-member', reason: 'domain-not-covered' };
  }
  const user = await findLoginUserByEmail(deps.db, email);
  if (user) {
    return existingAccount(deps, user, organisation);
  }
  if (config.provisioning === 'off') {
    return { ok: false, code: 'no-account', reason: 'no-account' };
  }
  const local = email.split('@')[0] ?? email;
  try {
    const userId = await deps.db.transaction().execute((trx) =>
      deps.provisionUser(trx, {
        email,
        firstName: nameOf(claims.given_name) ?? nameOf(claims.name) ?? local,
        lastName: nameOf(claims.family_name) ?? nameOf(claims.name) ?? local,
        language: request.language,
        audit: config.provisioning === 'auditor',
        organisation,
        ip: request.ctx.ip,
        at: deps.now(),
      }),
    );
    return { ok: true, userId };
  } catch (error) {
    // Two first sign-ins at once: the other made the account; this one uses it.
    const made = isUniqueViolation(error) ? await findLoginUserByEmail(deps.db, email) : undefined;
    if (!made) {
      throw error;
    }
    return existingAccount(deps, made, organisation);
  }
}

/** An existing account may sign in while it is active and a member of the organisation. */
async function existingAccount(
  deps: SsoDeps,
  user: { id: string; active: number },
  organisation: repo.Organisation,
): Promise<Outcome> {
  if (!user.active) {
    return { ok: false, code: 'deactivated', reason: 'inactive', userId: user.id };
  }
  if (!(await repo.isMember(deps.db, user.id, organisation))) {
    return { ok: false, code: 'not-member', reason: 'not-member', userId: user.id };
  }
  return { ok: true, userId: user.id };
}

/** Exchanges the code and checks the ID token; answers the account, or why not. */
async function signedIn(
  deps: SsoDeps,
  config: repo.StoredSsoConfig,
  login: NonNullable<Awaited<ReturnType<typeof repo.takeLoginState>>>,
  request: CallbackRequest & { state: string },
): Promise<Outcome & { idToken?: string }> {
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    const provider = await providerOf(deps, config);
    const currentUrl = new URL(`${ssoRedirectUri(deps.config.publicUrl)}${request.search}`);
    tokens = await oidc.authorizationCodeGrant(provider, currentUrl, {
      pkceCodeVerifier: deps.sealer.open(statePlace(login.stateHash, 'verifier'), login.codeVerifier),
      expectedNonce: deps.sealer.open(statePlace(login.stateHash, 'nonce'), login.nonce),
      expectedState: request.state,
      idTokenExpected: true,
    });
  } catch (error) {
    const failure = exchangeFailure(error);
    return { ok: false, code: failure.kind, reason: failure.reason };
  }
  const claims = tokens.claims();
  if (!claims) {
    return { ok: false, code: 'token', reason: 'no-id-token' };
  }
  // A provider may answer for whoever is still signed in there on this device (a shared ward
  // computer) and not for the address typed: that person is not signed in here (docs/decisions.md).
  const email = typeof claims.email === 'string' ? claims.email : '';
  if (email !== '' && typedAddressHash(deps, email) !== login.emailHash) {
    return { ok: false, code: 'other-account', reason: 'another-address-than-typed' };
  }
  const account = await accountOf(deps, config, claims, request);
  return { ...account, ...(tokens.id_token ? { idToken: tokens.id_token } : {}) };
}

/**
 * `GET /auth/sso/callback?code&state` (or `?error=`): where the browser goes next, the web app's
 * `/login/sso?handover=…` or `/login?sso_error=…`.
 */
export async function finishSso(deps: SsoDeps, request: CallbackRequest): Promise<string> {
  const params = new URLSearchParams(request.search);
  const state = params.get('state') ?? '';
  const now = deps.now();
  const login =
    state === ''
      ? undefined
      : await repo.takeLoginState(deps.db, deps.secrets.hash(`sso-state/${state}`), now.toISOString());
  if (!login) {
    return refuseSso(deps, request.ctx, {
      code: 'state',
      reason: state === '' ? 'no-state' : 'unknown-used-or-expired',
    });
  }
  if (!deps.secrets.matches(`sso-browser/${request.browser ?? ''}`, login.browserHash)) {
    return refuseSso(deps, request.ctx, { code: 'state', reason: 'another-browser' });
  }
  const config = await repo.findConfigById(deps.db, login.configId);
  if (!config) {
    return refuseSso(deps, request.ctx, { code: 'state', reason: 'sign-on-removed' });
  }
  const organisation = { type: config.organisationType, id: config.organisationId };
  const error = params.get('error');
  if (error !== null) {
    const reason = `provider-error: ${error} ${params.get('error_description') ?? ''}`.trim().slice(0, 300);
    return refuseSso(deps, request.ctx, { code: 'provider', reason, organisation });
  }
  const outcome = await signedIn(deps, config, login, { ...request, state });
  if (!outcome.ok) {
    return refuseSso(deps, request.ctx, { ...outcome, organisation });
  }
  const handover = randomToken();
  const handoverHash = deps.secrets.hash(`sso-handover/${handover}`);
  await repo.insertHandover(
    deps.db,
    {
      handoverHash,
      userId: outcome.userId,
      configId: login.configId,
      browserHash: browserHash(deps, request.browser),
      idToken: outcome.idToken ? deps.sealer.seal(idTokenPlace('handover', handoverHash), outcome.idToken) : null,
      createdAt: now.toISOString(),
      expiresAt: addMinutes(now, SSO_HANDOVER_SECONDS / 60).toISOString(),
    },
    addMinutes(now, -SSO_FORGET_MINUTES).toISOString(),
  );
  return `${deps.config.publicUrl}${webPaths.ssoHandover(handover)}`;
}
