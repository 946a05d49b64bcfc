import { type WaitingListEntry } from '@graftmatch/domain';
import { showPatientCode } from '../../i18n/format';

const fold = (value: string) =>
  value
    .toLocaleLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss');

/**
 * The entries whose graft type, clinic or patient code (each as shown) contain every word of `text`,
 * in any case and with or without accents; the order stays the server's.
 */
export function filterDemand(
  entries: WaitingListEntry[],
  text: string,
  typeLabel: (entry: WaitingListEntry) => string,
): WaitingListEntry[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    return entries;
  }
  return entries.filter((entry) => {
    const haystack = fold([typeLabel(entry), entry.c_Name, showPatientCode(entry.patient_Code)].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}
