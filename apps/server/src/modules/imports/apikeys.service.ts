import { randomUUID } from 'node:crypto';
import type { ApiKey, CreateApiKeyRequest, CreateApiKeyResponse } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB, EuteApiKeyRow } from '../../db/types';
import { notFound } from '../../http/problem';
import { newApiKey } from '../../identity/api-keys';
import { recordAudit } from '../audit/audit.service';
import { requireAdmin } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import { findBankByRef } from '../organisations/organisations.service';
import * as repo from './apikeys.repository';

// Tissue banks' API keys for their own systems' nightly imports (docs/import.md "API keys"): an admin
// makes, lists and revokes them; checking one is the identity kernel's (identity/api-keys.ts).

export interface ApiKeyDeps {
  db: Kysely<DB>;
  now: () => Date;
}

export interface ApiKeyActor {
  principal: Principal | null;
  ip: string | null;
}

function toWire(row: EuteApiKeyRow): ApiKey {
  const { id, euteId, label, keyPrefix, createdAt, lastUsedAt, revokedAt } = row;
  return { id, euteId, label, keyPrefix, createdAt, lastUsedAt, revokedAt };
}

async function requireBank(deps: ApiKeyDeps, euteId: string) {
  if ((await findBankByRef(deps.db, euteId))?.id !== euteId) {
    throw notFound({ key: 'problem.noBank' });
  }
}

/** `POST /admin/eutes/{id}/apikeys`: a new key of that bank, answered this once only. */
export async function createApiKey(
  deps: ApiKeyDeps,
  actor: ApiKeyActor,
  euteId: string,
  request: CreateApiKeyRequest,
): Promise<CreateApiKeyResponse> {
  const admin = requireAdmin(actor.principal, { write: true });
  await requireBank(deps, euteId);
  const { key, keyPrefix, keyHash } = newApiKey();
  const at = deps.now();
  const row: EuteApiKeyRow = {
    id: randomUUID(),
    euteId,
    label: request.label.trim(),
    keyPrefix,
    keyHash,
    createdAt: at.toISOString(),
    createdBy: admin.userId,
    lastUsedAt: null,
    revokedAt: null,
  };
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertApiKey(trx, row);
    await recordAudit(trx, {
      actorUserId: admin.userId,
      action: 'apikey.create',
      targetType: 'euteApiKey',
      targetId: row.id,
      after: { euteId, label: row.label },
      ip: actor.ip,
      at,
    });
  });
  return { ...toWire(row), key };
}

/** `GET /admin/eutes/{id}/apikeys`: the bank's keys, newest first, revoked ones included, never a secret. */
export async function listApiKeys(deps: ApiKeyDeps, principal: Principal | null, euteId: string): Promise<ApiKey[]> {
  requireAdmin(principal, { write: false });
  await requireBank(deps, euteId);
  return (await repo.listApiKeys(deps.db, euteId)).map(toWire);
}

/** `DELETE /admin/eutes/{id}/apikeys/{keyId}`: the key is refused from now on; revoking twice is no error. */
export async function revokeApiKey(deps: ApiKeyDeps, actor: ApiKeyActor, euteId: string, id: string): Promise<void> {
  const admin = requireAdmin(actor.principal, { write: true });
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.findApiKey(trx, euteId, id);
    if (!row) {
      throw notFound({ key: 'problem.noApiKey' });
    }
    if (row.revokedAt !== null) {
      return;
    }
    await repo.setApiKeyRevoked(trx, id, at.toISOString());
    await recordAudit(trx, {
      actorUserId: admin.userId,
      action: 'apikey.revoke',
      targetType: 'euteApiKey',
      targetId: id,
      before: { euteId, label: row.label },
      ip: actor.ip,
      at,
    });
  });
}
