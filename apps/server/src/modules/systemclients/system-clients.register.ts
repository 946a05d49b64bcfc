import { randomUUID } from 'node:crypto';
import {
  normaliseSystemScopes,
  SYSTEM_SCOPE_RESOURCES,
  type JsonWebKeySet,
  type SsoOrganisationParams,
  type SystemClient,
  type SystemClientInput,
} from '@graftmatch/domain';
import { importJWK, type JWK } from 'jose';
import type { SystemClientRow } from '../../db/types';
import { badRequest } from '../../http/problem';
import { outboundUrlAllowed } from '../../http/outbound-url';
import type { Actor } from '../../identity/actor';
import { requireAdmin } from '../../identity/policy';
import { recordAudit } from '../audit/audit.service';
import type { SystemClientsDeps } from './system-clients.deps';
import { privateKeyIn } from './system-clients.keys';
import { organisationOf, requireOrganisation, toWire } from './system-clients.list';
import * as repo from './system-clients.repository';

/** The algorithm a key is tried with when it names none: the ones SMART asks servers to take. */
const DEFAULT_ALGORITHM: Record<string, string> = { RSA: 'RS384', EC: 'ES384' };

/** An inline key set: public keys only, each one a key jose can use; else 400 naming the key. */
async function checkInlineKeys(jwks: JsonWebKeySet): Promise<void> {
  const secret = privateKeyIn(jwks);
  if (secret !== null) {
    throw badRequest({ key: 'problem.systemClients.privateKey', params: { kid: secret } });
  }
  for (const [index, key] of jwks.keys.entries()) {
    const kid = key.kid ?? `#${index + 1}`;
    const algorithm = (key as JWK).alg ?? DEFAULT_ALGORITHM[key.kty];
    try {
      if (algorithm === undefined) {
        throw new Error('no algorithm');
      }
      await importJWK(key as JWK, algorithm);
    } catch {
      throw badRequest({ key: 'problem.systemClients.keyUnusable', params: { kid } });
    }
  }
}

/** Where the keys come from: a URL the server may call, or an inline set of public keys; one of the two. */
async function checkKeys(input: SystemClientInput): Promise<void> {
  if ((input.jwksUrl === undefined) === (input.jwks === undefined)) {
    throw badRequest({ key: 'problem.systemClients.keysOneOf' });
  }
  if (input.jwksUrl !== undefined && !outboundUrlAllowed(input.jwksUrl)) {
    throw badRequest({ key: 'problem.systemClients.jwksUrlInsecure', params: { url: input.jwksUrl } });
  }
  if (input.jwks !== undefined) {
    await checkInlineKeys(input.jwks);
  }
}

/** The scopes normalised, or 400 naming those that cannot be granted here. */
function checkScopes(texts: readonly string[]): string[] {
  const { scopes, invalid } = normaliseSystemScopes(texts);
  if (invalid.length > 0 || scopes.length === 0) {
    throw badRequest({
      key: 'problem.systemClients.invalidScopes',
      params: { scopes: invalid.join(' ') || texts.join(' '), types: SYSTEM_SCOPE_RESOURCES.join(', ') },
    });
  }
  return scopes;
}

/** `POST /admin/system-clients/{type}/{id}`: registers a system client of that clinic or bank. */
export async function registerSystemClient(
  deps: SystemClientsDeps,
  actor: Actor,
  params: SsoOrganisationParams,
  input: SystemClientInput,
): Promise<SystemClient> {
  const admin = requireAdmin(actor.principal, { write: true });
  const organisation = organisationOf(params);
  await requireOrganisation(deps.db, organisation);
  await checkKeys(input);
  const scopes = checkScopes(input.scopes);
  const at = deps.now();
  const row: SystemClientRow = {
    id: randomUUID(),
    name: input.name.trim(),
    organisationType: organisation.type,
    organisationId: organisation.id,
    jwksUrl: input.jwksUrl ?? null,
    jwks: input.jwks === undefined ? null : JSON.stringify(input.jwks),
    scopes: scopes.join(' '),
    createdAt: at.toISOString(),
    createdBy: admin.userId,
    lastUsedAt: null,
    revokedAt: null,
    revokedBy: null,
  };
  const client = toWire(row);
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertClient(trx, row);
    await recordAudit(trx, {
      actorUserId: admin.userId,
      action: 'systemclient.create',
      targetType: 'systemClient',
      targetId: row.id,
      after: {
        name: client.name,
        organisationType: client.organisationType,
        organisationId: client.organisationId,
        jwksUrl: client.jwksUrl,
        keyIds: client.keyIds,
        scopes: client.scopes,
      },
      ip: actor.ip,
      at,
    });
  });
  return client;
}
