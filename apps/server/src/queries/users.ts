import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/types';

// Named rules for accounts, shared by the admin's home (its counters) and the user list (its
// `show` filter), so a counter and the list it links to count the same rows.

type UsersEb = ExpressionBuilder<DB, 'users'>;

/** An active account locked out at `now` (too many wrong passwords). */
export function lockedAt(now: string) {
  return (eb: UsersEb): Expression<SqlBool> => eb.and([eb('users.active', '=', 1), eb('users.lockedUntil', '>', now)]);
}

/** An active account that never signed in: no session was ever opened for it. */
export function neverSignedIn(eb: UsersEb): Expression<SqlBool> {
  return eb.and([
    eb('users.active', '=', 1),
    eb.not(
      eb.exists(
        eb
          .selectFrom('refreshTokenFamilies')
          .select(sql.lit(1).as('one'))
          .whereRef('refreshTokenFamilies.userId', '=', 'users.id'),
      ),
    ),
  ]);
}
