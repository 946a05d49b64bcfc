import type { Flag } from '../../db/types';
import type { Executor } from '../../db/executor';

// All SQL of a user's own settings. Every function takes the executor.

export function findSettings(executor: Executor, userId: string) {
  return executor
    .selectFrom('users')
    .select(['matchMails', 'dismissedHints'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function updateSettings(
  executor: Executor,
  userId: string,
  changes: { matchMails?: Flag; dismissedHints?: string },
  at: string,
) {
  await executor
    .updateTable('users')
    .set({ ...changes, updatedAt: at })
    .where('id', '=', userId)
    .execute();
}
