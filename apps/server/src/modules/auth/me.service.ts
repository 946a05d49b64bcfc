import type { User, UserSession } from '@graftmatch/domain';
import { unauthorized } from '../../http/problem';
import { userToWire } from '../users/user.mapper';
import { findActiveAccount } from './account.service';
import type { AuthDeps } from './auth.deps';
import { usersWithPasskeys } from './passkeys.service';
import { listSessions } from './session.service';

/** `GET /users/getmyuser`. */
export async function getMyUser(deps: Pick<AuthDeps, 'db'>, userId: string): Promise<User> {
  const data = await findActiveAccount(deps, userId);
  if (!data) {
    throw unauthorized();
  }
  return userToWire(
    data.user,
    data.clinics.map((clinic) => ({ id: clinic.id, name: clinic.cName })),
    data.eutes,
    (await usersWithPasskeys(deps.db, [userId])).has(userId),
  );
}

/** `GET /users/sessions`: the caller's live sessions, the current one marked. */
export async function getMySessions(deps: AuthDeps, userId: string, currentSessionId: string): Promise<UserSession[]> {
  const sessions = await listSessions(deps, userId);
  return sessions.map((session) => ({ ...session, current: session.id === currentSessionId }));
}
