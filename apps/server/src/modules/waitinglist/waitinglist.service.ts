import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LEAD_TIME_DAYS,
  entryAttention,
  fullName,
  shiftDate,
  utcDate,
  type EntryAttention,
  validateWaitingListRequest,
  type AddWaitingListRequest,
  type FitCounter,
  type PatchWaitingListRequest,
  type WaitingListEntry,
} from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { Cacheable } from '../../http/answer-cache';
import { invalidFields, notFound } from '../../http/problem';
import type { Page, Paged } from '../../http/paging';
import { waitingListChanged } from '../../realtime/push-audience';
import type { PushPublisher } from '../../realtime/push-bus';
import type { Executor } from '../../db/executor';
import type { Actor } from '../../identity/actor';
import { recordAudit } from '../audit/audit.service';
import { clinicReadScope, euteReadScope, requirePhysician } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import type { FitCounts } from './fit-counts';
import { entryCriteria, entryToRequest, entryToWire, requestToChanges } from './waitinglist.mapper';
import { checkPriorImplantation } from './waitinglist.prior-implantation';
import * as repo from './waitinglist.repository';

export interface WaitingListDeps {
  db: Kysely<DB>;
  now: () => Date;
  fitCounts: FitCounts;
  /** Told after each change commits, never inside the transaction: a rolled-back change is never announced. */
  push: PushPublisher;
}
/** Reading needs no publisher. */
type ReadDeps = Pick<WaitingListDeps, 'db' | 'now' | 'fitCounts'>;

/** The PDF lists at most this many entries, soonest implant window first; it says so when cut. */
export const MAX_PDF_ENTRIES = 2000;

const todayOf = (deps: Pick<ReadDeps, 'now'>) => utcDate(deps.now());

function assertValid(request: AddWaitingListRequest): void {
  const errors = validateWaitingListRequest(request);
  if (errors.length > 0) {
    throw invalidFields('problem.waitingList.invalidEntry', errors);
  }
}

/** An entry on the wire, with the number of Free grafts that fit it now. */
function withFitCount(counter: FitCounter, row: repo.EntryRow): WaitingListEntry {
  const criteria = entryCriteria(row);
  return entryToWire({ ...row, matchingGrafts: criteria ? counter.count(criteria) : 0 });
}

/** A page of entries on the wire, each with its fit count. */
async function withFits(deps: ReadDeps, rows: Paged<repo.EntryRow>, today: string): Promise<Paged<WaitingListEntry>> {
  const counter = await deps.fitCounts(today);
  return { items: rows.items.map((row) => withFitCount(counter, row)), total: rows.total };
}

async function presentEntry(executor: Executor, counter: FitCounter, id: string): Promise<WaitingListEntry> {
  const row = await repo.findOpenEntry(executor, id);
  if (!row) {
    throw notFound({ key: 'problem.noEntry' });
  }
  return withFitCount(counter, row);
}

/** An open entry with the Free grafts that fit it now and the attention it needs. */
export interface EntryNeedingAttention {
  row: repo.EntryRow;
  fitting: number;
  attention: EntryAttention | null;
}

export type { EntryRow, EntryScope } from './waitinglist.repository';

/**
 * Every open entry in the scope with the attention it needs on `today` (the rule `entryAttention`,
 * docs/decisions.md "Dashboards"): the physician's home counts these, and the waiting list's
 * `show` filter lists them.
 */
export async function entriesNeedingAttention(
  deps: ReadDeps,
  scope: repo.EntryScope,
  today: string,
): Promise<EntryNeedingAttention[]> {
  const [rows, counter, leadTime] = await Promise.all([
    repo.allOpenEntries(deps.db, scope),
    deps.fitCounts(today),
    repo.longestLeadTime(deps.db),
  ]);
  const riskHorizon = shiftDate(today, leadTime ?? DEFAULT_LEAD_TIME_DAYS);
  return rows.map((row) => {
    const criteria = entryCriteria(row);
    const fitting = criteria ? counter.count(criteria) : 0;
    return {
      row,
      fitting,
      attention: entryAttention({ from: row.queryIMin, until: row.queryIMax, fitting }, today, riskHorizon),
    };
  });
}

/**
 * `GET /physician/waitinglist`: the caller's own open entries; auditors read every clinic's. With
 * `show`, only the entries needing that attention, the rows the home's counter counts.
 */
