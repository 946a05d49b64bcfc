import { forbidden } from '../../http/problem';
import type { RequestContext } from '../../http/request-kit';
import type { AuthDeps } from './auth.deps';
import { auditLoginRefusal } from './login-refusal';
import { ssoCovering } from './sso-discovery.service';
import * as repo from './sso.repository';

// A user of an organisation with its own sign-on uses no password here (docs/security.md "Single
// sign-on"): the organisation's provider is where their password lives and where a leaver is
// switched off. So the password login, the recovery request and a set-password link refuse such
// an address with 403 naming the organisation.
//
// Whose address: one its sign-on covers, of a member of that organisation, or of no account at all
// (so the refusal does not tell whether an account exists). An account outside the organisation
// with an address in its domain (an administrator, say) keeps password and PIN.

/** The organisation that signs this address in, when its sign-on rules out a password; else null. */
export async function ssoOrganisationOf(deps: Pick<AuthDeps, 'db'>, email: string, userId: string | null) {
  const covering = await ssoCovering(deps.db, email);
  if (!covering) {
    return null;
  }
  if (userId !== null && !(await repo.isMember(deps.db, userId, covering.organisation))) {
    return null;
  }
  return covering.name;
}

/**
 * Throws 403 `problem.auth.ssoRequired` when the address signs in through its organisation; a
 * refused login is audited (`auth.login.failure`, reason `sso-required`).
 */
export async function refusePasswordOfSso(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  input: { email: string; userId: string | null; audit?: { ctx: RequestContext } },
): Promise<void> {
  const organisation = await ssoOrganisationOf(deps, input.email, input.userId);
  if (organisation === null) {
    return;
  }
  if (input.audit) {
    await auditLoginRefusal(deps, { userId: input.userId, reason: 'sso-required', ip: input.audit.ctx.ip });
  }
  throw forbidden({ key: 'problem.auth.ssoRequired', params: { organisation } });
}
