import type { UnansweredRequestHours } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import type { ClinicRow, EuteRow, NewClinicRow, NewEuteRow } from '../../db/types';

// All SQL of clinic and tissue-bank administration. Every function takes the executor.
// Names are unique regardless of letter case (unique indexes on lower(name), docs/decisions.md).

export function listClinics(executor: Executor, filter: { active?: boolean }): Promise<ClinicRow[]> {
  let query = executor.selectFrom('clinics').selectAll();
  if (filter.active !== undefined) {
    query = query.where('active', '=', filter.active ? 1 : 0);
  }
  return query.execute();
}

export function findClinic(executor: Executor, id: string): Promise<ClinicRow | undefined> {
  return executor.selectFrom('clinics').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findClinicIdByName(executor: Executor, name: string): Promise<string | undefined> {
  return (
    await executor
      .selectFrom('clinics')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['cName']), '=', eb.fn('lower', [eb.val(name)])))
      .executeTakeFirst()
  )?.id;
}

export async function insertClinic(executor: Executor, row: NewClinicRow): Promise<void> {
  await executor.insertInto('clinics').values(row).execute();
}

export async function updateClinic(
  executor: Executor,
  id: string,
  changes: Partial<Pick<ClinicRow, 'cName' | 'active' | 'timeZone' | 'updatedAt'>>,
) {
  await executor.updateTable('clinics').set(changes).where('id', '=', id).execute();
}

export function listEutes(executor: Executor, filter: { active?: boolean }): Promise<EuteRow[]> {
  let query = executor.selectFrom('eutes').selectAll();
  if (filter.active !== undefined) {
    query = query.where('active', '=', filter.active ? 1 : 0);
  }
  return query.execute();
}

export function findEute(executor: Executor, id: string): Promise<EuteRow | undefined> {
  return executor.selectFrom('eutes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A bank by its id or EUTE number. */
export function findEuteByRef(executor: Executor, ref: string): Promise<EuteRow | undefined> {
  return executor
    .selectFrom('eutes')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', ref), eb('euteNumber', '=', ref)]))
    .orderBy('id')
    .executeTakeFirst();
}

export async function findEuteIdByName(executor: Executor, name: string): Promise<string | undefined> {
  return (
    await executor
      .selectFrom('eutes')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
      .executeTakeFirst()
  )?.id;
}

export async function findEuteIdByNumber(executor: Executor, euteNumber: string): Promise<string | undefined> {
  return (await executor.selectFrom('eutes').select('id').where('euteNumber', '=', euteNumber).executeTakeFirst())?.id;
}

export async function insertEute(executor: Executor, row: NewEuteRow): Promise<void> {
  await executor.insertInto('eutes').values(row).execute();
}

export type EuteChanges = Partial<Omit<EuteRow, 'id' | 'createdAt' | 'leadTimeDays'>>;

export async function updateEute(executor: Executor, id: string, changes: EuteChanges) {
  await executor.updateTable('eutes').set(changes).where('id', '=', id).execute();
}

export async function setLeadTime(executor: Executor, euteId: string, days: number, at: string): Promise<boolean> {
  const result = await executor
    .updateTable('eutes')
    .set({ leadTimeDays: days, updatedAt: at })
    .where('id', '=', euteId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const MEMBER_COLUMNS = [
  'users.id',
  'users.title',
  'users.firstName',
  'users.lastName',
  'users.email',
  'users.active',
] as const;

export function clinicMembers(executor: Executor, clinicId: string) {
  return executor
    .selectFrom('clinicMembers')
    .innerJoin('users', 'users.id', 'clinicMembers.userId')
    .select(MEMBER_COLUMNS)
    .where('clinicMembers.clinicId', '=', clinicId)
    .execute();
}

export function euteMembers(executor: Executor, euteId: string) {
  return executor
    .selectFrom('euteMembers')
    .innerJoin('users', 'users.id', 'euteMembers.userId')
    .select(MEMBER_COLUMNS)
    .where('euteMembers.euteId', '=', euteId)
    .execute();
}

/** A bank's reminder thresholds (docs/decisions.md "Reminders"). */
export function readBankSettings(executor: Executor, euteId: string) {
  return executor
    .selectFrom('eutes')
    .select(['id', 'expiryReminderDays', 'importSilenceDays', 'unansweredReminderHours', 'unansweredEscalationHours'])
    .where('id', '=', euteId)
    .executeTakeFirst();
}

/** Answers whether the bank exists. Without `unansweredRequestHours` the bank keeps its hours. */
export async function writeBankSettings(
  executor: Executor,
  input: {
    euteId: string;
    expiryReminderDays: string;
    importSilenceDays: number;
    unansweredRequestHours?: UnansweredRequestHours;
    at: string;
  },
): Promise<boolean> {
  const hours = input.unansweredRequestHours;
  const result = await executor
    .updateTable('eutes')
    .set({
      expiryReminderDays: input.expiryReminderDays,
      importSilenceDays: input.importSilenceDays,
      ...(hours && { unansweredReminderHours: hours.remind, unansweredEscalationHours: hours.escalate }),
      updatedAt: input.at,
    })
    .where('id', '=', input.euteId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The name of a clinic or a bank, or undefined when there is none with that id. */
export async function organisationName(
  executor: Executor,
  organisation: { type: 'clinic' | 'eute'; id: string },
): Promise<string | undefined> {
  const row =
    organisation.type === 'clinic'
      ? await executor
          .selectFrom('clinics')
          .select('cName as name')
          .where('id', '=', organisation.id)
          .executeTakeFirst()
      : await executor.selectFrom('eutes').select('name').where('id', '=', organisation.id).executeTakeFirst();
  return row?.name;
}
