import type { Outcomes, OutcomesQuery } from '@graftmatch/domain';
import { call, download } from '../../api/call';
import type { DownloadedFile } from '../../api/client';

/** Whose view: the caller's banks (employees), or every bank and the network (admins and auditors). */
export type OutcomesReach = 'banks' | 'network';

/** The view's filters: type, period and bank, each left out when not chosen. */
export type OutcomesFilter = Omit<OutcomesQuery, 'format'>;

export function getOutcomes(reach: OutcomesReach, query: OutcomesFilter, signal?: AbortSignal): Promise<Outcomes> {
  return reach === 'network'
    ? call('GET /admin/outcomes', { query, signal })
    : call('GET /euteemployee/outcomes', { query, signal });
}

/** The same view's table as CSV, its headers in the UI's language. */
export function downloadOutcomes(reach: OutcomesReach, query: OutcomesFilter): Promise<DownloadedFile> {
  const accept = 'text/csv, application/problem+json';
  return reach === 'network'
    ? download('GET /admin/outcomes', accept, { query })
    : download('GET /euteemployee/outcomes', accept, { query });
}
