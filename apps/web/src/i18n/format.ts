import {
  displayPatientCode,
  formatInstantInZone,
  isIsoDate,
  localDay,
  NOT_DOCUMENTED,
  runtimeTimeZone,
  toIsoDate,
  type PatientCodeParts,
} from '@graftmatch/domain';
import { i18n } from '.';

// The one place where the web app turns dates, times and missing values into text (docs/decisions.md
// "One date format", "Time zones"): dates `yyyy-mm-dd`, instants `yyyy-mm-dd HH:mm` in the reader's
// zone with its abbreviation (`CET`, German `MEZ`), never the browser's locale format; a missing
// value is "n.d." in the reader's language ("k. A." in German). The lint forbids the locale formats
// and the domain's wire formats everywhere else in the web app.

type When = string | Date | null | undefined;

/** "n.d." in the reader's language. */
export function notDocumented(): string {
  return i18n.t('common.notDocumented');
}

/** The value, or n.d. for none (null, undefined or blank). */
export function orNotDocumented(value: string | null | undefined): string {
  return value !== null && value !== undefined && value.trim() !== '' ? value : notDocumented();
}

/** The zone instants are shown in: the browser's. */
export const viewerTimeZone = (): string => runtimeTimeZone();

const readerLanguage = () => (i18n.language?.startsWith('de') ? 'de' : 'en');

/** A date as `yyyy-mm-dd`; an instant gives its day in the reader's zone; n.d. when missing or unreadable. */
export function showDate(value: When): string {
  if (value === null || value === undefined || isIsoDate(value)) {
    return toIsoDate(value) ?? notDocumented();
  }
  const instant = toIsoDate(value) === null ? null : new Date(value);
  return instant ? localDay(instant, viewerTimeZone()) : notDocumented();
}

/** An instant as `yyyy-mm-dd HH:mm CET` in the reader's zone; n.d. when missing or unreadable. */
export function showDateTime(value: When): string {
  const shown =
    value === null || value === undefined
      ? NOT_DOCUMENTED
      : formatInstantInZone(value, viewerTimeZone(), readerLanguage());
  return shown === NOT_DOCUMENTED ? notDocumented() : shown;
}

/** A patient code `A-03-2021`, or n.d. when a part is missing. */
export function showPatientCode(code: string | Partial<PatientCodeParts> | null | undefined): string {
  const shown = displayPatientCode(code);
  return shown === NOT_DOCUMENTED ? notDocumented() : shown;
}
