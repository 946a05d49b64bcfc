import type { VigilanceState } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import type { VigilanceReportUpdate } from '../../db/types';
import { conflict } from '../../http/problem';
import * as repo from './vigilance.repository';

/** Changes the report if it is still in the state it was read in; else 409. */
export async function changeReport(
  trx: Executor,
  row: { id: string; state: VigilanceState },
  changes: VigilanceReportUpdate,
): Promise<void> {
  if (!(await repo.updateReport(trx, row.id, row.state, changes))) {
    throw conflict({ key: 'problem.vigilance.changedMeanwhile' });
  }
}
