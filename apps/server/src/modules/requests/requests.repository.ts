import { ListStatus, OPEN_REQUEST_STATES, type RequestState } from '@graftmatch/domain';
import type { GraftRequestRow, GraftUpdate, NewGraftRequestRow } from '../../db/types';
import { nonEmpty } from '../../db/dialect';
import type { Executor } from '../../db/executor';
import { inListStatus, ofActiveEute } from '../../queries/grafts';
import { activeBankEmployees } from '../../queries/members';
import { inRequestScope, type RequestScope } from '../../queries/requests';
import { isOpenEntry, isWantedEntry } from '../../queries/waiting-list';

// All SQL of graft requests. Every function takes the executor; the caller owns transactions.

function withDetails(executor: Executor) {
  return executor
    .selectFrom('graftRequests')
    .innerJoin('grafts', 'grafts.id', 'graftRequests.graftId')
    .innerJoin('eutes', 'eutes.id', 'graftRequests.euteId')
    .innerJoin('clinics', 'clinics.id', 'graftRequests.clinicId')
    .innerJoin('users', 'users.id', 'graftRequests.requesterUserId')
    .leftJoin('waitingListEntries', 'waitingListEntries.id', 'graftRequests.waitingListEntryId')
    .selectAll('graftRequests')
    .select([
      'grafts.eLot',
      'grafts.xSec',
      'grafts.tProdName2',
      'grafts.tDproximal',
      'grafts.tLmax',
      'grafts.expiryDate',
      'grafts.assignmentOut',
      'grafts.deliveryOut',
      'eutes.name as euteName',
      'eutes.leadTimeDays',
      'eutes.timeZone as bankTimeZone',
      'clinics.cName',
      'clinics.timeZone as clinicTimeZone',
      'users.title as requesterTitle',
      'users.firstName as requesterFirstName',
      'users.lastName as requesterLastName',
      'users.email as requesterEmail',
      'users.phone as requesterPhone',
      'users.language as requesterLanguage',
      'users.active as requesterActive',
      'waitingListEntries.patientCode as entryPatientCode',
      'waitingListEntries.queryIMin',
      'waitingListEntries.queryIMax',
    ]);
}

export type RequestDetails = Awaited<ReturnType<typeof findRequest>> & {};

export function findRequest(executor: Executor, id: string) {
  return withDetails(executor).where('graftRequests.id', '=', id).executeTakeFirst();
}

export function listRequests(executor: Executor, scope: RequestScope, states?: readonly RequestState[]) {
  let query = withDetails(executor).where(inRequestScope(scope));
  if (states) {
    query = query.where('graftRequests.state', 'in', [...states]);
  }
  return query.orderBy('graftRequests.createdAt', 'desc').orderBy('graftRequests.id').limit(1000).execute();
}

export async function insertRequest(executor: Executor, row: NewGraftRequestRow): Promise<void> {
  await executor.insertInto('graftRequests').values(row).execute();
}

/**
 * Moves a request from `from` to its next state, only if it is still in `from` (and, for a lapse,
 * still past its deadline): two instances or two clicks racing change it once. Answers whether it did.
 */
