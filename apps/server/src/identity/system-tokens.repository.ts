import type { Executor } from '../db/executor';

// The SQL of checking a system client's access token; registering clients and issuing tokens is
// the systemclients module's (modules/systemclients).

/** The token with this hash, unexpired, of a client not revoked, with the client. */
export function findLiveSystemToken(executor: Executor, tokenHash: string, now: string) {
  return executor
    .selectFrom('systemAccessTokens')
    .innerJoin('systemClients', 'systemClients.id', 'systemAccessTokens.clientId')
    .select([
      'systemClients.id as clientId',
      'systemClients.name',
      'systemClients.organisationType',
      'systemClients.organisationId',
      'systemAccessTokens.scopes',
    ])
    .where('systemAccessTokens.tokenHash', '=', tokenHash)
    .where('systemAccessTokens.expiresAt', '>', now)
    .where('systemClients.revokedAt', 'is', null)
    .executeTakeFirst();
}

/** Whether the clinic or bank a client reads for is active: a deactivated one's systems read nothing. */
export async function organisationIsActive(
  executor: Executor,
  organisation: { organisationType: 'clinic' | 'eute'; organisationId: string },
): Promise<boolean> {
  const table = organisation.organisationType === 'clinic' ? 'clinics' : 'eutes';
  const row = await executor
    .selectFrom(table)
    .select('id')
    .where('id', '=', organisation.organisationId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setSystemClientUsed(executor: Executor, id: string, at: string): Promise<void> {
  await executor.updateTable('systemClients').set({ lastUsedAt: at }).where('id', '=', id).execute();
}
