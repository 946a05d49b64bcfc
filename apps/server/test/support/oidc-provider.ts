import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';

// A real OpenID Provider for the single sign-on tests (docs/security.md "Single sign-on"):
// `oidc-provider`, a certified implementation, on 127.0.0.1 over plain HTTP, one client per
// organisation. Its interaction step has no pages: it signs in the account the authorization
// request names by `login_hint` (as a person typing their password would), and answers
// `access_denied` for an address it does not know. A browser is imitated by `ProviderBrowser`,
// which follows the provider's redirects with its own cookies until the provider sends it back.

export interface OidcAccount {
  email: string;
  /** `email_verified`; true unless said otherwise; null leaves the claim out (as Entra ID does). */
  emailVerified?: boolean | null;
  /** Entra ID's `xms_edov` (the address's domain is verified by the user's tenant); left out unless given. */
  xmsEdov?: boolean;
  givenName?: string;
  familyName?: string;
}

export interface OidcClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

export interface TestOidcProvider {
  issuer: string;
  provider: Provider;
  /** Adds (or replaces) the account of an address; answers its subject. */
  addAccount(account: OidcAccount): string;
  /**
   * The next ID token the token endpoint hands `clientId` is minted instead, by the provider's own
   * ID-token model and keys, for `audienceClientId`: a token of another client of this provider.
   */
  misdirectNextIdToken(clientId: string, audienceClientId: string): void;
  close(): Promise<void>;
}

/** The client of the tests' GraftMatch: its redirect and post-logout addresses at `publicUrl`. */
export function graftMatchClient(publicUrl: string, clientId: string): OidcClient {
  return {
    clientId,
    clientSecret: `${clientId}-secret-${randomUUID()}`,
    redirectUri: `${publicUrl}/api/auth/sso/callback`,
    postLogoutRedirectUri: `${publicUrl}/login`,
  };
}

const clientMetadata = (client: OidcClient): ClientMetadata => ({
  client_id: client.clientId,
  client_secret: client.clientSecret,
  redirect_uris: [client.redirectUri],
  post_logout_redirect_uris: [client.postLogoutRedirectUri],
  response_types: ['code'],
  grant_types: ['authorization_code'],
  token_endpoint_auth_method: 'client_secret_basic',
});

/** Starts a provider with these clients on a free loopback port. */
export async function startOidcProvider(clients: readonly OidcClient[]): Promise<TestOidcProvider> {
  const accounts = new Map<string, { sub: string } & OidcAccount>();
  const byEmail = (email: string | undefined) =>
    [...accounts.values()].find((account) => account.email === email?.toLowerCase());
  const misdirected = new Map<string, string>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: clients.map(clientMetadata),
    jwks: { keys: [{ ...jwk, kid: 'test-signing-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [`cookie-key-${randomUUID()}`] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified', 'xms_edov'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // The ID token carries the profile and address claims, as Entra ID and Keycloak send them.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = [...accounts.values()].find((candidate) => candidate.sub === sub);
      return account
        ? {
            accountId: sub,
            claims: () => ({
              sub,
              email: account.email,
              ...(account.emailVerified === null ? {} : { email_verified: account.emailVerified ?? true }),
              ...(account.xmsEdov === undefined ? {} : { xms_edov: account.xmsEdov }),
              given_name: account.givenName,
              family_name: account.familyName,
            }),
          }
        : undefined;
    },
    // First-party clients: the sign-in grants the requested scope without a consent screen.
    async loadExistingGrant(ctx) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) {
        return undefined;
      }
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) {
        return ctx.oidc.provider.Grant.find(grantId);
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  // A provider that misbehaves on request: the token endpoint's ID token replaced by one it mints for another client.
  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    await next();
    const clientId = ctx.oidc?.client?.clientId;
    const body = ctx.body as { id_token?: string } | undefined;
    const audience = clientId === undefined ? undefined : misdirected.get(clientId);
    if (ctx.path !== '/token' || audience === undefined || !body?.id_token || clientId === undefined) {
      return;
    }
    misdirected.delete(clientId);
    const original = decodeJwt(body.id_token);
    const other = await provider.Client.find(audience);
    const token = new provider.IdToken({ ...original }, { ctx, client: other });
    (token as unknown as { scope: string }).scope = 'openid email profile';
    token.set('nonce', original.nonce);
    ctx.body = { ...body, id_token: await token.issue({ use: 'idtoken' }) };
  });

  const koa = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) {
      void koa(req, res);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        const account = byEmail(details.params.login_hint as string | undefined);
        const result = account
          ? { login: { accountId: account.sub } }
          : { error: 'access_denied', error_description: 'No account with this address' };
        await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
    })();
  });

  return {
    issuer,
    provider,
    addAccount(account) {
      const email = account.email.toLowerCase();
      const sub = byEmail(email)?.sub ?? randomUUID();
      accounts.set(email, { ...account, email, sub });
      return sub;
    },
    misdirectNextIdToken(clientId, audienceClientId) {
      misdirected.set(clientId, audienceClientId);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * A browser at the provider: it keeps the provider's cookies and follows its redirects (manually,
 * as a browser would), until the provider sends it to an address outside the provider.
 */
export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly issuer: string) {}

  /** Follows redirects from `url` while they stay at the provider; answers the first address outside it. */
  async follow(url: string): Promise<URL> {
    let next = new URL(url);
    for (let hop = 0; hop < 10; hop++) {
      if (next.origin !== new URL(this.issuer).origin) {
        return next;
      }
      const headers: Record<string, string> = {};
      if (this.cookies.size > 0) {
        headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      }
      const response = await fetch(next, { headers, redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        if (value === '' || /expires=thu, 01 jan 1970/i.test(line)) {
          this.cookies.delete(name);
        } else {
          this.cookies.set(name, value);
        }
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) {
        throw new Error(`the provider answered ${response.status} at ${next.pathname}: ${await response.text()}`);
      }
      await response.arrayBuffer();
      next = new URL(location, next);
    }
    throw new Error('the provider redirected more than ten times');
  }
}
