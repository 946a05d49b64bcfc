import type { User, UserSession } from '@graftmatch/domain';
import { unauthorized } from '../../http/problem';
import type { AuthDeps } from '../auth/auth.deps';
import { findPrincipalData, type PrincipalData } from '../auth/auth.repository';
import { listSessions } from '../auth/session.service';

/** Row to wire: the User of spec §3, with the active clinics and eutes the user belongs to. */
function toUser({ user, clinics, eutes }: PrincipalData): User {
  return {
    id: user.id,
    title: user.title,
    firstName: user.firstName,
    lastName: user.lastName,
    active: user.active === 1,
    email: user.email,
    phone: user.phone,
    audit: user.audit === 1,
    admin: user.admin === 1,
    clinics: clinics.map((clinic) => ({ id: clinic.id, c_Name: clinic.cName })),
    eutes: eutes.map((eute) => ({ id: eute.id, name: eute.name })),
    twoFactorTarget: user.twoFactorTarget,
    language: user.language,
  };
}

/** `GET /users/getmyuser`. */
export async function getMyUser(deps: Pick<AuthDeps, 'db'>, userId: string): Promise<User> {
  const data = await findPrincipalData(deps.db, userId);
  if (!data) {
    throw unauthorized();
  }
  return toUser(data);
}

/** `GET /users/sessions`: the caller's live sessions, the current one marked. */
export async function getMySessions(deps: AuthDeps, userId: string, currentSessionId: string): Promise<UserSession[]> {
  const sessions = await listSessions(deps, userId);
  return sessions.map((session) => ({ ...session, current: session.id === currentSessionId }));
}
