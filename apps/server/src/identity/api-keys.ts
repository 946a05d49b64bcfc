import type { Kysely } from 'kysely';
import type { Executor } from '../db/executor';
import type { DB } from '../db/types';
import { unauthorized } from '../http/problem';
import * as repo from './api-keys.repository';
import { machineCredentialHash, newMachineCredential } from './secrets';

// A tissue bank's API key is a credential (docs/import.md "API keys"): its shape and its check live
// here; the admins' routes that make, list and revoke keys are the imports module's.

const KEY_MARK = 'gmk_';
const PREFIX_LENGTH = KEY_MARK.length + 8;

/** A new key: shown once to the admin; kept only as its prefix (to recognise it) and its hash. */
export function newApiKey(): { key: string; keyPrefix: string; keyHash: string } {
  const { credential, hash } = newMachineCredential(KEY_MARK);
  return { key: credential, keyPrefix: credential.slice(0, PREFIX_LENGTH), keyHash: hash };
}

/** The caller of an `Authorization: ApiKey` request: the key and its one bank. */
export interface ApiKeyCaller {
  kind: 'apiKey';
  keyId: string;
  euteId: string;
  label: string;
  ip: string | null;
}

/** The audit row of a key's use. */
export interface ApiKeyUseEntry {
  actorUserId: null;
  action: 'apikey.use';
  targetType: 'euteApiKey';
  targetId: string;
  after: { euteId: string; label: string; route: string };
  ip: string | null;
  at: Date;
}

export interface ApiKeyCheckDeps {
  db: Kysely<DB>;
  now: () => Date;
  /** modules/audit's `recordAudit`, handed in by the caller: the kernel imports no module. */
  recordAudit: (trx: Executor, entry: ApiKeyUseEntry) => Promise<void>;
}

/**
 * The caller of an `Authorization: ApiKey` request (an import, or a FHIR read of the key's bank), or 401. Each accepted use is audited
 * and stamps the key's last use; the key itself is never written anywhere.
 */
export async function authenticateApiKey(
  deps: ApiKeyCheckDeps,
  key: string,
  ip: string | null,
  route = 'POST /api/import/grafts',
): Promise<ApiKeyCaller> {
  const found = key.startsWith(KEY_MARK) ? await repo.findUsableApiKey(deps.db, machineCredentialHash(key)) : undefined;
  if (!found) {
    throw unauthorized({ key: 'problem.auth.apiKeyUnknown' });
  }
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await repo.setApiKeyUsed(trx, found.id, at.toISOString());
    await deps.recordAudit(trx, {
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
