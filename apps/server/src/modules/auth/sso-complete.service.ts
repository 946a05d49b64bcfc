import type { SessionTokens } from '@graftmatch/domain';
import { forbidden, unauthorized } from '../../http/problem';
import type { RequestContext } from '../../http/request-kit';
import { findLoginUserById } from './auth.repository';
import { idTokenPlace } from './sso-callback.service';
import { refuseSso } from './sso-refusal';
import { completeLogin } from './session.service';
import type { SsoDeps } from './sso.deps';
import * as repo from './sso.repository';

// The web app trades the callback's hand-over for a session (docs/api.md "Single sign-on"), exactly
// as a passkey or PIN login ends: the same tokens, the `refresh` cookie, `auth.login.success` with
// `method: "sso"`. The hand-over is used up first, only in the browser the sign-in began in, and
// the account must still be active. The session remembers its sign-on, so logging out can offer
// the provider's end-session address.

/** `POST /auth/sso/complete`: a session for the hand-over's account. */
export async function completeSso(
  deps: SsoDeps,
  input: { handover: string; browser: string | undefined },
  ctx: RequestContext,
): Promise<SessionTokens & { sessionExpiresAt: Date }> {
  const now = deps.now();
  const handoverHash = deps.secrets.hash(`sso-handover/${input.handover}`);
  const handover = await repo.takeHandover(deps.db, handoverHash, now.toISOString());
  const [user, config] = handover
    ? await Promise.all([findLoginUserById(deps.db, handover.userId), repo.findConfigById(deps.db, handover.configId)])
    : [undefined, undefined];
  // Unknown, used, late, from another browser, or its sign-on removed meanwhile.
  if (!handover || !config || !deps.secrets.matches(`sso-browser/${input.browser ?? ''}`, handover.browserHash)) {
    throw unauthorized({ key: 'problem.sso.handoverInvalid' });
  }
  if (!user?.active) {
    await refuseSso(deps, ctx, { code: 'deactivated', reason: 'inactive-at-hand-over', userId: handover.userId });
    throw forbidden({ key: 'problem.auth.deactivated' });
  }
  const idToken =
    handover.idToken === null ? null : deps.sealer.open(idTokenPlace('handover', handoverHash), handover.idToken);
  return deps.db.transaction().execute(async (trx) => {
    const session = await completeLogin(trx, deps, {
      userId: user.id,
      ctx,
      at: now,
      after: {
        method: 'sso',
        organisationType: config.organisationType,
        organisationId: config.organisationId,
        issuer: config.issuer,
      },
    });
    await repo.insertSsoSession(trx, {
      sessionId: session.sessionId,
      configId: config.id,
      idToken: idToken === null ? null : deps.sealer.seal(idTokenPlace('session', session.sessionId), idToken),
      createdAt: now.toISOString(),
    });
    return session;
  });
}
