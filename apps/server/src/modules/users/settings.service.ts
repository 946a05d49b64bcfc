import { HINT_NAMES, type HintName, type PatchUserSettingsRequest, type UserSettings } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { unauthorized } from '../../http/problem';
import { auditedOwnChange } from '../audit/audit.service';
import { requireUser } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import * as repo from './settings.repository';

// The caller's own settings: whether match mails come (docs/import.md "Match alerts") and the hints
// dismissed, kept with the account so a dismissal holds on every device.

export interface SettingsDeps {
  db: Kysely<DB>;
  now: () => Date;
}

async function read(executor: Kysely<DB>, userId: string): Promise<UserSettings> {
  const row = await repo.findSettings(executor, userId);
  if (!row) {
    throw unauthorized();
  }
  return { matchMails: row.matchMails === 1, dismissedHints: readHints(row.dismissedHints) };
}

// A name no longer shown by the app is dropped on reading, so the answer always fits its schema.
function readHints(text: string): HintName[] {
  const stored: unknown = JSON.parse(text);
  return HINT_NAMES.filter((name) => Array.isArray(stored) && stored.includes(name));
}

/** `GET /users/settings`. */
export function getMySettings(deps: SettingsDeps, principal: Principal | null): Promise<UserSettings> {
  return read(deps.db, requireUser(principal).userId);
}

/** `PATCH /users/settings`: any subset; the change and its audit row in one transaction. */
export async function patchMySettings(
  deps: SettingsDeps,
  actor: { principal: Principal | null; ip: string | null },
  request: PatchUserSettingsRequest,
): Promise<UserSettings> {
  const { userId } = requireUser(actor.principal);
  const at = deps.now();
  const changes = {
    ...(request.matchMails === undefined ? {} : { matchMails: request.matchMails ? (1 as const) : (0 as const) }),
    ...(request.dismissedHints === undefined ? {} : { dismissedHints: JSON.stringify(request.dismissedHints) }),
  };
  return auditedOwnChange(deps.db, { userId, ip: actor.ip, at }, 'user.settings.update', {
    read: (trx) => read(trx, userId),
    write: async (trx) => {
      if (Object.keys(changes).length > 0) {
        await repo.updateSettings(trx, userId, changes, at.toISOString());
      }
    },
  });
}
