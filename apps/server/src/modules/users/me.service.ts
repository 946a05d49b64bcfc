import type { User } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { unauthorized } from '../../http/problem';
import { requireUser } from '../../identity/policy';
import { findActiveAccount } from '../../identity/principal';
import type { Principal } from '../../identity/principal';
import { usersWithPasskeys } from '../auth/passkeys.service';
import { userToWire } from './user.mapper';

/** `GET /users/getmyuser`: the caller's own record, with its active clinics and eutes. */
export async function getMyUser(deps: { db: Kysely<DB> }, principal: Principal | null): Promise<User> {
  const { userId } = requireUser(principal);
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
