import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { nonEmpty } from '../db/dialect';
import type { DB } from '../db/types';

// Whose graft requests a list covers, shared by the request lists and the homes that count them
// (docs/decisions.md "Graft requests"), so a home and the list it links to see the same requests.

/** One physician's requests (in their clinics), some banks', or all (auditors). */
export type RequestScope = { requesterUserId: string; clinicIds: string[] } | { euteIds: string[] } | { all: true };

/** Requests within the scope. */
export function inRequestScope(scope: RequestScope) {
  return (eb: ExpressionBuilder<DB, 'graftRequests'>): Expression<SqlBool> => {
    if ('requesterUserId' in scope) {
      return eb.and([
        eb('graftRequests.requesterUserId', '=', scope.requesterUserId),
        eb('graftRequests.clinicId', 'in', nonEmpty(scope.clinicIds)),
      ]);
    }
    return 'euteIds' in scope ? eb('graftRequests.euteId', 'in', nonEmpty(scope.euteIds)) : eb.lit(true);
  };
}
