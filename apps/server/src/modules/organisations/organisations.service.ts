import { randomUUID } from 'node:crypto';
import {
  compareNames,
  compareUsersByLastName,
  type AddClinicRequest,
  type AddEuteRequest,
  type Clinic,
  type Eute,
  type PatchClinicRequest,
  type PatchEuteRequest,
  type UserSummary,
  type AuditAction,
} from '@graftmatch/domain';
import type { ClinicRow, EuteRow } from '../../db/types';
import { conflict, notFound } from '../../http/problem';
import { sortAndPage, type Page, type Paged } from '../../http/paging';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../audit/audit.service';
import { requireAdmin } from '../auth/auth.policy';
import type { Principal } from '../auth/principal';
import * as repo from './organisations.repository';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { writeOrConflict } from '../../db/write-or-conflict';
import type { Actor } from '../../http/request-kit';
import { emptyToNull, requiredText } from '../../http/text-fields';

export interface OrganisationsDeps {
  db: Kysely<DB>;
  now: () => Date;
}

type Member = Awaited<ReturnType<typeof repo.clinicMembers>>[number];

const toSummary = (member: Member): UserSummary => ({ ...member, active: member.active === 1 });
const members = (rows: Member[]) => rows.sort(compareUsersByLastName).map(toSummary);

const clinicToWire = (row: ClinicRow): Clinic => ({ id: row.id, c_Name: row.cName, active: row.active === 1 });

function euteToWire(row: EuteRow): Eute {
  const { id, name, euteNumber, address, housenumber, zipcode, city, country, email, phone, leadTimeDays } = row;
  const active = row.active === 1;
  return { id, name, euteNumber, active, address, housenumber, zipcode, city, country, email, phone, leadTimeDays };
}

// Clinics

/** `GET /admin/clinics`, sorted by name; `?active=true` is the filtered list of active clinics. */
export async function listClinics(
  deps: OrganisationsDeps,
  principal: Principal | null,
  filter: { active?: boolean },
  page: Page,
): Promise<Paged<Clinic>> {
  requireAdmin(principal, { write: false });
  const paged = sortAndPage(await repo.listClinics(deps.db, filter), (a, b) => compareNames(a.cName, b.cName), page);
  return { items: paged.items.map(clinicToWire), total: paged.total };
}

async function clinicWithDetail(executor: Executor, id: string): Promise<Clinic> {
  const row = await repo.findClinic(executor, id);
  if (!row) {
    throw notFound('No such clinic.');
  }
  return { ...clinicToWire(row), clinicDetail: { users: members(await repo.clinicMembers(executor, id)) } };
}

export async function getClinic(deps: OrganisationsDeps, principal: Principal | null, id: string): Promise<Clinic> {
  requireAdmin(principal, { write: false });
  return clinicWithDetail(deps.db, id);
}

async function assertClinicNameFree(trx: Executor, name: string, exceptId: string | null) {
  const owner = await repo.findClinicIdByName(trx, name);
  if (owner && owner !== exceptId) {
    throw conflict(`A clinic named "${name}" already exists.`);
  }
}

