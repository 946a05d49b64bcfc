import type { Executor } from '../db/executor';

// Named queries of who belongs where, for the repositories that tell people of something.

/** Active employees of a bank, with what a mail to them needs. */
export function activeBankEmployees(executor: Executor, euteId: string) {
  return executor
    .selectFrom('users')
    .innerJoin('euteMembers', 'euteMembers.userId', 'users.id')
    .select(['users.id', 'users.email', 'users.language'])
    .where('euteMembers.euteId', '=', euteId)
    .where('users.active', '=', 1)
    .execute();
}
