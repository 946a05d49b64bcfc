import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { param, prepare } from '../../db/prepared';
import type { Language } from '@graftmatch/domain';

// The caller of every request, in two prepared statements (docs/performance.md).

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
