import { webPaths } from '@graftmatch/domain';
import { describe, expect, it } from 'vitest';
import { lotsFromParams } from './compareLots';

describe('compared lots in the URL', () => {
  it('round-trips lots, also ones with characters a URL escapes', () => {
    const lots = ['EB1-2026-0001', 'A&B 7', 'X/1'];
    const url = new URL(webPaths.clinicCompare(lots), 'http://localhost');
    expect(url.pathname).toBe('/home/clinic/compare');
    expect(lotsFromParams(url.searchParams)).toEqual(lots);
  });

  it('drops empty and repeated lots and keeps at most four', () => {
    expect(lotsFromParams(new URLSearchParams('lots=A,,B,A, C ,D,E'))).toEqual(['A', 'B', 'C', 'D']);
    expect(lotsFromParams(new URLSearchParams(''))).toEqual([]);
  });
});
