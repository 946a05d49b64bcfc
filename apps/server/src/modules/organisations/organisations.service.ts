import { randomUUID } from 'node:crypto';
import {
  compareNames,
  compareUsersByLastName,
  isTimeZone,
  type AddClinicRequest,
  type AddEuteRequest,
  type Clinic,
  type Eute,
  type PatchClinicRequest,
  type PatchEuteRequest,
  type UserSummary,
  type AuditAction,
  type Message,
} from '@graftmatch/domain';
import type { ClinicRow, EuteRow } from '../../db/types';
import { badRequest, conflict, fieldError, notFound } from '../../http/problem';
import type { Page } from '../../http/paging';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../audit/audit.service';
import { adminListPage, requireAdmin } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import * as repo from './organisations.repository';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { writeOrConflict } from '../../http/write-or-conflict';
import type { Actor } from '../../identity/actor';
import { emptyToNull, requiredText } from '../../http/text-fields';

export interface OrganisationsDeps {
  db: Kysely<DB>;
  now: () => Date;
}

type Member = Awaited<ReturnType<typeof repo.clinicMembers>>[number];

const toSummary = (member: Member): UserSummary => ({ ...member, active: member.active === 1 });
const members = (rows: Member[]) => rows.sort(compareUsersByLastName).map(toSummary);

type ListFilter = { active?: boolean };
const byClinicName = (a: ClinicRow, b: ClinicRow) => compareNames(a.cName, b.cName);
const byEuteName = (a: EuteRow, b: EuteRow) => compareNames(a.name, b.name);

/**
 * What the admin pages read of one kind of organisation: the sorted, paged list, and one with its
 * members (404 `missing` when there is none), for admins and auditors.
 */
function adminReads<Row, Wire, Detailed>(kind: {
  list: (executor: Executor, filter: ListFilter) => Promise<Row[]>;
  compare: (a: Row, b: Row) => number;
  toWire: (row: Row) => Wire;
  find: (executor: Executor, id: string) => Promise<Row | undefined>;
  missing: Message;
  withDetail: (executor: Executor, row: Row) => Promise<Detailed>;
}) {
  const detailed = async (executor: Executor, id: string): Promise<Detailed> => {
    const row = await kind.find(executor, id);
    if (!row) {
      throw notFound(kind.missing);
    }
    return kind.withDetail(executor, row);
  };
  return {
    list: (deps: OrganisationsDeps, principal: Principal | null, filter: ListFilter, page: Page) =>
      adminListPage(
        principal,
        () => kind.list(deps.db, filter),
        kind.compare,
        page,
        (rows) => rows.map(kind.toWire),
      ),
    get: (deps: OrganisationsDeps, principal: Principal | null, id: string): Promise<Detailed> => {
      requireAdmin(principal, { write: false });
      return detailed(deps.db, id);
    },
    detailed,
  };
}

const clinicToWire = (row: ClinicRow): Clinic => ({
  id: row.id,
  c_Name: row.cName,
  active: row.active === 1,
  timeZone: row.timeZone,
});

/** A zone as given, if Intl knows it; else 400 (docs/decisions.md "Time zones"). Undefined keeps the default. */
function knownTimeZone(zone: string | undefined): string | undefined {
  if (zone !== undefined && !isTimeZone(zone)) {
    throw badRequest({ key: 'problem.other.timeZoneUnknown', params: { zone } }, [
      fieldError('timeZone', { key: 'validation.timeZone' }),
    ]);
  }
  return zone;
}

function euteToWire(row: EuteRow): Eute {
  const { id, name, euteNumber, address, housenumber, zipcode, city, country, email, phone, leadTimeDays } = row;
  const active = row.active === 1;
  const { vigilanceNotificationHours, vigilanceConfirmationDays, competentAuthorityEmail, timeZone } = row;
  return {
    ...{ id, name, euteNumber, active, address, housenumber, zipcode, city, country, email, phone, leadTimeDays },
    ...{ vigilanceNotificationHours, vigilanceConfirmationDays, competentAuthorityEmail, timeZone },
  };
}

