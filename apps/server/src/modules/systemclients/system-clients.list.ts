import type { SsoOrganisationParams, SystemClient } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import type { SystemClientRow } from '../../db/types';
import { notFound } from '../../http/problem';
import { requireAdmin } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import { organisationNameOf } from '../organisations/organisations.service';
import type { SystemClientsDeps } from './system-clients.deps';
import * as repo from './system-clients.repository';

/** A client as admins see it: its keys by id only, never the key set itself. */
export function toWire(row: SystemClientRow): SystemClient {
  const inline = row.jwks === null ? [] : (JSON.parse(row.jwks) as { keys: { kid?: string; kty: string }[] }).keys;
  return {
    id: row.id,
    name: row.name,
    organisationType: row.organisationType,
    organisationId: row.organisationId,
    jwksUrl: row.jwksUrl,
    keyIds: inline.map((key) => key.kid ?? key.kty),
    scopes: row.scopes.split(' ').filter(Boolean),
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
  };
}

export const organisationOf = (params: SsoOrganisationParams): repo.Organisation => ({
  type: params.organisationType,
  id: params.organisationId,
});

/** The organisation named in the path, or 404 in its own words. */
export async function requireOrganisation(executor: Executor, organisation: repo.Organisation): Promise<void> {
  if ((await organisationNameOf(executor, organisation)) === undefined) {
    throw notFound(organisation.type === 'clinic' ? { key: 'problem.other.noClinic' } : { key: 'problem.noBank' });
  }
}

/** `GET /admin/system-clients/{type}/{id}`: the organisation's system clients, revoked ones included. */
export async function listSystemClients(
  deps: SystemClientsDeps,
  principal: Principal | null,
  params: SsoOrganisationParams,
): Promise<SystemClient[]> {
  requireAdmin(principal, { write: false });
  const organisation = organisationOf(params);
  await requireOrganisation(deps.db, organisation);
  return (await repo.clientsOf(deps.db, organisation)).map(toWire);
}
