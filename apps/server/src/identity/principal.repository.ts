import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { Executor } from '../db/executor';
import { param, prepare } from '../db/prepared';
import type { Language } from '@graftmatch/domain';

// The caller of every request, in two prepared statements (docs/performance.md); the caller with its
// account's fields, for a connection's re-check and the account itself.

export interface SessionOfActiveUser {
  sessionId: string;
  expiresAt: string;
  userId: string;
  email: string;
  admin: number;
  audit: number;
  language: Language;
}

export interface Membership {
  kind: 'clinic' | 'eute';
  id: string;
}

export function createPrincipalQueries(database: Database) {
  const { db } = database;
  const sessionOfActiveUser = prepare<{ sessionId: string; userId: string }, SessionOfActiveUser>(
    database,
    db
      .selectFrom('refreshTokenFamilies')
      .innerJoin('users', 'users.id', 'refreshTokenFamilies.userId')
      .select(['refreshTokenFamilies.id as sessionId', 'refreshTokenFamilies.expiresAt'])
      .select(['users.id as userId', 'users.email', 'users.admin', 'users.audit', 'users.language'])
      .where('refreshTokenFamilies.id', '=', param<string>('sessionId'))
      .where('refreshTokenFamilies.userId', '=', param<string>('userId'))
      .where('refreshTokenFamilies.revokedAt', 'is', null)
      .where('users.active', '=', 1),
  );
  // Active organisations only, each kind by name: the first clinic is where new entries go.
  const memberships = prepare<{ userId: string }, Membership>(
    database,
    db
      .selectFrom('clinicMembers')
      .innerJoin('clinics', 'clinics.id', 'clinicMembers.clinicId')
      .select([sql.lit('clinic').as('kind'), 'clinics.id', 'clinics.cName as name'])
      .where('clinicMembers.userId', '=', param<string>('userId'))
      .where('clinics.active', '=', 1)
      .unionAll(
        db
          .selectFrom('euteMembers')
          .innerJoin('eutes', 'eutes.id', 'euteMembers.euteId')
          .select([sql.lit('eute').as('kind'), 'eutes.id', 'eutes.name'])
          .where('euteMembers.userId', '=', param<string>('userId'))
          .where('eutes.active', '=', 1),
      )
      .orderBy('kind')
      .orderBy('name'),
  );
  return {
    async sessionOfActiveUser(sessionId: string, userId: string) {
      const [row] = await sessionOfActiveUser({ sessionId, userId });
      return row;
    },
    memberships: (userId: string) => memberships({ userId }),
  };
}

/** The caller of a request, only while the user is active; memberships only of active organisations. */
export async function findPrincipalData(executor: Executor, userId: string) {
  const user = await executor
    .selectFrom('users')
    .select([
      'id',
      'email',
      'admin',
      'audit',
      'language',
      'title',
      'firstName',
      'lastName',
      'phone',
      'twoFactorTarget',
      'active',
    ])
    .where('id', '=', userId)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!user) {
    return undefined;
  }
  const [clinics, eutes] = await Promise.all([
    executor
      .selectFrom('clinicMembers')
      .innerJoin('clinics', 'clinics.id', 'clinicMembers.clinicId')
      .select(['clinics.id', 'clinics.cName'])
      .where('clinicMembers.userId', '=', userId)
      .where('clinics.active', '=', 1)
      .orderBy('clinics.cName')
      .execute(),
    executor
      .selectFrom('euteMembers')
      .innerJoin('eutes', 'eutes.id', 'euteMembers.euteId')
      .select(['eutes.id', 'eutes.name'])
      .where('euteMembers.userId', '=', userId)
      .where('eutes.active', '=', 1)
      .orderBy('eutes.name')
      .execute(),
  ]);
  return { user, clinics, eutes };
}
export type PrincipalData = NonNullable<Awaited<ReturnType<typeof findPrincipalData>>>;

/** A live session: not revoked and before its absolute end. The idle limit is checked by the caller. */
export function findLiveSession(executor: Executor, id: string, userId: string, now: string) {
  return executor
    .selectFrom('refreshTokenFamilies')
    .select(['id', 'lastUsedAt'])
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}
