import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { SsoOrganisationType, SystemAccessTokensTable, SystemClientRow } from '../../db/types';

// The SQL of system clients: registering, listing and revoking them, and issuing their tokens.
// Checking a token is the identity kernel's (identity/system-tokens.repository.ts).

export interface Organisation {
  type: SsoOrganisationType;
  id: string;
}

export async function insertClient(executor: Executor, row: SystemClientRow): Promise<void> {
  await executor.insertInto('systemClients').values(row).execute();
}

/** An organisation's clients, the newest first. */
export function clientsOf(executor: Executor, organisation: Organisation): Promise<SystemClientRow[]> {
  return executor
    .selectFrom('systemClients')
    .selectAll()
    .where('organisationType', '=', organisation.type)
    .where('organisationId', '=', organisation.id)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export function findClient(executor: Executor, id: string): Promise<SystemClientRow | undefined> {
  return executor.selectFrom('systemClients').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Revokes a client still live; false when it was revoked already. */
export async function revokeClient(executor: Executor, id: string, at: string, by: string): Promise<boolean> {
  const result = await executor
    .updateTable('systemClients')
    .set({ revokedAt: at, revokedBy: by })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Notes an assertion's `jti` as used; false when the client used it before. The primary key
 * decides, so two instances cannot both accept one assertion.
 */
export async function useAssertion(
  executor: Executor,
  assertion: { clientId: string; jti: string; expiresAt: string },
): Promise<boolean> {
  const result = await executor
    .insertInto('systemClientAssertions')
    .values(assertion)
    .onConflict((conflict) => conflict.columns(['clientId', 'jti']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertToken(executor: Executor, row: Insertable<SystemAccessTokensTable>): Promise<void> {
  await executor.insertInto('systemAccessTokens').values(row).execute();
}

/** Assertions and tokens past their expiry tell nothing any more: a used `jti` can no longer be replayed then. */
export async function forgetExpired(executor: Executor, now: string): Promise<void> {
  await executor.deleteFrom('systemClientAssertions').where('expiresAt', '<', now).execute();
  await executor.deleteFrom('systemAccessTokens').where('expiresAt', '<', now).execute();
}
