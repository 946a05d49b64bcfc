import type { Executor } from '../../db/executor';
import type { NewSsoLoginStateRow, SsoOrganisationType, SsoProvisioning } from '../../db/types';

// All SQL of single sign-on (docs/security.md "Single sign-on"): the organisations' configurations
// and the domains they cover, the sign-ins under way, the hand-overs, and the sessions begun by a
// sign-on. Timestamps are ISO-8601 text, so comparing text compares time on both engines.

const CONFIG_COLUMNS = [
  'ssoConfigs.id',
  'ssoConfigs.organisationType',
  'ssoConfigs.organisationId',
  'ssoConfigs.issuer',
  'ssoConfigs.clientId',
  'ssoConfigs.clientSecret',
  'ssoConfigs.provisioning',
  'ssoConfigs.updatedAt',
] as const;

export interface Organisation {
  type: SsoOrganisationType;
  id: string;
}

export function findConfigOf(executor: Executor, organisation: Organisation) {
  return executor
    .selectFrom('ssoConfigs')
    .select(CONFIG_COLUMNS)
    .where('organisationType', '=', organisation.type)
    .where('organisationId', '=', organisation.id)
    .executeTakeFirst();
}
export type StoredSsoConfig = NonNullable<Awaited<ReturnType<typeof findConfigOf>>>;

