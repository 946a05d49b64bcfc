import { describe, expect, it } from 'vitest';
import { MESSAGES, type Language, type WaitingListEntry } from '@graftmatch/domain';
import { pdfText } from '../../test/support/pdf';
import { renderWaitingListPdf } from './waiting-list-pdf';

// The demand PDF's column titles wrap between words, never inside one, in both languages, and it
// lists how many free grafts fit each entry (docs/decisions.md, "Locale done properly").

const entry = (overrides: Partial<WaitingListEntry>): WaitingListEntry => ({
  waitinglistid: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d01',
  query_Type: 3,
  query_d_min: 18.5,
  query_d_max: 24,
  query_l_min: 40,
  query_l_l_min: 10,
  query_l_r_min: 12,
  physician_Name: 'Dr. med. Jonas Berg',
  physician_Email: 'dr.berg@clinic.example',
  physician_Phone: '+49 40 555 0311',
  patient_Code: 'A-03-2021',
  query_i_min: '2031-01-10',
  query_i_max: '2031-03-01',
  query_timestamp: '2030-10-01T08:00:00.000Z',
  matchingGrafts: 7,
  c_Name: 'Herzzentrum Nord',
  ...overrides,
});

const render = (language: Language) =>
  renderWaitingListPdf({
    entries: [entry({}), entry({ patient_Code: 'B-11-2019', matchingGrafts: 0, query_Type: 5 })],
    total: 2,
    banks: ['Gewebebank Nord gGmbH'],
    generatedAt: new Date('2030-11-02T10:00:00Z'),
    language,
  });

describe('the demand PDF', () => {
  it.each(['en', 'de'] as const)('keeps every word of its column titles whole (%s)', async (language) => {
    // As words: the intro's "Patientencodes" holds "Patientencode" too.
    const shown = new Set((await pdfText(await render(language))).split(/\s+/));
    const words = Object.values(MESSAGES[language].waitingListPdf.column).flatMap((title) => title.split(/\s+/));
    for (const word of words) {
      expect(shown.has(word), word).toBe(true);
    }
  });

  it.each(['en', 'de'] as const)('lists the fitting count of every entry (%s)', async (language) => {
    const text = await pdfText(await render(language));
    const rows = text.split('\n');
    const row = (code: string) => rows.find((line) => line.includes(code)) ?? '';
    expect(row('A-03-2021')).toMatch(/2030-10-01\s+7\s*$/);
    expect(row('B-11-2019')).toMatch(/2030-10-01\s+0\s*$/);
  });
});
