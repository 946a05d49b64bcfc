import { shiftDate, utcDate } from '@graftmatch/domain';
import type { apiSession } from './login';

type ApiSession = Awaited<ReturnType<typeof apiSession>>;

export { clinicalToday } from '../../apps/server/test/support/clock';

const HEADER = [
  'e_Lot',
  't_ProdName_2',
  't_Dproximal',
  't_Ddistal',
  't_Lmin',
  't_Lmax',
  'decellularization.status',
  'release.status',
  'release.outValue',
  'expiry.outValue',
];

/** A free pulmonary valve of one diameter, expiring `expiresInDays` from today. */
export interface FreeGraft {
  lot: string;
  diameter: string;
  expiresInDays: number;
  /** Two weeks by default; a journey that dates its steps back needs the release before them. */
  releasedDaysAgo?: number;
}

/** Imports free grafts as a bank's own system would (one CSV), and answers the import's summary. */
export async function importFreeGrafts(
  bank: ApiSession,
  grafts: readonly FreeGraft[],
  fileName = 'grafts.csv',
): Promise<{ inserted: number; failed: number }> {
  const today = utcDate(new Date());
  const rows = grafts.map(({ lot, diameter, expiresInDays, releasedDaysAgo = 14 }) =>
    [
      lot,
      '5',
      diameter,
      diameter,
      '30',
      '55',
      '1',
      '1',
      shiftDate(today, -releasedDaysAgo),
      shiftDate(today, expiresInDays),
    ].join(';'),
  );
  const form = new FormData();
  form.append('file', new Blob([`${HEADER.join(';')}\n${rows.join('\n')}\n`], { type: 'text/csv' }), fileName);
  const result = await bank.postForm<{ summary: { inserted: number; failed: number } }>('/import/grafts', form);
  return result.summary;
}