export async function addClinic(deps: OrganisationsDeps, actor: Actor, request: AddClinicRequest): Promise<Clinic> {
  const admin = requireAdmin(actor.principal, { write: true });
  const now = deps.now();
  const name = requiredText('c_Name', request.c_Name);
  return writeOrConflict(
    deps.db,
    async (trx) => {
      await assertClinicNameFree(trx, name, null);
      const id = randomUUID();
      await repo.insertClinic(trx, {
        id,
        cName: name,
        active: 1,
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
    `A clinic named "${name}" already exists.`,
  );
}

/** PATCH, activate and deactivate of a clinic: one change, its audit row, one transaction. */
async function changeClinic(
  deps: OrganisationsDeps,
  actor: Actor,
  id: string,
  action: AuditAction,
  changes: { cName?: string; active?: 0 | 1 },
): Promise<Clinic> {
  const admin = requireAdmin(actor.principal, { write: true });
  const now = deps.now();
  return writeOrConflict(
    deps.db,
    async (trx) => {
      const before = await clinicWithDetail(trx, id);
      if (changes.cName !== undefined) {
        await assertClinicNameFree(trx, changes.cName, id);
      }
      await repo.updateClinic(trx, id, { ...changes, updatedAt: now.toISOString() });
      const after = await clinicWithDetail(trx, id);
      await recordAudit(trx, {
        actorUserId: admin.userId,
        action,
        targetType: 'clinic',
        targetId: id,
        before,
        after,
        ip: actor.ip,
        at: now,
      });
      return after;
    },
    `A clinic named "${changes.cName ?? ''}" already exists.`,
  );
}

export const patchClinic = (deps: OrganisationsDeps, actor: Actor, id: string, request: PatchClinicRequest) =>
  changeClinic(
    deps,
    actor,
    id,
    'clinic.update',
    request.c_Name !== undefined ? { cName: requiredText('c_Name', request.c_Name) } : {},
  );

export const setClinicActive = (deps: OrganisationsDeps, actor: Actor, id: string, active: boolean) =>
  changeClinic(deps, actor, id, active ? 'clinic.activate' : 'clinic.deactivate', { active: active ? 1 : 0 });

// Tissue banks

/** `GET /admin/eutes`, sorted by name; `?active=true` is the filtered list of active eutes. */
export async function listEutes(
  deps: OrganisationsDeps,
  principal: Principal | null,
  filter: { active?: boolean },
  page: Page,
): Promise<Paged<Eute>> {
  requireAdmin(principal, { write: false });
  const paged = sortAndPage(await repo.listEutes(deps.db, filter), (a, b) => compareNames(a.name, b.name), page);
  return { items: paged.items.map(euteToWire), total: paged.total };
}

async function euteWithDetail(executor: Executor, id: string): Promise<Eute> {
  const row = await repo.findEute(executor, id);
  if (!row) {
    throw notFound('No such tissue bank.');
  }
  return { ...euteToWire(row), euteDetail: { users: members(await repo.euteMembers(executor, id)) } };
}

export async function getEute(deps: OrganisationsDeps, principal: Principal | null, id: string): Promise<Eute> {
  requireAdmin(principal, { write: false });
  return euteWithDetail(deps.db, id);
}

/** `POST /admin/eutes/add`: a new, active bank; its name and EUTE number must be free. */
export async function addEute(deps: OrganisationsDeps, actor: Actor, request: AddEuteRequest): Promise<Eute> {
  const admin = requireAdmin(actor.principal, { write: true });
  const now = deps.now().toISOString();
  const { name: givenName, euteNumber: givenNumber, ...optional } = request;
  const name = requiredText('name', givenName);
  const euteNumber = requiredText('euteNumber', givenNumber);
  const text = (value: string | undefined) => (value?.trim() ? value.trim() : null);
  return writeOrConflict(
    deps.db,
    async (trx) => {
      if (await repo.findEuteIdByName(trx, name)) {
        throw conflict(`A tissue bank named "${name}" already exists.`);
      }
      if (await repo.findEuteIdByNumber(trx, euteNumber)) {
        throw conflict(`A tissue bank with the EUTE number ${euteNumber} already exists.`);
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
    `A tissue bank named "${name}" already exists.`,
  );
}

/** `PATCH /admin/eutes/{id}`: any subset of the bank's fields; an empty optional text clears it. */
export function patchEute(deps: OrganisationsDeps, actor: Actor, id: string, request: PatchEuteRequest): Promise<Eute> {
  const { name, ...optional } = request;
  const changes: repo.EuteChanges = Object.fromEntries(
    Object.entries(optional)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, typeof value === 'string' ? emptyToNull(value) : null]),
  );
  if (name !== undefined) {
    changes.name = requiredText('name', name);
  }
  return changeEute(deps, actor, id, 'eute.update', changes);
}

/**
 * `GET /admin/eutes/activate/{id}` and `/deactivate/{id}` (as for clinics): an inactive bank's
 * grafts leave the search and its employees lose the bank's area at once (docs/decisions.md §5).
 */
export const setEuteActive = (deps: OrganisationsDeps, actor: Actor, id: string, active: boolean) =>
  changeEute(deps, actor, id, active ? 'eute.activate' : 'eute.deactivate', { active: active ? 1 : 0 });

/** PATCH, activate and deactivate of a bank: one change, its audit row, one transaction. */
async function changeEute(
  deps: OrganisationsDeps,
  actor: Actor,
  id: string,
  action: AuditAction,
  changes: repo.EuteChanges,
): Promise<Eute> {
  const admin = requireAdmin(actor.principal, { write: true });
  const now = deps.now();
  return writeOrConflict(
    deps.db,
    async (trx) => {
      const before = await euteWithDetail(trx, id);
      if (changes.name) {
        const owner = await repo.findEuteIdByName(trx, changes.name);
        if (owner && owner !== id) {
          throw conflict(`A tissue bank named "${changes.name}" already exists.`);
        }
      }
      await repo.updateEute(trx, id, { ...changes, updatedAt: now.toISOString() });
      const after = await euteWithDetail(trx, id);
      await recordAudit(trx, {
        actorUserId: admin.userId,
        action,
        targetType: 'eute',
        targetId: id,
        before,
        after,
        ip: actor.ip,
        at: now,
      });
      return after;
    },
    `A tissue bank named "${changes.name ?? ''}" already exists.`,
  );
}
