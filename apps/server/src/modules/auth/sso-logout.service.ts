import type { SsoLogout } from '@graftmatch/domain';
import * as oidc from 'openid-client';
import type { RequestContext } from '../../http/request-kit';
import { idTokenPlace } from './sso-callback.service';
import { providerOf } from './sso-start.service';
import { logout } from './session.service';
import { ssoPostLogoutUri, type SsoDeps } from './sso.deps';
import * as repo from './sso.repository';

// Logging out ends the GraftMatch session in every case (docs/api.md "Single sign-on"). A session
// begun by single sign-on also answers the provider's end-session address (OpenID Connect
// RP-Initiated Logout: `id_token_hint`, `client_id`, `post_logout_redirect_uri` = the login screen),
// which the web app offers, so the provider's own session can be ended too; null when the provider
// names no end-session endpoint or cannot be reached just now.

/** The provider's end-session address for a session begun by its sign-on; null when there is none. */
async function endSessionUrl(deps: SsoDeps, session: NonNullable<Awaited<ReturnType<typeof repo.findSsoSession>>>) {
  try {
    const provider = await providerOf(deps, session);
    if (!provider.serverMetadata().end_session_endpoint) {
      return null;
    }
    const idToken =
      session.idToken === null ? null : deps.sealer.open(idTokenPlace('session', session.sessionId), session.idToken);
    return oidc.buildEndSessionUrl(provider, {
      client_id: session.clientId,
      post_logout_redirect_uri: ssoPostLogoutUri(deps.config.publicUrl),
      ...(idToken ? { id_token_hint: idToken } : {}),
    }).href;
  } catch (error) {
    // The logout here must not wait on, or fail with, the provider.
    deps.log.error({ err: error, issuer: session.issuer }, 'the end-session address of the provider is not known');
    return null;
  }
}

/**
 * `GET /users/logout`: ends the caller's session; answers the provider's end-session address for a
 * session begun by single sign-on, undefined for any other (which answers 204 as before).
 */
export async function logoutEverywhere(
  deps: SsoDeps,
  caller: { userId: string; sessionId: string },
  ctx: RequestContext,
): Promise<SsoLogout | undefined> {
  const session = await repo.findSsoSession(deps.db, caller.sessionId);
  const answer = session ? { endSessionUrl: await endSessionUrl(deps, session) } : undefined;
  await logout(deps, caller.userId, caller.sessionId, ctx);
  return answer;
}
