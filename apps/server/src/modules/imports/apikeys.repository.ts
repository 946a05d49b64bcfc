import type { EuteApiKeyRow, NewEuteApiKeyRow } from '../../db/types';
import type { Executor } from '../../db/executor';

// The SQL of managing tissue banks' API keys (docs/import.md "API keys"); checking one is
// identity/api-keys.repository.ts. Every function takes the executor.

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

export async function setApiKeyRevoked(executor: Executor, id: string, at: string): Promise<void> {
  await executor.updateTable('euteApiKeys').set({ revokedAt: at }).where('id', '=', id).execute();
}
