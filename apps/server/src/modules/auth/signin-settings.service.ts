import type { SignInSettings } from '@graftmatch/domain';
import { conflict } from '../../http/problem';
import type { Actor } from '../../identity/actor';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../audit/audit.service';
import type { AuthDeps } from './auth.deps';
import { requireAdmin } from '../../identity/policy';
import * as repo from './passkeys.repository';

// App-wide sign-in rules (docs/security.md "Passkeys"): whether administrators must sign in with a
// passkey. A missing row is the default: off.

const ADMINS_NEED_PASSKEY = 'signin.adminsNeedPasskey';

/** For how long after setting a password through a mailed link an admin may still use password and PIN. */
export const PASSWORD_LINK_GRACE_MINUTES = 60;

export async function adminsNeedPasskey(executor: Executor): Promise<boolean> {
  return (await repo.readSetting(executor, ADMINS_NEED_PASSKEY)) === 'true';
}

/** `GET /admin/signin-settings`: admins and auditors. */
export async function getSignInSettings(deps: Pick<AuthDeps, 'db'>, actor: Actor): Promise<SignInSettings> {
  requireAdmin(actor.principal, { write: false });
  return { adminsNeedPasskey: await adminsNeedPasskey(deps.db) };
}

/**
 * `PUT /admin/signin-settings`: admins only. Requiring passkeys needs one of the caller's own first,
 * so an admin cannot shut themselves out of the password form with nothing to replace it.
 */
export async function setSignInSettings(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  actor: Actor,
  body: SignInSettings,
): Promise<SignInSettings> {
  const caller = requireAdmin(actor.principal, { write: true });
  const at = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    if (body.adminsNeedPasskey && (await repo.countPasskeysOf(trx, caller.userId)) === 0) {
      throw conflict({ key: 'problem.passkey.noneOfYours' });
    }
    const before = { adminsNeedPasskey: await adminsNeedPasskey(trx) };
    await repo.writeSetting(trx, {
      key: ADMINS_NEED_PASSKEY,
      value: String(body.adminsNeedPasskey),
      updatedAt: at.toISOString(),
      updatedBy: caller.userId,
    });
    await recordAudit(trx, {
      actorUserId: caller.userId,
      action: 'settings.signin',
      targetType: 'setting',
      targetId: null,
      before,
      after: { adminsNeedPasskey: body.adminsNeedPasskey },
      ip: actor.ip,
      at,
    });
    return { adminsNeedPasskey: body.adminsNeedPasskey };
  });
}
