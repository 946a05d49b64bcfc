import { parseReminderDays, type BankReminderSettings, type BankReminderSettingsRequest } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { notFound } from '../../http/problem';
import type { Actor } from '../../http/request-kit';
import { recordAudit } from '../audit/audit.service';
import { requireAdmin } from '../auth/auth.policy';
import * as repo from './organisations.repository';

// A bank's reminder thresholds (docs/decisions.md "Reminders"): admins set them, auditors read them.

type SettingsDeps = { db: Kysely<DB>; now: () => Date };

const noBank = () => notFound({ key: 'problem.noBank' });

export async function getBankReminderSettings(
  deps: SettingsDeps,
  actor: Actor,
  euteId: string,
): Promise<BankReminderSettings> {
  requireAdmin(actor.principal, { write: false });
  const row = await repo.readBankSettings(deps.db, euteId);
  if (!row) {
    throw noBank();
  }
  return {
    id: row.id,
    expiryReminderDays: parseReminderDays(row.expiryReminderDays),
    importSilenceDays: Number(row.importSilenceDays),
  };
}

export async function setBankReminderSettings(
  deps: SettingsDeps,
  actor: Actor,
  euteId: string,
  input: BankReminderSettingsRequest,
): Promise<BankReminderSettings> {
  const caller = requireAdmin(actor.principal, { write: true });
  const now = deps.now();
  const days = parseReminderDays(input.expiryReminderDays.join(','));
  const settings = { expiryReminderDays: days, importSilenceDays: input.importSilenceDays };
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.readBankSettings(trx, euteId);
    if (!before) {
      throw noBank();
    }
    await repo.writeBankSettings(trx, {
      euteId,
      expiryReminderDays: days.join(','),
      importSilenceDays: input.importSilenceDays,
      at: now.toISOString(),
    });
    await recordAudit(trx, {
      actorUserId: caller.userId,
      action: 'eute.reminders',
      targetType: 'eute',
      targetId: euteId,
      before: {
        expiryReminderDays: parseReminderDays(before.expiryReminderDays),
        importSilenceDays: Number(before.importSilenceDays),
      },
      after: settings,
      ip: actor.ip,
      at: now,
    });
  });
  return { id: euteId, ...settings };
}
