import {
  fullName,
  isGraftTypeNumber,
  type RankableGraft,
  type SearchableGraft,
  leadTimeWarning,
  possibleRequestActions,
  toIsoDate,
  type GraftRequest,
  type RequestActorSide,
} from '@graftmatch/domain';
import type { GraftRow } from '../../db/types';
import type { RequestDetails } from './requests.repository';

// Rows stay apart from wire types (docs/decisions.md §11): a request row with its graft, bank, clinic,
// requester and linked entry becomes the GraftRequest of docs/api.md.

type RequestWireAction = GraftRequest['actions'][number];

export function requestToWire(row: RequestDetails, side: RequestActorSide | null, today: string): GraftRequest {
  const implantFrom = row.queryIMin ?? null;
  return {
    id: row.id,
    lot: row.eLot,
    t_ProdName_2: row.tProdName2,
    t_Dproximal: row.tDproximal,
    t_Lmax: row.tLmax,
    state: row.state,
    deadline: row.state === 'reserved' ? row.deadline : null,
    waitinglistid: row.waitingListEntryId,
    patient_Code: row.patientCode ?? row.entryPatientCode ?? null,
    query_i_min: implantFrom,
    query_i_max: row.queryIMax ?? null,
    note: row.note,
    reason: row.reason,
    implantedOn: row.implantedOn,
    assignedOn: toIsoDate(row.assignmentOut),
    deliveredOn: toIsoDate(row.deliveryOut),
    receivedAt: row.receivedAt,
    deliveryCarrier: row.deliveryCarrier,
    deliveryReference: row.deliveryReference,
    deliveryNote: row.deliveryNote,
    implantedOutsideWindow: row.implantedOutsideWindow === 1,
    c_Name: row.cName,
    physician_Name: fullName({
      title: row.requesterTitle,
      firstName: row.requesterFirstName,
      lastName: row.requesterLastName,
    }),
    e_Name: row.euteName,
    clinicTimeZone: row.clinicTimeZone,
    bankTimeZone: row.bankTimeZone,
    implantedTimeZone: row.implantedTimeZone,
    assignedTimeZone: row.assignedTimeZone,
    deliveredTimeZone: row.deliveredTimeZone,
    leadTimeDays: Number(row.leadTimeDays),
    leadTimeWarning: leadTimeWarning(implantFrom, today, Number(row.leadTimeDays)),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    actions: side ? (possibleRequestActions(row.state, side) as RequestWireAction[]) : [],
  };
}

type GraftSizes = Pick<GraftRow, 'tProdName2' | 'tDproximal' | 'tLmax' | 'tLleft' | 'tLright' | 'expiryDate'>;

/** What matching looks at of a graft row (`fitsWaitingListEntry`); null for a type the domain does not know. */
export function searchableGraft(row: GraftSizes): (SearchableGraft & Pick<RankableGraft, 'expiry'>) | null {
  const type = row.tProdName2;
  if (!isGraftTypeNumber(type)) {
    return null;
  }
  return {
    t_ProdName_2: type,
    t_Dproximal: row.tDproximal,
    t_Lmax: row.tLmax,
    t_Lleft: row.tLleft,
    t_Lright: row.tLright,
    expiry: { outValue: row.expiryDate },
  };
}