export function listOwnEntries(
  deps: ReadDeps,
  principal: Principal | null,
  page: Page,
  show?: EntryAttention,
): Cacheable<Paged<WaitingListEntry>> {
  const scope = clinicReadScope(principal);
  const { caller } = scope;
  const entryScope: repo.EntryScope = scope.all
    ? { activeClinics: true }
    : { ownerUserId: caller.userId, clinicIds: scope.ids };
  const today = todayOf(deps);
  const owner = scope.all ? '*' : `${caller.userId}:${scope.ids.join(',')}`;
  return {
    key: `own:${today}:${owner}:${show ?? ''}:${page.limit}:${page.offset}`,
    alsoReads: ['waitingList'],
    compute: async () => {
      if (!show) {
        return withFits(deps, await repo.listOpenEntries(deps.db, entryScope, page), today);
      }
      const all = await entriesNeedingAttention(deps, entryScope, today);
      const shown = all.filter((entry) => entry.attention === show);
      return {
        items: shown
          .slice(page.offset, page.offset + page.limit)
          .map((entry) => entryToWire({ ...entry.row, matchingGrafts: entry.fitting })),
        total: shown.length,
      };
    },
  };
}

/** `GET /euteemployee/waitinglist`: the demand, every open entry of active clinics. */
export function listDemand(
  deps: ReadDeps,
  principal: Principal | null,
  page: Page,
): Cacheable<Paged<WaitingListEntry>> {
  euteReadScope(principal);
  const today = todayOf(deps);
  return {
    key: `demand:${today}:${page.limit}:${page.offset}`,
    alsoReads: ['waitingList'],
    compute: async () => withFits(deps, await repo.listOpenEntries(deps.db, { activeClinics: true }, page), today),
  };
}

/** The demand for the PDF, and the banks it is printed for (every bank for auditors). */
export function demandForPdf(
  deps: ReadDeps,
  principal: Principal | null,
): Cacheable<{ entries: WaitingListEntry[]; total: number; banks: string[] }> {
  const scope = euteReadScope(principal);
  const today = todayOf(deps);
  return {
    key: `demand-pdf:${today}:${scope.all ? 'all' : [...scope.ids].sort().join(',')}`,
    alsoReads: ['waitingList'],
    compute: async () => {
      const rows = await repo.listOpenEntries(deps.db, { activeClinics: true }, { limit: MAX_PDF_ENTRIES, offset: 0 });
      const { items, total } = await withFits(deps, rows, today);
      const banks = scope.all ? [] : await repo.euteNames(deps.db, scope.ids);
      return { entries: items, total, banks };
    },
  };
}

/**
 * `POST /physician/waitinglist`: a new entry of the caller, in the caller's first active clinic.
 * Contact fields left out are the caller's own name, e-mail and phone.
 */
export async function addEntry(
  deps: WaitingListDeps,
  actor: Actor,
  request: AddWaitingListRequest,
): Promise<WaitingListEntry> {
  const caller = requirePhysician(actor.principal);
  const { clinicIds } = caller;
  assertValid(request);
  const now = deps.now();
  const at = now.toISOString();
  // Counted before the transaction: the counts read grafts only, and a write holds no lock meanwhile.
  const counter = await deps.fitCounts(todayOf(deps));
  const added = await deps.db.transaction().execute(async (trx) => {
    const acknowledged = await checkPriorImplantation(trx, {
      patientCode: request.patient_Code,
      graftType: request.query_type,
      today: todayOf(deps),
      reason: request.priorImplantationReason,
    });
    const contact = await repo.findUserContact(trx, caller.userId);
    const id = randomUUID();
    const row = {
      id,
      ownerUserId: caller.userId,
      clinicId: clinicIds[0] as string,
      ...requestToChanges({
        ...request,
        physician_Name: request.physician_Name ?? (contact ? fullName(contact) : undefined),
        physician_Email: request.physician_Email ?? contact?.email,
        physician_Phone: request.physician_Phone ?? contact?.phone ?? undefined,
      }),
      queryTimestamp: at,
      closedAt: null,
      createdAt: at,
      updatedAt: at,
    };
    await repo.insertEntry(trx, row);
    const entry = await presentEntry(trx, counter, id);
    await recordAudit(trx, {
      actorUserId: caller.userId,
      action: 'waitinglist.add',
      targetType: 'waitingListEntry',
      targetId: id,
      after: acknowledged ? { ...entry, priorImplantation: acknowledged } : entry,
      ip: actor.ip,
      at: now,
    });
    return entry;
  });
  deps.push.publish(waitingListChanged(caller.userId, added.waitinglistid));
  return added;
}