/** One change of a clinic or bank: its name checked, written, audited before → after, in one transaction. */
async function changeOrganisation<Detailed>(
  deps: OrganisationsDeps,
  actor: Actor,
  action: AuditAction,
  change: {
    targetType: 'clinic' | 'eute';
    id: string;
    detailed: (executor: Executor, id: string) => Promise<Detailed>;
    checkName: (trx: Executor) => Promise<void> | undefined;
    update: (trx: Executor, at: string) => Promise<unknown>;
    nameTaken: Message;
  },
): Promise<Detailed> {
  const admin = requireAdmin(actor.principal, { write: true });
  const now = deps.now();
  return writeOrConflict(
    deps.db,
    async (trx) => {
      const before = await change.detailed(trx, change.id);
      await change.checkName(trx);
      await change.update(trx, now.toISOString());
      const after = await change.detailed(trx, change.id);
      await recordAudit(trx, {
        actorUserId: admin.userId,
        action,
        targetType: change.targetType,
        targetId: change.id,
        before,
        after,
        ip: actor.ip,
        at: now,
      });
      return after;
    },
    change.nameTaken,
  );
}

// Clinics

const clinics = adminReads({
  list: repo.listClinics,
  compare: byClinicName,
  toWire: clinicToWire,
  find: repo.findClinic,
  missing: { key: 'problem.other.noClinic' },
  withDetail: async (executor, row): Promise<Clinic> => ({
    ...clinicToWire(row),
    clinicDetail: { users: members(await repo.clinicMembers(executor, row.id)) },
  }),
});
/** `GET /admin/clinics`, sorted by name; `?active=true` is the filtered list of active clinics. */
export const listClinics = clinics.list;
/** `GET /admin/clinics/{id}`: the clinic with its members. */
export const getClinic = clinics.get;
const clinicWithDetail = clinics.detailed;

async function assertClinicNameFree(trx: Executor, name: string, exceptId: string | null) {
  const owner = await repo.findClinicIdByName(trx, name);
  if (owner && owner !== exceptId) {
    throw conflict({ key: 'problem.clinicExists', params: { name } });
  }
}

export async function addClinic(deps: OrganisationsDeps, actor: Actor, request: AddClinicRequest): Promise<Clinic> {
  const admin = requireAdmin(actor.principal, { write: true });
  const now = deps.now();
  const name = requiredText('c_Name', request.c_Name);
  const timeZone = knownTimeZone(request.timeZone);
  return writeOrConflict(
    deps.db,
    async (trx) => {
      await assertClinicNameFree(trx, name, null);
      const id = randomUUID();
      await repo.insertClinic(trx, {
        id,
        cName: name,
        active: 1,
        ...(timeZone ? { timeZone } : {}),
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      });
      const after = await clinicWithDetail(trx, id);
      await recordAudit(trx, {
        actorUserId: admin.userId,
        action: 'clinic.add',
        targetType: 'clinic',
        targetId: id,
        after,
        ip: actor.ip,
        at: now,
      });
      return after;
    },
    { key: 'problem.clinicExists', params: { name } },
  );
}

/** PATCH, activate and deactivate of a clinic: one change, its audit row, one transaction. */
const changeClinic = (
  deps: OrganisationsDeps,
  actor: Actor,
  id: string,
  action: AuditAction,
  changes: { cName?: string; active?: 0 | 1; timeZone?: string },
) =>
  changeOrganisation(deps, actor, action, {
    targetType: 'clinic',
    id,
    detailed: clinicWithDetail,
    checkName: (trx) => (changes.cName === undefined ? undefined : assertClinicNameFree(trx, changes.cName, id)),
    update: (trx, at) => repo.updateClinic(trx, id, { ...changes, updatedAt: at }),
    nameTaken: { key: 'problem.clinicExists', params: { name: changes.cName ?? '' } },
  });

export const patchClinic = (deps: OrganisationsDeps, actor: Actor, id: string, request: PatchClinicRequest) =>
  changeClinic(deps, actor, id, 'clinic.update', {
    ...(request.c_Name !== undefined ? { cName: requiredText('c_Name', request.c_Name) } : {}),
    ...(request.timeZone !== undefined ? { timeZone: knownTimeZone(request.timeZone) } : {}),
  });

export const setClinicActive = (deps: OrganisationsDeps, actor: Actor, id: string, active: boolean) =>
  changeClinic(deps, actor, id, active ? 'clinic.activate' : 'clinic.deactivate', { active: active ? 1 : 0 });

// Tissue banks

