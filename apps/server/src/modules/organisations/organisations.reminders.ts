import {
  parseReminderDays,
  unansweredRequestHours,
  unansweredRequestHoursErrors,
  type BankReminderSettings,
  type BankReminderSettingsRequest,
} from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { invalidFields, notFound } from '../../http/problem';
import type { Actor } from '../../identity/actor';
import { recordAudit } from '../audit/audit.service';
import { requireAdmin } from '../../identity/policy';
import * as repo from './organisations.repository';

// A bank's reminder thresholds (docs/decisions.md "Reminders"): admins set them, auditors read them.

type SettingsDeps = { db: Kysely<DB>; now: () => Date };
type SettingsRow = NonNullable<Awaited<ReturnType<typeof repo.readBankSettings>>>;

const noBank = () => notFound({ key: 'problem.noBank' });

/** The settings as the API answers them, without the bank's id (as audited). */
const settingsOf = (row: SettingsRow): Omit<BankReminderSettings, 'id'> => ({
  expiryReminderDays: parseReminderDays(row.expiryReminderDays),
  importSilenceDays: Number(row.importSilenceDays),
  unansweredRequestHours: unansweredRequestHours({
    remind: row.unansweredReminderHours,
    escalate: row.unansweredEscalationHours,
  }),
});

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
  return { id: row.id, ...settingsOf(row) };
}

export async function setBankReminderSettings(
  deps: SettingsDeps,
  actor: Actor,
  euteId: string,
  input: BankReminderSettingsRequest,
): Promise<BankReminderSettings> {
  const caller = requireAdmin(actor.principal, { write: true });
  // The schema checks each hour's bounds; the order of the two only this can.
  const hourErrors = input.unansweredRequestHours ? unansweredRequestHoursErrors(input.unansweredRequestHours) : [];
  if (hourErrors.length > 0) {
    throw invalidFields('problem.invalidRequest', hourErrors);
  }
  const now = deps.now();
  const days = parseReminderDays(input.expiryReminderDays.join(','));
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.readBankSettings(trx, euteId);
    if (!before) {
      throw noBank();
    }
    const settings = {
      expiryReminderDays: days,
      importSilenceDays: input.importSilenceDays,
      unansweredRequestHours: input.unansweredRequestHours ?? settingsOf(before).unansweredRequestHours,
    };
    await repo.writeBankSettings(trx, {
      euteId,
      expiryReminderDays: days.join(','),
      importSilenceDays: input.importSilenceDays,
      unansweredRequestHours: input.unansweredRequestHours,
      at: now.toISOString(),
    });
    await recordAudit(trx, {
      actorUserId: caller.userId,
      action: 'eute.reminders',
      targetType: 'eute',
      targetId: euteId,
      before: settingsOf(before),
      after: settings,
      ip: actor.ip,
      at: now,
    });
    return { id: euteId, ...settings };
  });
}
