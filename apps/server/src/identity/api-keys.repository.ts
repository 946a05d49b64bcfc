import type { Executor } from '../db/executor';

// The SQL of checking a tissue bank's API key; making, listing and revoking keys is the imports
// module's (modules/imports/apikeys.repository.ts).

/** The live key with this hash, of an active bank. */
export function findUsableApiKey(executor: Executor, keyHash: string) {
  return executor
    .selectFrom('euteApiKeys')
    .innerJoin('eutes', 'eutes.id', 'euteApiKeys.euteId')
    .select(['euteApiKeys.id', 'euteApiKeys.euteId', 'euteApiKeys.label'])
    .where('euteApiKeys.keyHash', '=', keyHash)
    .where('euteApiKeys.revokedAt', 'is', null)
    .where('eutes.active', '=', 1)
    .executeTakeFirst();
}

export async function setApiKeyUsed(executor: Executor, id: string, at: string): Promise<void> {
  await executor.updateTable('euteApiKeys').set({ lastUsedAt: at }).where('id', '=', id).execute();
}