const eutes = adminReads({
  list: repo.listEutes,
  compare: byEuteName,
  toWire: euteToWire,
  find: repo.findEute,
  missing: { key: 'problem.noBank' },
  withDetail: async (executor, row): Promise<Eute> => ({
    ...euteToWire(row),
    euteDetail: { users: members(await repo.euteMembers(executor, row.id)) },
  }),
});
/** `GET /admin/eutes`, sorted by name; `?active=true` is the filtered list of active eutes. */
export const listEutes = eutes.list;
/** `GET /admin/eutes/{id}`: the bank with its members. */
export const getEute = eutes.get;
const euteWithDetail = eutes.detailed;
/** A bank by its id or EUTE number, as imports, exports and API keys name one; undefined when unknown. */
export const findBankByRef = (executor: Executor, ref: string) => repo.findEuteByRef(executor, ref);

/** A clinic's or a bank's name, or undefined when there is none with that id. */
export const organisationNameOf = repo.organisationName;

/** `POST /admin/eutes/add`: a new, active bank; its name and EUTE number must be free. */
export async function addEute(deps: OrganisationsDeps, actor: Actor, request: AddEuteRequest): Promise<Eute> {
  const admin = requireAdmin(actor.principal, { write: true });
  const now = deps.now().toISOString();
  const { name: givenName, euteNumber: givenNumber, ...optional } = request;
  const name = requiredText('name', givenName);
  const euteNumber = requiredText('euteNumber', givenNumber);
  const timeZone = knownTimeZone(optional.timeZone);
  const text = (value: string | undefined) => (value?.trim() ? value.trim() : null);
  return writeOrConflict(
    deps.db,
    async (trx) => {
      if (await repo.findEuteIdByName(trx, name)) {
        throw conflict({ key: 'problem.bankExists', params: { name } });
      }
      if (await repo.findEuteIdByNumber(trx, euteNumber)) {
        throw conflict({ key: 'problem.euteNumberExists', params: { number: euteNumber } });
      }
      const id = randomUUID();
      await repo.insertEute(trx, {
        id,
        name,
        euteNumber,
        active: 1,
        address: text(optional.address),
        housenumber: text(optional.housenumber),
        zipcode: text(optional.zipcode),
        city: text(optional.city),
        country: text(optional.country),
        email: text(optional.email),
        phone: text(optional.phone),
        ...(timeZone ? { timeZone } : {}),
        createdAt: now,
        updatedAt: now,
      });
      const after = await euteWithDetail(trx, id);
      await recordAudit(trx, {
        actorUserId: admin.userId,
        action: 'eute.add',
        targetType: 'eute',
        targetId: id,
        after,
        ip: actor.ip,
        at: new Date(now),
      });
      return after;
    },
    { key: 'problem.bankExists', params: { name } },
  );
}

/** `PATCH /admin/eutes/{id}`: any subset of the bank's fields; an empty optional text clears it. */
export function patchEute(deps: OrganisationsDeps, actor: Actor, id: string, request: PatchEuteRequest): Promise<Eute> {
  const { name, ...optional } = request;
  const changes: repo.EuteChanges = Object.fromEntries(
    Object.entries(optional)
      .filter(([, value]) => value !== undefined)
      // Texts: empty clears; numbers (the vigilance deadlines) as given; null clears the authority's address.
      .map(([key, value]) => [key, typeof value === 'string' ? emptyToNull(value) : value]),
  );
  if (name !== undefined) {
    changes.name = requiredText('name', name);
  }
  knownTimeZone(optional.timeZone);
  return changeEute(deps, actor, id, 'eute.update', changes);
}

/**
 * `GET /admin/eutes/activate/{id}` and `/deactivate/{id}` (as for clinics): an inactive bank's
 * grafts leave the search and its employees lose the bank's area at once (docs/decisions.md §5).
 */
export const setEuteActive = (deps: OrganisationsDeps, actor: Actor, id: string, active: boolean) =>
  changeEute(deps, actor, id, active ? 'eute.activate' : 'eute.deactivate', { active: active ? 1 : 0 });

/** PATCH, activate and deactivate of a bank: one change, its audit row, one transaction. */
const changeEute = (
  deps: OrganisationsDeps,
  actor: Actor,
  id: string,
  action: AuditAction,
  changes: repo.EuteChanges,
) =>
  changeOrganisation(deps, actor, action, {
    targetType: 'eute',
    id,
    detailed: euteWithDetail,
    checkName: async (trx) => {
      const owner = changes.name ? await repo.findEuteIdByName(trx, changes.name) : undefined;
      if (owner && owner !== id) {
        throw conflict({ key: 'problem.bankExists', params: { name: changes.name ?? '' } });
      }
    },
    update: (trx, at) => repo.updateEute(trx, id, { ...changes, updatedAt: at }),
    nameTaken: { key: 'problem.bankExists', params: { name: changes.name ?? '' } },
  });
