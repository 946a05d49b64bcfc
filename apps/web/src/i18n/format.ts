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

/** An instant as `HH:mm CET` when it is today in the reader's zone, else as `showDateTime` shows it. */
export function showRecentTime(value: Date): string {
  const shown = showDateTime(value);
  const today = `${showDate(new Date())} `;
  return shown.startsWith(today) ? shown.slice(today.length) : shown;
}

/** A patient code `A-03-2021`, or n.d. when a part is missing. */
export function showPatientCode(code: string | Partial<PatientCodeParts> | null | undefined): string {
  const shown = displayPatientCode(code);
  return shown === NOT_DOCUMENTED ? notDocumented() : shown;
}

// Numbers, sizes and durations go through Intl in the reader's language (docs/decisions.md, "Locale
// done properly"): "21,5 mm" in German, "21.5 mm" in English; days as "Tage" / "days".
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${readerLanguage()} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(readerLanguage(), options);
    numberFormats.set(key, format);
  }
  return format;
}

// Sizes are measured to a tenth of a millimetre; more digits are noise.
const MILLIMETRES: Intl.NumberFormatOptions = { style: 'unit', unit: 'millimeter', maximumFractionDigits: 1 };

/** A number as the reader writes it ("21,5" in German), to a tenth. */
export const showNumber = (value: number): string => numberFormat({ maximumFractionDigits: 1 }).format(value);

/** A size in millimetres, "21,5 mm"; n.d. when missing. */
export function showMillimetres(value: number | null | undefined): string {
  return value === null || value === undefined ? notDocumented() : numberFormat(MILLIMETRES).format(value);
}

const isMissing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined;

/** A range of sizes, "20–22 mm"; n.d. for a missing end. */
export function showMillimetreRange(min: number | null | undefined, max: number | null | undefined): string {
  if (isMissing(min) && isMissing(max)) {
    return notDocumented();
  }
  if (isMissing(min) || isMissing(max)) {
    return `${isMissing(min) ? notDocumented() : showNumber(min)}–${showMillimetres(max)}`;
  }
  // Intl words an empty range as "~20 mm".
  return min === max ? showMillimetres(min) : numberFormat(MILLIMETRES).formatRange(min, max);
}

/** A size difference with its sign, "+0,5 mm", "−1 mm", "±0 mm". */
export function showMillimetreOffset(value: number): string {
  const size = showMillimetres(Math.abs(value));
  return value === 0 ? `±${size}` : `${value > 0 ? '+' : '−'}${size}`;
}

/** Whole days in words, "3 Tage" / "3 days". */
export const showDays = (count: number): string =>
  numberFormat({ style: 'unit', unit: 'day', unitDisplay: 'long' }).format(count);

/** Time left, "2 Tage, 5 Std." / "2 days 5 hr"; under a day, hours and minutes. */
export function showTimeLeft(left: { days: number; hours: number; minutes: number }): string {
  const unit = (unit: 'hour' | 'minute', value: number) =>
    numberFormat({ style: 'unit', unit, unitDisplay: 'short' }).format(value);
  const parts =
    left.days > 0
      ? [showDays(left.days), unit('hour', left.hours)]
      : [unit('hour', left.hours), unit('minute', left.minutes)];
  return new Intl.ListFormat(readerLanguage(), { style: 'narrow', type: 'unit' }).format(parts);
}

/** How long ago, "vor 3 Std." / "3 hr. ago": minutes within the hour, hours within two days, then days. */
export function showAge(since: string | Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / 1440), 'day'];
  return new Intl.RelativeTimeFormat(readerLanguage(), { style: 'short' }).format(-value, unit);
}
