import * as oidc from 'openid-client';
import { isLoopback } from '../../http/outbound-url';

// The organisation's OpenID Provider as openid-client sees it (docs/security.md "Single sign-on"):
// its discovery document read once and kept for an hour per configuration, the client's way of
// authenticating chosen from what the provider offers, and every ID token's signature checked
// against the provider's keys (besides issuer, audience, nonce and expiry, which openid-client
// always checks). Plain http:// only to this machine (docs/decisions.md "Single sign-on").

/** How long a request to the provider may take. */
const TIMEOUT_SECONDS = 10;
/** How long a provider's discovery document is kept before it is read again. */
const KEEP_MS = 60 * 60_000;

/** What openid-client needs of a stored configuration, the secret opened. */
export interface ProviderClient {
  id: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  /** Part of the cache key: a changed configuration is discovered anew. */
  updatedAt: string;
}

/** client_secret_basic unless the provider names only client_secret_post (OpenID Connect Discovery's default is basic). */
function clientAuthentication(metadata: oidc.ServerMetadata, secret: string | null): oidc.ClientAuth {
  if (secret === null) {
    return oidc.None();
  }
  const offered = metadata.token_endpoint_auth_methods_supported;
  const basic =
    offered === undefined || offered.includes('client_secret_basic') || !offered.includes('client_secret_post');
  return basic ? oidc.ClientSecretBasic(secret) : oidc.ClientSecretPost(secret);
}

/**
 * Reads the issuer's discovery document (openid-client checks that it names this issuer) and
 * answers the client's configuration. Throws when it cannot be read or is not an OpenID Provider's.
 */
export async function discoverProvider(client: Omit<ProviderClient, 'id' | 'updatedAt'>): Promise<oidc.Configuration> {
  const issuer = new URL(client.issuer);
  const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
  const discovered = await oidc.discovery(issuer, client.clientId, undefined, oidc.None(), {
    timeout: TIMEOUT_SECONDS,
    ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
  const metadata = discovered.serverMetadata();
  if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
    throw new Error('the discovery document names no authorization, token or keys endpoint');
  }
  const configuration = new oidc.Configuration(
    metadata,
    client.clientId,
    client.clientSecret ?? undefined,
    clientAuthentication(metadata, client.clientSecret),
  );
  configuration.timeout = TIMEOUT_SECONDS;
  oidc.enableNonRepudiationChecks(configuration);
  if (insecure) {
    oidc.allowInsecureRequests(configuration);
  }
  return configuration;
}

export interface SsoProviders {
  /** The provider's configuration for this client, discovered at most once an hour. */
  configuration(client: ProviderClient): Promise<oidc.Configuration>;
}

/** The discovered providers of this instance; a failed discovery is not kept, so the next sign-in tries again. */
export function createSsoProviders(now: () => number = Date.now): SsoProviders {
  const kept = new Map<string, { key: string; at: number; configuration: Promise<oidc.Configuration> }>();
  return {
    configuration(client) {
      const key = `${client.updatedAt}|${client.issuer}|${client.clientId}`;
      const entry = kept.get(client.id);
      if (entry && entry.key === key && now() - entry.at < KEEP_MS) {
        return entry.configuration;
      }
      const configuration = discoverProvider(client);
      kept.set(client.id, { key, at: now(), configuration });
      configuration.catch(() => {
        if (kept.get(client.id)?.configuration === configuration) {
          kept.delete(client.id);
        }
      });
      return configuration;
    },
  };
}

/** How a refused code exchange is named to the login screen: the provider's doing, or the ID token's. */
export function exchangeFailure(error: unknown): { kind: 'provider' | 'token'; reason: string } {
  // openid-client's own message is general ("unexpected JWT claim value"); its cause names the claim.
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  const message = (error instanceof Error ? `${error.message}${cause}` : String(error)).slice(0, 300);
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
    return { kind: 'provider', reason: `${error.error}: ${message}` };
  }
  if (error instanceof oidc.WWWAuthenticateChallengeError) {
    return { kind: 'provider', reason: message };
  }
  const code = (error as { code?: unknown }).code;
  if (error instanceof oidc.ClientError && typeof code === 'string' && TOKEN_CHECKS.has(code)) {
    return { kind: 'token', reason: `${code}: ${message}` };
  }
  // Unreachable, a broken answer (not JSON, a wrong status): the provider's doing.
  return { kind: 'provider', reason: typeof code === 'string' ? `${code}: ${message}` : message };
}

/** openid-client's codes for an ID token that failed a check: a claim (iss, aud, nonce …), a time, the signature or its key. */
const TOKEN_CHECKS = new Set([
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
  'OAUTH_INVALID_RESPONSE',
  'OAUTH_PARSE_ERROR',
]);
