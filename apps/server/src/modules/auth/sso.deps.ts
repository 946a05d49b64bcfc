import type { AuthDeps } from './auth.deps';
import { createSsoProviders, type SsoProviders } from './sso-provider';
import { createSsoSealer, type SsoSealer } from './sso-secrets';

/** What the single sign-on services need besides the auth deps: the sealing key and the discovered providers. */
export interface SsoDeps extends AuthDeps {
  sealer: SsoSealer;
  providers: SsoProviders;
}

export function createSsoDeps(auth: AuthDeps, input: { key: Buffer; providers?: SsoProviders }): SsoDeps {
  return { ...auth, sealer: createSsoSealer(input.key), providers: input.providers ?? createSsoProviders() };
}

/** Where the provider sends the browser back: register exactly this address at the provider. */
export const ssoRedirectUri = (publicUrl: string) => `${publicUrl}/api/auth/sso/callback`;

/** Where the provider sends the browser after its own logout. */
export const ssoPostLogoutUri = (publicUrl: string) => `${publicUrl}/login`;
