import {
  isCompletePatientCode,
  PATIENT_CODE_PLACEHOLDER,
  fitsWaitingListEntry,
  type CreateGraftRequestRequest,
} from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import { badRequest, fieldError, notFound } from '../../http/problem';
import { entryCriteria } from '../waitinglist/waitinglist.mapper';
import { searchableGraft } from './requests.mapper';
import * as repo from './requests.repository';

// Whom a new request is for (docs/decisions.md "Graft requests"): one of the caller's open
// waiting-list entries that the graft fits, or else a patient code, complete or explicitly not
// known (`NN-00-0000`), so the bank never ranks the same child twice as entry and as "n.d.".

type Graft = NonNullable<Awaited<ReturnType<typeof repo.findGraftByLot>>>;
export interface RequestTarget {
  entry: { id: string; clinicId: string; patientCode: string } | undefined;
  patientCode: string | null;
}

export async function requestTarget(
  executor: Executor,
  body: CreateGraftRequestRequest,
  caller: { requesterUserId: string; clinicIds: string[] },
  graft: Graft,
): Promise<RequestTarget> {
  if (!body.waitinglistid) {
    const code = body.patient_Code;
    if (code === undefined || !(code === PATIENT_CODE_PLACEHOLDER || isCompletePatientCode(code))) {
      throw badRequest({ key: 'problem.patientCodeNeeded' }, [
        fieldError('patient_Code', { key: 'validation.patientCode' }),
      ]);
    }
    return { entry: undefined, patientCode: code };
  }
  if (body.patient_Code !== undefined) {
    throw badRequest({ key: 'problem.patientCodeFromEntry' }, [
      fieldError('patient_Code', { key: 'validation.patientCodeFromEntry' }),
    ]);
  }
  const entry = await repo.findOwnOpenEntry(executor, body.waitinglistid, caller.requesterUserId);
  if (!entry || !caller.clinicIds.includes(entry.clinicId)) {
    throw notFound({ key: 'problem.noOwnEntry' });
  }
  const criteria = entryCriteria(entry);
  const searchable = searchableGraft(graft);
  if (!criteria || !searchable || !fitsWaitingListEntry(searchable, criteria)) {
    throw badRequest({ key: 'problem.doesNotFit', params: { lot: graft.eLot } }, [
      fieldError('waitinglistid', { key: 'validation.fittingEntry' }),
    ]);
  }
  return { entry, patientCode: null };
}
