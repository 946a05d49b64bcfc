import type { Language } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import type { AuthDeps } from './auth.deps';
import { createSsoProviders, type SsoProviders } from './sso-provider';
import { createSsoSealer, type SsoSealer } from './sso-secrets';

/** What the single sign-on services need besides the auth deps: the sealing key and the discovered providers. */
export interface SsoDeps extends AuthDeps {
  sealer: SsoSealer;
  providers: SsoProviders;
  provisionUser: ProvisionUser;
}

/**
 * Makes the account of someone an organisation's provider vouches for, in the caller's transaction,
 * and answers its id: the users module's `provisionUser`, handed in by buildApp, since the users
 * module calls auth's services and auth imports nothing of it.
 */
export type ProvisionUser = (
  trx: Executor,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    language: Language;
    audit: boolean;
    organisation: { type: 'clinic' | 'eute'; id: string };
    ip: string | null;
    at: Date;
  },
) => Promise<string>;

export function createSsoDeps(
  auth: AuthDeps,
  input: { key: Buffer; provisionUser: ProvisionUser; providers?: SsoProviders },
): SsoDeps {
  return {
    ...auth,
    sealer: createSsoSealer(input.key),
    providers: input.providers ?? createSsoProviders(),
    provisionUser: input.provisionUser,
  };
}

/** Where the provider sends the browser back: register exactly this address at the provider. */
export const ssoRedirectUri = (publicUrl: string) => `${publicUrl}/api/auth/sso/callback`;

/** Where the provider sends the browser after its own logout. */
export const ssoPostLogoutUri = (publicUrl: string) => `${publicUrl}/login`;