export function findConfigById(executor: Executor, id: string) {
  return executor.selectFrom('ssoConfigs').select(CONFIG_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function domainsOf(executor: Executor, configId: string): Promise<string[]> {
  const rows = await executor
    .selectFrom('ssoDomains')
    .select('domain')
    .where('configId', '=', configId)
    .orderBy('domain')
    .execute();
  return rows.map((row) => row.domain);
}

/** The organisation's name (a clinic's or a bank's), or undefined when there is no such organisation. */
/** The configuration that covers an e-mail domain, or undefined. */
export async function findConfigByDomain(executor: Executor, domain: string) {
  return executor
    .selectFrom('ssoDomains')
    .innerJoin('ssoConfigs', 'ssoConfigs.id', 'ssoDomains.configId')
    .select(CONFIG_COLUMNS)
    .where('ssoDomains.domain', '=', domain)
    .executeTakeFirst();
}

/** Which of `domains` another configuration than `exceptConfigId` covers, with that configuration's organisation. */
export function domainOwners(executor: Executor, domains: readonly string[], exceptConfigId: string | null) {
  let query = executor
    .selectFrom('ssoDomains')
    .innerJoin('ssoConfigs', 'ssoConfigs.id', 'ssoDomains.configId')
    .select(['ssoDomains.domain', 'ssoConfigs.organisationType', 'ssoConfigs.organisationId'])
    .where('ssoDomains.domain', 'in', [...domains])
    .orderBy('ssoDomains.domain');
  if (exceptConfigId !== null) {
    query = query.where('ssoConfigs.id', '!=', exceptConfigId);
  }
  return query.execute();
}

/** Whether the user is a member of the organisation, active or not. */
export async function isMember(executor: Executor, userId: string, organisation: Organisation): Promise<boolean> {
  const row =
    organisation.type === 'clinic'
      ? await executor
          .selectFrom('clinicMembers')
          .select('userId')
          .where('userId', '=', userId)
          .where('clinicId', '=', organisation.id)
          .executeTakeFirst()
      : await executor
          .selectFrom('euteMembers')
          .select('userId')
          .where('userId', '=', userId)
          .where('euteId', '=', organisation.id)
          .executeTakeFirst();
  return row !== undefined;
}

export interface ConfigWrite {
  issuer: string;
  clientId: string;
  /** Sealed; undefined keeps the stored one. */
  clientSecret: string | undefined;
  provisioning: SsoProvisioning;
  at: string;
  by: string;
}

export async function insertConfig(
  executor: Executor,
  row: { id: string; organisation: Organisation } & ConfigWrite,
): Promise<void> {
  await executor
    .insertInto('ssoConfigs')
    .values({
      id: row.id,
      organisationType: row.organisation.type,
      organisationId: row.organisation.id,
      issuer: row.issuer,
      clientId: row.clientId,
      clientSecret: row.clientSecret ?? null,
      provisioning: row.provisioning,
      createdAt: row.at,
      updatedAt: row.at,
      updatedBy: row.by,
    })
    .execute();
}

export async function updateConfig(executor: Executor, id: string, change: ConfigWrite): Promise<void> {
  await executor
    .updateTable('ssoConfigs')
    .set({
      issuer: change.issuer,
      clientId: change.clientId,
      ...(change.clientSecret !== undefined ? { clientSecret: change.clientSecret } : {}),
      provisioning: change.provisioning,
      updatedAt: change.at,
      updatedBy: change.by,
    })
    .where('id', '=', id)
    .execute();
}

/** The configuration's domains become `domains`; a domain another configuration holds is a unique violation. */
export async function replaceDomains(executor: Executor, configId: string, domains: readonly string[]): Promise<void> {
  await executor.deleteFrom('ssoDomains').where('configId', '=', configId).execute();
  await executor
    .insertInto('ssoDomains')
    .values(domains.map((domain) => ({ domain, configId })))
    .execute();
}

/** Removes a configuration; its domains, sign-ins under way, hand-overs and session marks go with it. */
export async function deleteConfig(executor: Executor, id: string): Promise<void> {
  await executor.deleteFrom('ssoDomains').where('configId', '=', id).execute();
  await executor.deleteFrom('ssoLoginStates').where('configId', '=', id).execute();
  await executor.deleteFrom('ssoHandovers').where('configId', '=', id).execute();
  await executor.deleteFrom('ssoSessions').where('configId', '=', id).execute();
  await executor.deleteFrom('ssoConfigs').where('id', '=', id).execute();
}

/** A sign-in under way; rows that expired before `forgetBefore` are dropped first. */
export async function insertLoginState(
  executor: Executor,
  row: Omit<NewSsoLoginStateRow, 'usedAt'>,
  forgetBefore: string,
): Promise<void> {
  await executor.deleteFrom('ssoLoginStates').where('expiresAt', '<', forgetBefore).execute();
  await executor.insertInto('ssoLoginStates').values(row).execute();
}

/**
 * Uses a live sign-in by its state, in one conditional update, and answers it; undefined when it is
 * unknown, used or expired. Taken before anything else is checked, so each state is used once.
 */
export function takeLoginState(executor: Executor, stateHash: string, now: string) {
  return executor
    .updateTable('ssoLoginStates')
    .set({ usedAt: now })
    .where('stateHash', '=', stateHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['stateHash', 'configId', 'nonce', 'codeVerifier', 'browserHash', 'emailHash'])
    .executeTakeFirst();
}

export async function insertHandover(
  executor: Executor,
  row: {
    handoverHash: string;
    userId: string;
    configId: string;
    browserHash: string;
    idToken: string | null;
    createdAt: string;
    expiresAt: string;
  },
  forgetBefore: string,
): Promise<void> {
  await executor.deleteFrom('ssoHandovers').where('expiresAt', '<', forgetBefore).execute();
  await executor.insertInto('ssoHandovers').values(row).execute();
}

/** Uses a live hand-over, in one conditional update; undefined when unknown, used or expired. */
export function takeHandover(executor: Executor, handoverHash: string, now: string) {
  return executor
    .updateTable('ssoHandovers')
    .set({ usedAt: now })
    .where('handoverHash', '=', handoverHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['handoverHash', 'userId', 'configId', 'browserHash', 'idToken'])
    .executeTakeFirst();
}

export async function insertSsoSession(
  executor: Executor,
  row: { sessionId: string; configId: string; idToken: string | null; createdAt: string },
): Promise<void> {
  await executor.insertInto('ssoSessions').values(row).execute();
}

/** The sign-on a session began by, with its configuration; undefined for any other session. */
export function findSsoSession(executor: Executor, sessionId: string) {
  return executor
    .selectFrom('ssoSessions')
    .innerJoin('ssoConfigs', 'ssoConfigs.id', 'ssoSessions.configId')
    .select([...CONFIG_COLUMNS, 'ssoSessions.sessionId', 'ssoSessions.idToken'])
    .where('ssoSessions.sessionId', '=', sessionId)
    .executeTakeFirst();
}
