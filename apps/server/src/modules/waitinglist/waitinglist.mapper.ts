import {
  isGraftTypeNumber,
  type AddWaitingListRequest,
  type EntryCriteria,
  type WaitingListEntry,
} from '@graftmatch/domain';
import type { WaitingListEntriesTable } from '../../db/types';
import type { EntryChanges, EntryRow, EntryWithFits } from './waitinglist.repository';

// Row to wire and request to row. The wire spells the type and the window's end differently in
// requests (`query_type`, `query_i_Max`) and answers (`query_Type`, `query_i_max`), docs/decisions.md §4.

type CriteriaColumns =
  'queryType' | 'queryDMin' | 'queryDMax' | 'queryLMin' | 'queryLLMin' | 'queryLRMin' | 'queryIMin';

/** What a graft must fit of an entry row (docs/decisions.md §6); null for a type the domain does not know. */
export function entryCriteria(row: Pick<WaitingListEntriesTable, CriteriaColumns>): EntryCriteria | null {
  if (!isGraftTypeNumber(row.queryType)) {
    return null;
  }
  return {
    query_Type: row.queryType,
    query_d_min: row.queryDMin,
    query_d_max: row.queryDMax,
    query_l_min: row.queryLMin,
    query_l_l_min: row.queryLLMin,
    query_l_r_min: row.queryLRMin,
    query_i_min: row.queryIMin,
  };
}

/** The criteria of a stored entry; its type was checked when it was written. */
function storedCriteria(row: EntryRow): EntryCriteria {
  const criteria = entryCriteria(row);
  if (!criteria) {
    throw new Error(`waiting-list entry ${row.id} has an unknown graft type ${row.queryType}`);
  }
  return criteria;
}

export function entryToWire(row: EntryWithFits): WaitingListEntry {
  return {
    waitinglistid: row.id,
    ...storedCriteria(row),
    physician_Name: row.physicianName,
    physician_Email: row.physicianEmail,
    physician_Phone: row.physicianPhone,
    patient_Code: row.patientCode,
    query_i_max: row.queryIMax,
    query_timestamp: row.queryTimestamp,
    matchingGrafts: row.matchingGrafts,
    c_Name: row.cName,
  };
}

/** A stored entry in request names, so a PATCH can be merged and checked like an add. */
export function entryToRequest(row: EntryRow): AddWaitingListRequest {
  const criteria = storedCriteria(row);
  return {
    query_type: criteria.query_Type,
    query_d_min: criteria.query_d_min,
    query_d_max: criteria.query_d_max,
    query_l_min: criteria.query_l_min,
    query_l_l_min: criteria.query_l_l_min,
    query_l_r_min: criteria.query_l_r_min,
    ...(row.physicianName === null ? {} : { physician_Name: row.physicianName }),
    ...(row.physicianEmail === null ? {} : { physician_Email: row.physicianEmail }),
    ...(row.physicianPhone === null ? {} : { physician_Phone: row.physicianPhone }),
    patient_Code: row.patientCode,
    query_i_min: criteria.query_i_min,
    query_i_Max: row.queryIMax,
  };
}

/** The columns a (merged) request sets. `query_timestamp` is the server's, never the client's. */
export function requestToChanges(request: AddWaitingListRequest): Required<EntryChanges> {
  return {
    queryType: request.query_type,
    queryDMin: request.query_d_min,
    queryDMax: request.query_d_max,
    queryLMin: request.query_l_min,
    queryLLMin: request.query_l_l_min,
    queryLRMin: request.query_l_r_min,
    physicianName: request.physician_Name ?? null,
    physicianEmail: request.physician_Email ?? null,
    physicianPhone: request.physician_Phone ?? null,
    patientCode: request.patient_Code,
    queryIMin: request.query_i_min,
    queryIMax: request.query_i_Max,
  };
}
