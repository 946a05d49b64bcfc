import { HOLDING_REQUEST_STATES, OPEN_REQUEST_STATES, type VigilanceState } from '@graftmatch/domain';
import { sql } from 'kysely';
import { countRows } from '../../db/count-rows';
import { engineOf, lockedForChange, nonEmpty } from '../../db/dialect';
import type { Executor } from '../../db/executor';
import type { NewVigilanceReportRow, VigilanceReportRow, VigilanceReportUpdate } from '../../db/types';
import type { Page } from '../../http/paging';
import { activeBankEmployees } from '../../queries/members';
import { nextDeadlineSql, openReportsOfBanks, type VigilanceBankScope } from '../../queries/vigilance';

// All SQL of vigilance reports (docs/api.md "Vigilance"): the reports, the grafts of a donation,
// their quarantine flag, and who is told. Every function takes the executor; the caller owns
// transactions.

/** Which reports a reader sees: some banks', some clinics', or all. */
export type VigilanceScope = { all: true } | { euteIds: string[]; clinicIds: string[] };

/** The SEC without spaces, upper case: its first 21 characters are the donation. */
const bareSec = sql<string>`upper(replace(${sql.ref('grafts.xSec')}, ' ', ''))`;

function withNames(executor: Executor) {
  return executor
    .selectFrom('vigilanceReports')
    .innerJoin('grafts', 'grafts.id', 'vigilanceReports.graftId')
    .innerJoin('eutes', 'eutes.id', 'vigilanceReports.euteId')
    .leftJoin('clinics', 'clinics.id', 'vigilanceReports.clinicId')
    .selectAll('vigilanceReports')
    .select([
      'grafts.eLot',
      'grafts.xSec',
      'eutes.name as euteName',
      'eutes.timeZone as bankTimeZone',
      'clinics.cName',
      'clinics.timeZone as clinicTimeZone',
    ]);
}

export type ReportDetails = VigilanceReportRow & {
  eLot: string;
  xSec: string | null;
  euteName: string;
  bankTimeZone: string;
  cName: string | null;
  clinicTimeZone: string | null;
};

export function findReport(executor: Executor, id: string): Promise<ReportDetails | undefined> {
  return withNames(executor).where('vigilanceReports.id', '=', id).executeTakeFirst();
}

/**
 * The reports in scope, newest first; `openOf` instead: the open reports of those banks, soonest
 * deadline first (the bank home's counter).
 */
