import { graftTypeWords, isGraftTypeNumber, SEARCH_BOUNDS, type WaitingListEntry } from '@graftmatch/domain';
import { showPatientCode } from '../../i18n/format';

const fold = (value: string) =>
  value
    .toLocaleLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss');

// A number the search could mean as a diameter ("22", "21,5", "21.5"); larger numbers are text (a birth year).
const SIZE = /^\d+(?:[.,]\d+)?$/;
const sizeOf = (word: string): number | null => {
  const size = SIZE.test(word) ? Number(word.replace(',', '.')) : NaN;
  return size >= SEARCH_BOUNDS.diameter.min && size <= SEARCH_BOUNDS.diameter.max ? size : null;
};

/** What a word may find of an entry: its graft type in both languages, its clinic and its patient code. */
const wordsOf = (entry: WaitingListEntry) =>
  fold(
    [
      ...(isGraftTypeNumber(entry.query_Type)
        ? [graftTypeWords(entry.query_Type, 'en'), graftTypeWords(entry.query_Type, 'de')]
        : []),
      entry.c_Name,
      showPatientCode(entry.patient_Code),
    ].join(' '),
  );

/**
 * The entries that every word of `text` finds, in any case and with or without accents; the
 * order stays the server's (docs/decisions.md, "Locale done properly"). A size ("22", "21,5") finds
 * the entries whose diameter range holds it; any other word, those whose graft type in either
 * language ("aortic", "Aortenklappe"), clinic or patient code contains it.
 */
export function filterDemand(entries: WaitingListEntry[], text: string): WaitingListEntry[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    return entries;
  }
  return entries.filter((entry) => {
    const found = wordsOf(entry);
    return words.every((word) => {
      const size = sizeOf(word);
      return size === null ? found.includes(word) : entry.query_d_min <= size && size <= entry.query_d_max;
    });
  });
}