/** The caller's own open entry, locked for change; another physician's is 404 so it does not leak. */
async function ownOpenEntry(trx: Executor, caller: Principal, clinicIds: string[], id: string) {
  const row = await repo.findOpenEntry(trx, id);
  if (!row || row.ownerUserId !== caller.userId || !clinicIds.includes(row.clinicId)) {
    throw notFound({ key: 'problem.noOwnEntry' });
  }
  return row;
}

/** `PATCH /physician/waitinglist/{id}`: any subset of the add parameters; the merged entry must still be valid. */
export async function patchEntry(
  deps: WaitingListDeps,
  actor: Actor,
  id: string,
  patch: PatchWaitingListRequest,
): Promise<WaitingListEntry> {
  const caller = requirePhysician(actor.principal);
  const { clinicIds } = caller;
  const now = deps.now();
  const counter = await deps.fitCounts(todayOf(deps));
  const patched = await deps.db.transaction().execute(async (trx) => {
    const row = await ownOpenEntry(trx, caller, clinicIds, id);
    const merged: AddWaitingListRequest = { ...entryToRequest(row), ...definedFields(patch) };
    assertValid(merged);
    // A new patient or graft type is checked like a new entry (docs/decisions.md, "One implantation per patient").
    const acknowledged =
      merged.patient_Code !== row.patientCode || merged.query_type !== row.queryType
        ? await checkPriorImplantation(trx, {
            patientCode: merged.patient_Code,
            graftType: merged.query_type,
            today: todayOf(deps),
            reason: patch.priorImplantationReason,
          })
        : null;
    await repo.updateEntry(trx, id, requestToChanges(merged), now.toISOString());
    const entry = await presentEntry(trx, counter, id);
    await recordAudit(trx, {
      actorUserId: caller.userId,
      action: 'waitinglist.update',
      targetType: 'waitingListEntry',
      targetId: id,
      before: withFitCount(counter, row),
      after: acknowledged ? { ...entry, priorImplantation: acknowledged } : entry,
      ip: actor.ip,
      at: now,
    });
    return entry;
  });
  deps.push.publish(waitingListChanged(caller.userId, id));
  return patched;
}

/** `GET /physician/waitinglist/remove/{id}`: closes the caller's own entry. */
export async function removeEntry(deps: WaitingListDeps, actor: Actor, id: string): Promise<void> {
  const caller = requirePhysician(actor.principal);
  const { clinicIds } = caller;
  const now = deps.now();
  const counter = await deps.fitCounts(todayOf(deps));
  await deps.db.transaction().execute(async (trx) => {
    const row = await ownOpenEntry(trx, caller, clinicIds, id);
    await repo.closeEntry(trx, id, now.toISOString());
    await recordAudit(trx, {
      actorUserId: caller.userId,
      action: 'waitinglist.remove',
      targetType: 'waitingListEntry',
      targetId: id,
      before: withFitCount(counter, row),
      after: null,
      ip: actor.ip,
      at: now,
    });
  });
  deps.push.publish(waitingListChanged(caller.userId, id));
}

/**
 * Inside the implantation's transaction: one implantation closes the entry it was requested for,
 * with its own audit row (docs/decisions.md, "One implantation per patient"). A removed entry stays
 * removed. The caller announces the change after its commit (`waitingListChanged`).
 */
export async function closeEntryByImplantation(
  trx: Executor,
  input: {
    entryId: string;
    graftId: string;
    lot: string;
    requestId: string;
    actorUserId: string | null;
    ip: string | null;
    now: Date;
  },
): Promise<void> {
  if (await repo.closeEntryAsImplanted(trx, input.entryId, input.graftId, input.now.toISOString())) {
    await recordAudit(trx, {
      actorUserId: input.actorUserId,
      action: 'waitinglist.implanted',
      targetType: 'waitingListEntry',
      targetId: input.entryId,
      before: { closedAs: null },
      after: { closedAs: 'implanted', lot: input.lot, requestId: input.requestId },
      ip: input.ip,
      at: input.now,
    });
  }
}

function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
