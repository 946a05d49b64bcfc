import { StepStatus } from '@graftmatch/domain';
import type { Executor } from '../db/executor';

// Named query of past implantations (docs/decisions.md, "One implantation per patient"), shared by
// the request, waiting-list and reservation checks so each reads "implanted before" the same way.

/**
 * The latest implantation of a graft of `graftType` for the patient (by the parts of a complete
 * code) dated from `since` on; any bank, recorded by a request or imported.
 */
export function latestImplantationSince(
  executor: Executor,
  patient: { initial: string; month: number; year: number },
  graftType: number,
  since: string,
) {
  return executor
    .selectFrom('grafts')
    .select(['grafts.id', 'grafts.eLot', 'grafts.implantationOut', 'grafts.tProdName2'])
    .where('grafts.implantationStatus', '=', StepStatus.Done)
    .where('grafts.tProdName2', '=', graftType)
    .where('grafts.patientInitial', '=', patient.initial)
    .where('grafts.patientMonth', '=', patient.month)
    .where('grafts.patientYear', '=', patient.year)
    .where('grafts.implantationOut', '>=', since)
    .orderBy('grafts.implantationOut', 'desc')
    .orderBy('grafts.eLot')
    .executeTakeFirst();
}
