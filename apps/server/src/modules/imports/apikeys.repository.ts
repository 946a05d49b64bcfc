import type { EuteApiKeyRow, NewEuteApiKeyRow } from '../../db/types';
import type { Executor } from '../../db/executor';

// All SQL of tissue banks' API keys (docs/import.md "API keys"). Every function takes the executor.

export async function insertApiKey(executor: Executor, row: NewEuteApiKeyRow): Promise<void> {
  await executor.insertInto('euteApiKeys').values(row).execute();
}

export function listApiKeys(executor: Executor, euteId: string): Promise<EuteApiKeyRow[]> {
  return executor
    .selectFrom('euteApiKeys')
    .selectAll()
    .where('euteId', '=', euteId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export function findApiKey(executor: Executor, euteId: string, id: string): Promise<EuteApiKeyRow | undefined> {
  return executor
    .selectFrom('euteApiKeys')
    .selectAll()
    .where('euteId', '=', euteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

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

export async function setApiKeyRevoked(executor: Executor, id: string, at: string): Promise<void> {
  await executor.updateTable('euteApiKeys').set({ revokedAt: at }).where('id', '=', id).execute();
}

export async function setApiKeyUsed(executor: Executor, id: string, at: string): Promise<void> {
  await executor.updateTable('euteApiKeys').set({ lastUsedAt: at }).where('id', '=', id).execute();
}
