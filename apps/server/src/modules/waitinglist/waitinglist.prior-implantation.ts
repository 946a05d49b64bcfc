import { parsePatientCode, priorImplantationsSince } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import { ProblemError } from '../../http/problem';
import { latestImplantationSince } from '../../queries/implantations';

// One implantation per patient (docs/decisions.md, "One implantation per patient"): a request, a
// waiting-list entry or a reservation for a patient code that had a graft of the same type implanted
// within PRIOR_IMPLANTATION_DAYS is refused unless it carries an acknowledgement with a reason.

/** The prior implantation a write acknowledged, for its audit row. */
export interface AcknowledgedImplantation {
  lot: string;
  implantedOn: string;
  reason: string;
}

/**
 * Inside the writer's transaction: null when the patient had no such implantation (or the code is
 * incomplete, naming nobody), the acknowledged implantation when `reason` is given, else 409 naming it.
 */
export async function checkPriorImplantation(
  trx: Executor,
  input: { patientCode: string | null; graftType: number; today: string; reason: string | undefined },
): Promise<AcknowledgedImplantation | null> {
  const parts = parsePatientCode(input.patientCode);
  if (!parts || parts.initial === null || parts.month === null || parts.year === null) {
    return null;
  }
  const patient = { initial: parts.initial, month: parts.month, year: parts.year };
  const prior = await latestImplantationSince(trx, patient, input.graftType, priorImplantationsSince(input.today));
  if (!prior) {
    return null;
  }
  const implantedOn = (prior.implantationOut ?? '').slice(0, 10);
  if (input.reason !== undefined && input.reason.trim() !== '') {
    return { lot: prior.eLot, implantedOn, reason: input.reason.trim() };
  }
  const patientCode = input.patientCode as string;
  throw new ProblemError(
    409,
    'Conflict',
    { key: 'problem.requests.priorImplantation', params: { patientCode, lot: prior.eLot, date: implantedOn } },
    { priorImplantation: { lot: prior.eLot, implantedOn, patient_Code: patientCode, graftType: prior.tProdName2 } },
  );
}
