import { ListStatus } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/types';
import { ENTRY_CRITERIA_COLUMNS, isOpenEntry, isWantedEntry } from '../../queries/waiting-list';
import { CHANNEL_KINDS } from '../../mail/mailer';

// All SQL of the reminders (docs/operations.md "Reminders"): what is due, who hears of it, and
// the dedupe keys of what was sent.

const recipientColumns = ['users.id as userId', 'users.email', 'users.language'] as const;

/** Stores the keys not yet stored and answers those: the reminders still to send. */
export async function storeNewKeys(
  executor: Executor,
  rows: readonly { key: string; kind: string }[],
  sentAt: string,
): Promise<Set<string>> {
  const fresh = new Set<string>();
  // Chunks keep each statement below SQLite's bound-parameter limit.
  for (let start = 0; start < rows.length; start += 300) {
    const inserted = await executor
      .insertInto('remindersSent')
      .values(rows.slice(start, start + 300).map(({ key, kind }) => ({ key, kind, sentAt })))
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .execute();
    inserted.forEach(({ key }) => fresh.add(key));
  }
  return fresh;
}

/** Active employees of active banks, by bank. */
export async function bankEmployees(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('euteMembers')
    .innerJoin('users', 'users.id', 'euteMembers.userId')
    .select(['euteMembers.euteId', ...recipientColumns])
    .where('users.active', '=', 1)
    .execute();
  const byBank = new Map<string, typeof rows>();
  for (const row of rows) {
    const ofBank = byBank.get(row.euteId) ?? [];
    ofBank.push(row);
    byBank.set(row.euteId, ofBank);
  }
  return byBank;
}

export function activeAdmins(db: Kysely<DB>) {
  return db.selectFrom('users').select(recipientColumns).where('admin', '=', 1).where('active', '=', 1).execute();
}

export function activeBanks(db: Kysely<DB>) {
  return db
    .selectFrom('eutes')
    .select(['id', 'name', 'expiryReminderDays', 'importSilenceDays', 'createdAt'])
    .where('active', '=', 1)
    .orderBy('name')
    .execute();
}

/** Free grafts of a bank expiring after `today` and at the latest on `until`. */
export function freeGraftsExpiring(db: Kysely<DB>, euteId: string, today: string, until: string) {
  return db
    .selectFrom('grafts')
    .select(['id', 'eLot', 'euteId', 'tProdName2', 'tDproximal', 'tLmax', 'tLleft', 'tLright', 'expiryDate'])
    .where('euteId', '=', euteId)
    .where('listStatus', '=', ListStatus.Free)
    .where('expiryDate', '>', today)
    .where('expiryDate', '<=', until)
    .orderBy('expiryDate')
    .orderBy('eLot')
    .execute();
}

/** Waiting-list entries still looking for a graft on `today` (the one rule of queries/waiting-list). */
export function openEntries(db: Kysely<DB>, today: string) {
  return db
    .selectFrom('waitingListEntries')
    .innerJoin('clinics', 'clinics.id', 'waitingListEntries.clinicId')
    .select(['waitingListEntries.id', 'waitingListEntries.patientCode', ...ENTRY_CRITERIA_COLUMNS])
    .where(isWantedEntry(today))
    .orderBy('waitingListEntries.patientCode')
    .execute();
}

/** Requests in `state`, with their lot and requester; each caller adds its time limit. */
function requestsIn(db: Kysely<DB>, state: 'requested' | 'reserved' | 'delivered') {
  return db
    .selectFrom('graftRequests')
    .innerJoin('grafts', 'grafts.id', 'graftRequests.graftId')
    .innerJoin('users', 'users.id', 'graftRequests.requesterUserId')
    .innerJoin('clinics', 'clinics.id', 'graftRequests.clinicId')
    .innerJoin('eutes', 'eutes.id', 'graftRequests.euteId')
    .select([
      'graftRequests.id',
      'graftRequests.euteId',
      'clinics.timeZone as clinicTimeZone',
      'eutes.timeZone as bankTimeZone',
      'graftRequests.createdAt',
      'graftRequests.updatedAt',
      'graftRequests.deadline',
      'graftRequests.patientCode',
      'grafts.eLot',
      'users.active as requesterActive',
      ...recipientColumns,
    ])
    .where('graftRequests.state', '=', state)
    .orderBy('grafts.eLot');
}

/** Requests no bank has answered, made at the latest at `createdUntil`, with their bank's hours. */
export function unansweredRequests(db: Kysely<DB>, createdUntil: string) {
  return requestsIn(db, 'requested')
    .select(['eutes.unansweredReminderHours', 'eutes.unansweredEscalationHours'])
    .where('graftRequests.createdAt', '<=', createdUntil)
    .execute();
}

/** Reservations whose deadline lies after `now` and at the latest at `until`. */
export function reservationsEnding(db: Kysely<DB>, now: string, until: string) {
  return requestsIn(db, 'reserved')
    .where('graftRequests.deadline', '>', now)
    .where('graftRequests.deadline', '<=', until)
    .execute();
}

/** Delivered grafts with neither implantation nor return, delivered at the latest at `deliveredUntil`. */
export function unreportedDeliveries(db: Kysely<DB>, deliveredUntil: string) {
  return requestsIn(db, 'delivered').where('graftRequests.updatedAt', '<=', deliveredUntil).execute();
}

/** Open entries of active owners whose implant window ended before `today`. */
export function entriesPastTheirWindow(db: Kysely<DB>, today: string) {
  return db
    .selectFrom('waitingListEntries')
    .innerJoin('users', 'users.id', 'waitingListEntries.ownerUserId')
    .select([
      'waitingListEntries.id',
      'waitingListEntries.patientCode',
      'waitingListEntries.queryIMax',
      ...recipientColumns,
    ])
    .where(isOpenEntry)
    .where('waitingListEntries.queryIMax', '<', today)
    .where('users.active', '=', 1)
    .orderBy('waitingListEntries.patientCode')
    .execute();
}

/** Each bank's latest import, by bank. */
export async function lastImports(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('importLogs')
    .select(['euteId', (eb) => eb.fn.max('date').as('last')])
    .where('euteId', 'is not', null)
    .groupBy('euteId')
    .execute();
  return new Map(rows.map((row) => [row.euteId as string, row.last as string]));
}

/**
 * Mails queued at the latest at `queuedUntil` that failed (for good, or so far and still being
 * retried) and changed since `changedSince`, leaving out the admins' own reminder mails.
 */
export function failingMails(
  db: Kysely<DB>,
  input: { queuedUntil: string; changedSince: string; ownReference: string },
) {
  return db
    .selectFrom('mailOutbox')
    .select(['id', 'kind', 'recipient', 'state', 'lastError', 'createdAt'])
    .where('createdAt', '<=', input.queuedUntil)
    .where('updatedAt', '>=', input.changedSince)
    .where('lastError', 'is not', null)
    .where('state', 'in', ['queued', 'failed'])
    .where('kind', 'not in', CHANNEL_KINDS)
    .where((eb) => eb.or([eb('reference', 'is', null), eb('reference', '!=', input.ownReference)]))
    .orderBy('createdAt')
    .execute();
}
