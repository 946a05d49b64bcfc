import type { SsoDiscovery } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import { organisationNameOf } from '../organisations/organisations.service';
import * as repo from './sso.repository';

// Which organisation signs an address in (docs/api.md "Single sign-on"): the login screen asks as
// soon as an address is typed, and the password routes ask before they take a password.

/** The lower-case domain of an address: what follows its last `@`. */
export const domainOf = (email: string) => email.trim().toLowerCase().split('@').at(-1) ?? '';

/** The sign-on that covers the address's domain, with its organisation's name; undefined when none does. */
export async function ssoCovering(executor: Executor, email: string) {
  const config = await repo.findConfigByDomain(executor, domainOf(email));
  if (!config) {
    return undefined;
  }
  const organisation = { type: config.organisationType, id: config.organisationId };
  const name = (await organisationNameOf(executor, organisation)) ?? '';
  return { config, organisation, name };
}

/** Where the browser goes to sign in with the organisation's provider. */
export const ssoStartPath = (email: string) => `/api/auth/sso/start?email=${encodeURIComponent(email)}`;

/** `POST /auth/sso/discover`: the organisation whose provider covers the address's domain, else null. */
export async function discoverSso(deps: { db: Executor }, email: string): Promise<SsoDiscovery> {
  const address = email.trim().toLowerCase();
  const covering = await ssoCovering(deps.db, address);
  return { sso: covering ? { organisationName: covering.name, startUrl: ssoStartPath(address) } : null };
}
