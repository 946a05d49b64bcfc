import { describe, expect, it } from 'vitest';
import '../../test/render';
import { aWaitingListEntry } from '../../test/fixtures';
import { filterDemand } from './demandFilter';

// The bank's demand search reads a type word and a size in either language (docs/decisions.md,
// "Locale done properly").

const aortic22 = aWaitingListEntry({ waitinglistid: 'a', query_Type: 5, query_d_min: 20, query_d_max: 24 });
const aortic14 = aWaitingListEntry({ waitinglistid: 'b', query_Type: 5, query_d_min: 12, query_d_max: 16 });
const pulmonary22 = aWaitingListEntry({
  waitinglistid: 'c',
  query_Type: 1,
  query_d_min: 21.5,
  query_d_max: 23,
  patient_Code: 'P-11-2022',
  c_Name: 'Klinik Süd',
});
const entries = [aortic22, aortic14, pulmonary22];
const found = (text: string) => filterDemand(entries, text).map((entry) => entry.waitinglistid);

describe('the demand search', () => {
  it('finds a type word and a size, in English or German, whatever the screen’s language', () => {
    expect(found('aortic 22')).toEqual(['a']);
    expect(found('Aortenklappe 22')).toEqual(['a']);
    expect(found('aortenklappe')).toEqual(['a', 'b']);
    expect(found('Pulmonalklappe 22')).toEqual(['c']);
    expect(found('22')).toEqual(['a', 'c']);
  });

  it('reads a size with a decimal comma or point, inside the entry’s diameter range', () => {
    expect(found('21,5')).toEqual(['a', 'c']);
    expect(found('21.5 pulmonary')).toEqual(['c']);
    expect(found('17')).toEqual([]);
  });

  it('still finds clinics and patient codes, a birth year as text', () => {
    expect(found('sud')).toEqual(['c']);
    expect(found('2022')).toEqual(['c']);
    expect(found('p-11-2022')).toEqual(['c']);
    expect(found('  ')).toEqual(['a', 'b', 'c']);
  });
});
