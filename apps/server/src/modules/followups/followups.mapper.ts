import { followUpOpensOn, followUpState, fullName, type FollowUp, type FollowUpRecord } from '@graftmatch/domain';
import type { FollowUpDetails } from './followups.repository';

// Rows stay apart from wire types (docs/decisions.md §11): a follow-up row with its graft, bank,
// clinic and recorder becomes the FollowUp of docs/api.md, its state read on the clinic's day.

/** `today`: the local day of the follow-up's clinic. */
export function followUpToWire(row: FollowUpDetails, today: string): FollowUp {
  return {
    id: row.id,
    lot: row.eLot,
    t_ProdName_2: row.tProdName2,
    bankName: row.euteName,
    clinicName: row.cName,
    clinicTimeZone: row.clinicTimeZone,
    patient_Code: row.patientCode,
    implantedOn: row.implantedOn,
    kind: row.kind,
    visit: row.visit,
    dueOn: row.dueOn,
    opensOn: row.dueOn === null ? null : followUpOpensOn(row.dueOn),
    state: followUpState(row, today),
    record: row.record === null ? null : (JSON.parse(row.record) as FollowUpRecord),
    recordedAt: row.recordedAt,
    recordedBy:
      row.recordedBy === null
        ? null
        : fullName({ title: row.recorderTitle, firstName: row.recorderFirstName, lastName: row.recorderLastName }),
    lostReason: row.lostReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
