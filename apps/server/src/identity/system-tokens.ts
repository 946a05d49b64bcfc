import type { Kysely } from 'kysely';
import type { Executor } from '../db/executor';
import type { DB, SsoOrganisationType } from '../db/types';
import { unauthorized } from '../http/problem';
import { machineCredentialHash, newMachineCredential } from './secrets';
import * as repo from './system-tokens.repository';

// A system client's access token is a credential (docs/fhir.md "System clients"): its shape and
// its check live here; registering clients and issuing tokens is modules/systemclients'.

const TOKEN_MARK = 'gms_';

/** How long an access token lives: SMART Backend Services asks for no more than five minutes. */
export const SYSTEM_TOKEN_SECONDS = 300;

/** A new access token: answered once to the client; kept only as its hash. */
export function newSystemToken(): { token: string; tokenHash: string } {
  const { credential, hash } = newMachineCredential(TOKEN_MARK);
  return { token: credential, tokenHash: hash };
}

/** Whether a bearer token is a system client's (the others are people's session tokens). */
export const isSystemToken = (bearer: string | null): bearer is string => bearer?.startsWith(TOKEN_MARK) ?? false;

/** The caller of a request with a system client's token: the client, its organisation and its grant. */
export interface SystemClientCaller {
  kind: 'system';
  clientId: string;
  name: string;
  organisation: { type: SsoOrganisationType; id: string };
  scopes: string[];
}

/** The audit row of a token's use. */
export interface SystemTokenUseEntry {
  actorUserId: null;
  action: 'systemclient.use';
  targetType: 'systemClient';
  targetId: string;
  after: { name: string; organisationType: SsoOrganisationType; organisationId: string; route: string };
  ip: string | null;
  at: Date;
}

export interface SystemTokenCheckDeps {
  db: Kysely<DB>;
  now: () => Date;
  /** modules/audit's `recordAudit`, handed in by the caller: the kernel imports no module. */
  recordAudit: (trx: Executor, entry: SystemTokenUseEntry) => Promise<void>;
}

/**
 * The caller of a request with `Authorization: Bearer gms_…`, or 401: the token must be live, its
 * client not revoked and its organisation active. Each accepted call is audited under the client's
 * name and stamps its last use.
 */
export async function authenticateSystemToken(
  deps: SystemTokenCheckDeps,
  token: string,
  ip: string | null,
  route: string,
): Promise<SystemClientCaller> {
  const at = deps.now();
  const found = await repo.findLiveSystemToken(deps.db, machineCredentialHash(token), at.toISOString());
  if (!found || !(await repo.organisationIsActive(deps.db, found))) {
    throw unauthorized({ key: 'problem.auth.systemTokenUnknown' });
  }
  const organisation = { type: found.organisationType, id: found.organisationId };
  await deps.db.transaction().execute(async (trx) => {
    await repo.setSystemClientUsed(trx, found.clientId, at.toISOString());
    await deps.recordAudit(trx, {
      actorUserId: null,
      action: 'systemclient.use',
      targetType: 'systemClient',
      targetId: found.clientId,
      after: { name: found.name, organisationType: organisation.type, organisationId: organisation.id, route },
      ip,
      at,
    });
  });
  return {
    kind: 'system',
    clientId: found.clientId,
    name: found.name,
    organisation,
    scopes: found.scopes.split(' ').filter(Boolean),
  };
}
