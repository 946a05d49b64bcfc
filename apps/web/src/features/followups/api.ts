import type {
  FollowUp,
  FollowUpListQuery,
  FollowUpPage,
  FollowUpRecordInput,
  RecordUnscheduledFollowUpRequest,
} from '@graftmatch/domain';
import { call } from '../../api/call';

// The physician's follow-ups (docs/api.md "Follow-ups").

export function listFollowUps(query: FollowUpListQuery, signal?: AbortSignal): Promise<FollowUpPage> {
  return call('GET /physician/followups', { query, signal });
}

/** Records a scheduled follow-up (from 14 days before its due day). */
export function recordFollowUp(id: string, body: FollowUpRecordInput): Promise<FollowUp> {
  return call('PUT /physician/followups/{id}', { params: { id }, body });
}

/** Records an unscheduled event (a death, a reintervention, an explant) of a graft implanted at the clinic. */
export function recordEvent(body: RecordUnscheduledFollowUpRequest): Promise<FollowUp> {
  return call('POST /physician/followups', { body });
}

export function markLost(id: string, reason: string): Promise<FollowUp> {
  return call('POST /physician/followups/{id}/lost', { params: { id }, body: { reason } });
}