export async function moveRequest(
  executor: Executor,
  id: string,
  from: RequestState,
  changes: Partial<
    Pick<
      GraftRequestRow,
      | 'state'
      | 'deadline'
      | 'reason'
      | 'implantedOn'
      | 'patientCode'
      | 'implantedTimeZone'
      | 'assignedTimeZone'
      | 'deliveredTimeZone'
      | 'implantedOutsideWindow'
      | 'deliveryCarrier'
      | 'deliveryReference'
      | 'deliveryNote'
    >
  > & {
    updatedAt: string;
  },
  deadlineBefore?: string,
): Promise<boolean> {
  let query = executor.updateTable('graftRequests').set(changes).where('id', '=', id).where('state', '=', from);
  if (deadlineBefore !== undefined) {
    query = query.where('deadline', '<=', deadlineBefore);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Reservations whose deadline has passed by `now`. */
export async function overdueReservations(executor: Executor, now: string): Promise<string[]> {
  const rows = await executor
    .selectFrom('graftRequests')
    .select('id')
    .where('state', '=', 'reserved')
    .where('deadline', '<=', now)
    .orderBy('deadline')
    .limit(500)
    .execute();
  return rows.map((row) => row.id);
}

/** Another request than `exceptId` that holds the graft (reserved to delivered). */
export function holdingRequest(executor: Executor, graftId: string, exceptId: string) {
  return executor
    .selectFrom('graftRequests')
    .select(['id', 'state'])
    .where('graftId', '=', graftId)
    .where('id', '!=', exceptId)
    .where('state', 'in', ['reserved', 'confirmed', 'assigned', 'delivered'])
    .executeTakeFirst();
}

/** Open requests of other physicians for the graft, still waiting for an answer. */
export async function competingRequests(executor: Executor, graftId: string, exceptId: string): Promise<string[]> {
  const rows = await executor
    .selectFrom('graftRequests')
    .select('id')
    .where('graftId', '=', graftId)
    .where('id', '!=', exceptId)
    .where('state', '=', 'requested')
    .execute();
  return rows.map((row) => row.id);
}

/** Open requests (requested, reserved, confirmed) on these grafts. */
export function openRequestsOnGrafts(executor: Executor, graftIds: readonly string[]) {
  return executor
    .selectFrom('graftRequests')
    .select(['id', 'state'])
    .where('graftId', 'in', graftIds.length > 0 ? [...graftIds] : ['-'])
    .where('state', 'in', [...OPEN_REQUEST_STATES])
    .orderBy('createdAt')
    .execute();
}

export function findGraftByLot(executor: Executor, lot: string) {
  return executor
    .selectFrom('grafts')
    .innerJoin('eutes', 'eutes.id', 'grafts.euteId')
    .selectAll('grafts')
    .select(['eutes.name as euteName', 'eutes.leadTimeDays'])
    .where('grafts.eLot', '=', lot)
    .executeTakeFirst();
}

export function findGraftById(executor: Executor, id: string) {
  return executor.selectFrom('grafts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function updateGraft(executor: Executor, id: string, changes: GraftUpdate): Promise<void> {
  await executor.updateTable('grafts').set(changes).where('id', '=', id).execute();
}

/** Free grafts of these banks (active ones), for the inbox. */
export function freeGraftsOf(executor: Executor, euteIds: readonly string[] | 'all', today: string) {
  let query = executor
    .selectFrom('grafts')
    .innerJoin('eutes', 'eutes.id', 'grafts.euteId')
    .select([
      'grafts.id',
      'grafts.eLot',
      'grafts.euteId',
      'grafts.tProdName2',
      'grafts.tDproximal',
      'grafts.tLmax',
      'grafts.tLleft',
      'grafts.tLright',
      'grafts.expiryDate',
      'grafts.assignmentOut',
      'grafts.deliveryOut',
      'eutes.name as euteName',
      'eutes.leadTimeDays',
    ])
    .where(inListStatus(ListStatus.Free, today))
    .where(ofActiveEute);
  if (euteIds !== 'all') {
    query = query.where('grafts.euteId', 'in', nonEmpty(euteIds));
  }
  return query.orderBy('grafts.eLot').limit(500).execute();
}

/** Waiting-list entries still looking for a graft on `today` (open, active clinic, window not over). */
export function openEntries(executor: Executor, today: string) {
  return executor
    .selectFrom('waitingListEntries')
    .innerJoin('clinics', 'clinics.id', 'waitingListEntries.clinicId')
    .selectAll('waitingListEntries')
    .select('clinics.cName')
    .where(isWantedEntry(today))
    .execute();
}

/** The caller's own open waiting-list entry, to link a request to. */
export function findOwnOpenEntry(executor: Executor, id: string, ownerUserId: string) {
  return executor
    .selectFrom('waitingListEntries')
    .select([
      'id',
      'clinicId',
      'patientCode',
      'queryType',
      'queryDMin',
      'queryDMax',
      'queryLMin',
      'queryLLMin',
      'queryLRMin',
      'queryIMin',
    ])
    .where('id', '=', id)
    .where('ownerUserId', '=', ownerUserId)
    .where(isOpenEntry)
    .executeTakeFirst();
}

/** Active employees of a bank, to tell them of a new request. */
export const bankEmployees = activeBankEmployees;

/** The audited steps of a request, oldest first, with who took them; for its documents. */
export function requestSteps(executor: Executor, id: string) {
  return executor
    .selectFrom('auditLog')
    .leftJoin('users', 'users.id', 'auditLog.actorUserId')
    .select(['auditLog.action', 'auditLog.at', 'users.email'])
    .where('auditLog.targetType', '=', 'graftRequest')
    .where('auditLog.targetId', '=', id)
    .orderBy('auditLog.at')
    .execute();
}

/** Lots of Free grafts that some physician has an open request for; who asked stays hidden. */
export async function requestedLots(executor: Executor, today: string): Promise<string[]> {
  const rows = await executor
    .selectFrom('grafts')
    .select('grafts.eLot')
    .where(inListStatus(ListStatus.Free, today))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('graftRequests')
          .select('graftRequests.id')
          .whereRef('graftRequests.graftId', '=', 'grafts.id')
          .where('graftRequests.state', 'in', ['requested', 'reserved', 'confirmed']),
      ),
    )
    .orderBy('grafts.eLot')
    .execute();
  return rows.map((row) => row.eLot);
}

/**
 * Records the receipt of a delivered request, only if it is still delivered and not yet received
 * (two scans racing record one). Answers whether it did.
 */
export async function markReceived(executor: Executor, id: string, userId: string, at: string): Promise<boolean> {
  const result = await executor
    .updateTable('graftRequests')
    .set({ receivedAt: at, receivedBy: userId, updatedAt: at })
    .where('id', '=', id)
    .where('state', '=', 'delivered')
    .where('receivedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
