import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ApiKey, CreateApiKeyRequest, CreateApiKeyResponse } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB, EuteApiKeyRow } from '../../db/types';
import { notFound, unauthorized } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { requireAdmin } from '../auth/auth.policy';
import type { Principal } from '../auth/principal';
import { findBankByRef } from '../organisations/organisations.service';
import type { ImportCaller } from './imports.policy';
import * as repo from './apikeys.repository';

// Tissue banks' API keys for their own systems' nightly imports (docs/import.md "API keys").

export interface ApiKeyDeps {
  db: Kysely<DB>;
  now: () => Date;
}

export interface ApiKeyActor {
  principal: Principal | null;
  ip: string | null;
}

const KEY_MARK = 'gmk_';
const PREFIX_LENGTH = KEY_MARK.length + 8;

/**
 * A key holds 256 random bits, so a plain SHA-256 suffices at rest: unlike a PIN or password
 * there is nothing to guess, and lookup by hash needs no server secret (docs/decisions.md).
 */
const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('base64url');

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
  const key = `${KEY_MARK}${randomBytes(32).toString('base64url')}`;
  const at = deps.now();
  const row: EuteApiKeyRow = {
    id: randomUUID(),
    euteId,
    label: request.label.trim(),
    keyPrefix: key.slice(0, PREFIX_LENGTH),
    keyHash: hashOf(key),
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

/**
 * The caller of an `Authorization: ApiKey` request (an import, or a FHIR read of the key's bank), or 401. Each accepted use is audited
 * and stamps the key's last use; the key itself is never written anywhere.
 */
export async function authenticateApiKey(
  deps: ApiKeyDeps,
  key: string,
  ip: string | null,
  route = 'POST /api/import/grafts',
): Promise<ImportCaller> {
  const found = key.startsWith(KEY_MARK) ? await repo.findUsableApiKey(deps.db, hashOf(key)) : undefined;
  if (!found) {
    throw unauthorized({ key: 'problem.auth.apiKeyUnknown' });
  }
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await repo.setApiKeyUsed(trx, found.id, at.toISOString());
    await recordAudit(trx, {
      actorUserId: null,
      action: 'apikey.use',
      targetType: 'euteApiKey',
      targetId: found.id,
      after: { euteId: found.euteId, label: found.label, route },
      ip,
      at,
    });
  });
  return { kind: 'apiKey', keyId: found.id, euteId: found.euteId, label: found.label, ip };
}
