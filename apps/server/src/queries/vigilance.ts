import { OPEN_VIGILANCE_STATES } from '@graftmatch/domain';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../db/types';

// The rule of a bank's open vigilance reports, shared by the bank's home and the vigilance list it
// links to (docs/decisions.md "Dashboards"), so the counter and the list count the same rows.

/** Some banks' reports, or every bank's. */
export type VigilanceBankScope = { euteIds: readonly string[] } | { all: true };

/** The deadline of a report's open part, as `nextVigilanceDeadline`; ISO texts sort as the instants. */
export const nextDeadlineSql = sql<string>`case when ${sql.ref('vigilanceReports.state')} = 'draft' then ${sql.ref(
  'vigilanceReports.notificationDeadline',
)} else ${sql.ref('vigilanceReports.confirmationDeadline')} end`;

/** Reports of the banks in scope whose part is still open (draft or notified). */
export const openReportsOfBanks = (scope: VigilanceBankScope) => (eb: ExpressionBuilder<DB, 'vigilanceReports'>) =>
  eb.and([
    eb('vigilanceReports.state', 'in', [...OPEN_VIGILANCE_STATES]),
    'euteIds' in scope
      ? eb('vigilanceReports.euteId', 'in', scope.euteIds.length > 0 ? [...scope.euteIds] : ['-'])
      : eb.lit(true),
  ]);
