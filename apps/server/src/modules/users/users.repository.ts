import type { UserAttention } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import type { NewUserRow, UserUpdate } from '../../db/types';
import { lockedAt, neverSignedIn } from '../../queries/users';

// All SQL of user administration. Every function takes the executor; the caller owns transactions.

const USER_COLUMNS = [
  'id',
  'title',
  'firstName',
  'lastName',
  'active',
  'email',
  'phone',
  'audit',
  'admin',
  'twoFactorTarget',
  'language',
] as const;

export type AdminUserRow = Awaited<ReturnType<typeof findUser>> & {};

export function findUser(executor: Executor, id: string) {
  return executor.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findUserIdByEmail(executor: Executor, email: string): Promise<string | undefined> {
  const row = await executor.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}

/** Which users a list shows: active or inactive ones, and only those locked at `now` or never signed in. */
export interface UserFilter {
  active?: boolean;
  show?: UserAttention;
  now: string;
}

/**
 * Every user the filter lets through. Sorting by last name follows the domain's collator, which
 * SQL cannot share, so the service sorts and pages; a user list is small.
 */
export function listUsers(executor: Executor, filter: UserFilter) {
  let query = executor.selectFrom('users').select(USER_COLUMNS);
  if (filter.active !== undefined) {
    query = query.where('active', '=', filter.active ? 1 : 0);
  }
  if (filter.show === 'locked') {
    query = query.where(lockedAt(filter.now));
  } else if (filter.show === 'never') {
    query = query.where(neverSignedIn);
  }
  return query.execute();
}

export interface Membership {
  userId: string;
  id: string;
  name: string;
}

/** The clinics and eutes of these users (all memberships, active or not), in two queries. */
export async function membershipsOf(executor: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) {
    return { clinics: [] as Membership[], eutes: [] as Membership[] };
  }
  const ids = [...userIds];
  const [clinics, eutes] = await Promise.all([
    executor
      .selectFrom('clinicMembers')
      .innerJoin('clinics', 'clinics.id', 'clinicMembers.clinicId')
      .select(['clinicMembers.userId', 'clinics.id', 'clinics.cName as name'])
      .where('clinicMembers.userId', 'in', ids)
      .orderBy('clinics.cName')
      .execute(),
    executor
      .selectFrom('euteMembers')
      .innerJoin('eutes', 'eutes.id', 'euteMembers.euteId')
      .select(['euteMembers.userId', 'eutes.id', 'eutes.name'])
      .where('euteMembers.userId', 'in', ids)
      .orderBy('eutes.name')
      .execute(),
  ]);
  return { clinics, eutes };
}

export async function insertUser(executor: Executor, row: NewUserRow): Promise<void> {
  await executor.insertInto('users').values(row).execute();
}

export async function updateUser(executor: Executor, id: string, changes: UserUpdate): Promise<void> {
  await executor.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Replaces a user's clinics; undefined leaves them as they are. */
export async function setClinicMemberships(
  executor: Executor,
  userId: string,
  clinicIds: readonly string[],
): Promise<void> {
  await executor.deleteFrom('clinicMembers').where('userId', '=', userId).execute();
  if (clinicIds.length > 0) {
    await executor
      .insertInto('clinicMembers')
      .values(clinicIds.map((clinicId) => ({ userId, clinicId })))
      .execute();
  }
}

export async function setEuteMemberships(
  executor: Executor,
  userId: string,
  euteIds: readonly string[],
): Promise<void> {
  await executor.deleteFrom('euteMembers').where('userId', '=', userId).execute();
  if (euteIds.length > 0) {
    await executor
      .insertInto('euteMembers')
      .values(euteIds.map((euteId) => ({ userId, euteId })))
      .execute();
  }
}

/**
 * Touches every active admin row. On PostgreSQL this row-locks them until the transaction ends,
 * so two admins demoting each other at once cannot both pass the last-admin check; SQLite runs
 * one write transaction at a time anyway. Same SQL on both engines.
 */
export async function lockActiveAdmins(executor: Executor): Promise<void> {
  await executor
    .updateTable('users')
    .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
    .where('admin', '=', 1)
    .where('active', '=', 1)
    .execute();
}

export async function countActiveAdmins(executor: Executor): Promise<number> {
  const row = await executor
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('admins'))
    .where('admin', '=', 1)
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.admins);
}

/** Which of these clinics exist, with their active flag. */
export function findClinicsByIds(executor: Executor, ids: readonly string[]) {
  return ids.length === 0
    ? Promise.resolve([])
    : executor
        .selectFrom('clinics')
        .select(['id', 'active'])
        .where('id', 'in', [...ids])
        .execute();
}

export function findEutesByIds(executor: Executor, ids: readonly string[]) {
  return ids.length === 0
    ? Promise.resolve([])
    : executor
        .selectFrom('eutes')
        .select(['id', 'active'])
        .where('id', 'in', [...ids])
        .execute();
}
