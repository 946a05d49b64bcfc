import { EMAIL_PATTERN, SSO_ERRORS, type SsoDiscovery, type SsoError, type SsoLogout } from '@graftmatch/domain';
import { call } from '../../api/call';
import { noteSessionEnd, setAccessToken } from '../../api/session';

// What the login screen needs of single sign-on with an organisation's OpenID Provider
// (docs/api.md "Single sign-on"): which organisation signs an address in, the way there and back,
// and the provider's end-session address after a logout.

/** The organisation whose provider signs an address in, and where the browser goes to do so. */
export type SsoOffer = NonNullable<SsoDiscovery['sso']>;

const emailPattern = new RegExp(EMAIL_PATTERN);

/** The address as discovery is asked about it, or null while it is not an address yet. */
export function discoverableEmail(typed: string): string | null {
  const email = typed.trim().toLowerCase();
  return emailPattern.test(email) ? email : null;
}

/** Which organisation's provider covers the address's domain; null when it signs in with a password. */
export async function discoverSso(email: string, signal?: AbortSignal): Promise<SsoOffer | null> {
  const answer = await call('POST /auth/sso/discover', { body: { email }, auth: { kind: 'none' }, signal });
  return answer.sso;
}

/**
 * Leaves for the organisation's provider: a full-page navigation, since the provider's pages are
 * not ours. It sends the browser back through the server to `/login/sso` or `/login?sso_error=`.
 */
export function startSso(offer: SsoOffer): void {
  window.location.assign(offer.startUrl);
}

// One hand-over is spent once: a second render (React's strict mode) must not send it again while
// the first is under way.
const completions = new Map<string, Promise<void>>();

/**
 * Trades the callback's one-time hand-over for the session, as a passkey login does: the access
 * token stays in memory, the refresh token arrives as the HttpOnly cookie.
 */
export function completeSso(handover: string): Promise<void> {
  let completion = completions.get(handover);
  if (!completion) {
    completion = call('POST /auth/sso/complete', { body: { handover }, auth: { kind: 'none' } })
      .then((tokens) => {
        setAccessToken(tokens.access_Token);
        noteSessionEnd(tokens.refresh_Token);
      })
      .finally(() => completions.delete(handover));
    completions.set(handover, completion);
  }
  return completion;
}

/** The refusal `/login?sso_error=…` names: one of the contract's codes, `unknown` for anything else. */
export function ssoErrorOf(value: string | null): SsoError | 'unknown' | null {
  if (value === null) {
    return null;
  }
  return SSO_ERRORS.includes(value as SsoError) ? (value as SsoError) : 'unknown';
}

/** Only a web address is offered as a link: never `javascript:` or the like, whatever came back. */
function webAddress(value: unknown): string | null {
  if (typeof value !== 'string') {
    return null;
  }
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Ends this session here and answers the provider's end-session address when the session began by
 * single sign-on (null otherwise). The server tells it in the logout's answer (`SsoLogout`; a plain
 * 204 says there is none). Should it name the address at `GET /auth/sso/logout-url` instead, ask
 * that before the logout, while the session still holds: this function is the one place to change.
 */
export async function logoutWithEndSession(): Promise<string | null> {
  const answer: Partial<SsoLogout> | undefined = await call('GET /users/logout');
  return webAddress(answer?.endSessionUrl);
}