export async function listReports(
  executor: Executor,
  scope: VigilanceScope,
  filter: { state?: VigilanceState; bank?: string; openOf?: VigilanceBankScope },
  page: Page,
): Promise<{ items: ReportDetails[]; total: number }> {
  let query = withNames(executor);
  if (filter.openOf) {
    query = query.where(openReportsOfBanks(filter.openOf));
  } else if (!('all' in scope)) {
    query = query.where((eb) =>
      eb.or([
        eb('vigilanceReports.euteId', 'in', nonEmpty(scope.euteIds)),
        eb('vigilanceReports.clinicId', 'in', nonEmpty(scope.clinicIds)),
      ]),
    );
  }
  if (filter.state) {
    query = query.where('vigilanceReports.state', '=', filter.state);
  }
  if (filter.bank) {
    query = query.where('vigilanceReports.euteId', '=', filter.bank);
  }
  const [items, total] = await Promise.all([
    (filter.openOf ? query.orderBy(nextDeadlineSql) : query.orderBy('vigilanceReports.createdAt', 'desc'))
      .orderBy('vigilanceReports.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(query),
  ]);
  return { items, total };
}

export async function insertReport(executor: Executor, row: NewVigilanceReportRow): Promise<void> {
  await executor.insertInto('vigilanceReports').values(row).execute();
}

/**
 * The report's state and quarantine inside the transaction that changes them, its row locked on
 * PostgreSQL until the commit, so two quarantines or lifts at once are decided one after the other
 * (docs/decisions.md "Quarantine").
 */
export function lockQuarantine(trx: Executor, id: string) {
  return lockedForChange(
    engineOf(trx),
    trx
      .selectFrom('vigilanceReports')
      .select(['id', 'state', 'quarantinedAt', 'quarantineLots', 'quarantineLiftedAt'])
      .where('id', '=', id),
  ).executeTakeFirst();
}

/** Changes the report if it is still in `state`; answers whether it did. */
export async function updateReport(
  executor: Executor,
  id: string,
  state: VigilanceState,
  changes: VigilanceReportUpdate,
): Promise<boolean> {
  const result = await executor
    .updateTable('vigilanceReports')
    .set(changes)
    .where('id', '=', id)
    .where('state', '=', state)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A graft with its bank's name and vigilance deadlines, by lot. */
export function findGraftByLot(executor: Executor, lot: string) {
  return executor
    .selectFrom('grafts')
    .innerJoin('eutes', 'eutes.id', 'grafts.euteId')
    .leftJoin('clinics', 'clinics.id', 'grafts.clinicId')
    .selectAll('grafts')
    .select([
      'eutes.name as euteName',
      'eutes.euteNumber',
      'eutes.timeZone as bankTimeZone',
      'eutes.vigilanceNotificationHours',
      'eutes.vigilanceConfirmationDays',
      'clinics.timeZone as clinicTimeZone',
    ])
    .where('grafts.eLot', '=', lot)
    .where('grafts.listStatus', 'is not', null)
    .executeTakeFirst();
}

/** Every listed graft of a donation (the SEC's first 21 characters), by lot. */
export function graftsOfDonation(executor: Executor, donation: string) {
  return executor
    .selectFrom('grafts')
    .innerJoin('eutes', 'eutes.id', 'grafts.euteId')
    .selectAll('grafts')
    .select(['eutes.name as euteName'])
    .where(sql<string>`substr(${bareSec}, 1, 21)`, '=', donation)
    .where('grafts.listStatus', 'is not', null)
    .orderBy('grafts.eLot')
    .execute();
}

/** The grafts' open requests (requested, reserved, confirmed), with their clinics. */
export function openRequestsOf(executor: Executor, graftIds: readonly string[]) {
  return executor
    .selectFrom('graftRequests')
    .innerJoin('clinics', 'clinics.id', 'graftRequests.clinicId')
    .select([
      'graftRequests.id',
      'graftRequests.graftId',
      'graftRequests.state',
      'graftRequests.clinicId',
      'clinics.cName',
    ])
    .where('graftRequests.graftId', 'in', nonEmpty(graftIds))
    .where('graftRequests.state', 'in', [...OPEN_REQUEST_STATES])
    .execute();
}

/** Of these requests' states, the ones that hold their graft (reserved, confirmed). */
export const isHolding = (state: string) => (HOLDING_REQUEST_STATES as readonly string[]).includes(state);

/** Quarantines the grafts not quarantined yet, recording the report that holds them. */
export async function quarantineGrafts(executor: Executor, graftIds: readonly string[], reportId: string, at: string) {
  if (graftIds.length === 0) {
    return;
  }
  await executor
    .updateTable('grafts')
    .set({ quarantined: 1, quarantineReportId: reportId, updatedAt: at })
    .where('id', 'in', [...graftIds])
    .where('quarantined', '=', 0)
    .execute();
}

/** Returns the grafts to search and matching; no report holds them any more. */
export async function releaseGrafts(executor: Executor, graftIds: readonly string[], at: string) {
  if (graftIds.length === 0) {
    return;
  }
  await executor
    .updateTable('grafts')
    .set({ quarantined: 0, quarantineReportId: null, updatedAt: at })
    .where('id', 'in', [...graftIds])
    .execute();
}

/** The grafts the report's quarantine holds, whatever its list of lots says. */
export function graftsQuarantinedBy(executor: Executor, reportId: string) {
  return executor
    .selectFrom('grafts')
    .selectAll()
    .where('quarantineReportId', '=', reportId)
    .where('quarantined', '=', 1)
    .orderBy('eLot')
    .execute();
}

/**
 * Quarantined grafts no report holds: left by two quarantines of one report at once before each
 * graft recorded its report (docs/operations.md "Grafts left in quarantine"). Locked on PostgreSQL.
 */
export function orphanedQuarantines(trx: Executor) {
  return lockedForChange(
    engineOf(trx),
    trx
      .selectFrom('grafts')
      .selectAll()
      .where('quarantined', '=', 1)
      .where('quarantineReportId', 'is', null)
      .orderBy('eLot'),
  ).execute();
}

export function graftsByIds(executor: Executor, ids: readonly string[]) {
  return executor.selectFrom('grafts').selectAll().where('id', 'in', nonEmpty(ids)).execute();
}

/** Active physicians of these clinics, with what a mail to them needs. */
export function physiciansOf(executor: Executor, clinicIds: readonly string[]) {
  return executor
    .selectFrom('users')
    .innerJoin('clinicMembers', 'clinicMembers.userId', 'users.id')
    .select(['users.id', 'users.email', 'users.language', 'clinicMembers.clinicId'])
    .where('clinicMembers.clinicId', 'in', nonEmpty(clinicIds))
    .where('users.active', '=', 1)
    .execute();
}

/** Active employees of a bank. */
export const employeesOf = activeBankEmployees;

/** An active user, for reminders to a report's author. */
export function activeUser(executor: Executor, id: string) {
  return executor
    .selectFrom('users')
    .select(['id', 'email', 'language'])
    .where('id', '=', id)
    .where('active', '=', 1)
    .executeTakeFirst();
}

/** Reports whose part is still open: drafts and notified ones. */
export function openReports(executor: Executor) {
  return withNames(executor)
    .select('eutes.timeZone as bankTimeZone')
    .where('vigilanceReports.state', 'in', ['draft', 'notified'])
    .execute();
}

export function bankNames(executor: Executor, ids: readonly string[]) {
  return executor.selectFrom('eutes').select(['id', 'name']).where('id', 'in', nonEmpty(ids)).execute();
}

/** What a mail to the bank's competent authority needs: its address (none: no mail) and the bank's country. */
export function authorityOf(executor: Executor, euteId: string) {
  return executor
    .selectFrom('eutes')
    .select(['competentAuthorityEmail', 'euteNumber', 'country'])
    .where('id', '=', euteId)
    .executeTakeFirst();
}
