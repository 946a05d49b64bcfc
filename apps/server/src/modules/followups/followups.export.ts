import type { FollowUp } from '@graftmatch/domain';
import type { Page } from '../../http/paging';
import { notFound } from '../../http/problem';
import { readerScope, readsBankFollowUps, type FollowUpReader } from './followups.policy';
import { presentFollowUps, type FollowUpsDeps } from './followups.service';
import * as repo from './followups.repository';

// Recorded follow-ups for the FHIR API (docs/fhir.md "Observation"): those recorded or marked lost,
// read by the lists' rule (followups.policy.ts). Open and ended visits observed nothing.

/** A follow-up with the graft and clinic its Observation refers to. */
export interface ExportedFollowUp {
  followUp: FollowUp;
  graftId: string;
  clinicId: string;
}

const RECORDED = ['done', 'lost'] as const;

function exported(deps: FollowUpsDeps, rows: readonly repo.FollowUpDetails[]): ExportedFollowUp[] {
  const followUps = presentFollowUps(rows, deps.now());
  return rows.map((row, index) => ({ followUp: followUps[index]!, graftId: row.graftId, clinicId: row.clinicId }));
}

/** One recorded follow-up the reader may read; 404 otherwise, so another clinic's does not leak. */
export async function exportedFollowUp(
  deps: FollowUpsDeps,
  reader: FollowUpReader,
  id: string,
): Promise<ExportedFollowUp> {
  const found = await repo.recordedFollowUps(deps.db, readerScope(reader), { id, states: RECORDED }, null);
  if (found.items.length === 0) {
    throw notFound({ key: 'problem.followups.noFollowUp' });
  }
  return exported(deps, found.items)[0]!;
}

/** A page of the recorded follow-ups the reader may read, by lot and day, and how many match. */
export async function exportedFollowUps(
  deps: FollowUpsDeps,
  reader: FollowUpReader,
  filter: Omit<repo.RecordedFilter, 'id'>,
  page: Page,
): Promise<{ items: ExportedFollowUp[]; total: number }> {
  const found = await repo.recordedFollowUps(deps.db, readerScope(reader), filter, page);
  return { items: exported(deps, found.items), total: found.total };
}

/** The recorded follow-ups of these grafts of the bank, for its export; none for a reader who does not read them. */
export async function bankGraftFollowUps(
  deps: FollowUpsDeps,
  reader: FollowUpReader,
  euteId: string,
  graftIds: readonly string[],
): Promise<ExportedFollowUp[]> {
  if (!readsBankFollowUps(reader, euteId)) {
    return [];
  }
  const found = await repo.recordedFollowUps(deps.db, { euteIds: [euteId] }, { states: RECORDED, graftIds }, null);
  return exported(deps, found.items);
}
