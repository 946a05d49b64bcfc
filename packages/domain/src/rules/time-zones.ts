import type { Language } from '../i18n/languages';

// Clinical days and times in the place they happen (docs/decisions.md "Time zones"): every clinic
// and tissue bank has an IANA time zone; a clinical date is the local day of the organisation that
// records it; instants stay UTC and are shown in the reader's zone with its abbreviation. Built on
// Intl alone, so server and web judge the same day.

/** The zone of the demo organisations and of every new clinic and bank. */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

let supported: readonly string[] | undefined;

/** The IANA zones this runtime's Intl knows (its canonical names, plus `UTC`), sorted. */
export function supportedTimeZones(): readonly string[] {
  supported ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
  return supported;
}

/** The zone this runtime runs in (a browser's: its reader's), or UTC when it names none Intl knows. */
export function runtimeTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : 'UTC';
}

/** True for a zone an organisation may have: one of `supportedTimeZones()`. */
export function isTimeZone(value: unknown): value is string {
  return typeof value === 'string' && supportedTimeZones().includes(value);
}

// Building a DateTimeFormat costs far more than using one; lists ask for the same few zones.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, key: string, make: () => Intl.DateTimeFormat) {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

function partsIn(instant: Date, timeZone: string): Record<string, string> {
  const format = cached(
    dayFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }),
  );
  return Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
}

const dayOf = (parts: Record<string, string>) => `${parts.year}-${parts.month}-${parts.day}`;

/**
 * The calendar day `yyyy-mm-dd` an instant falls on in a zone: "today" for a clinical step recorded
 * by an organisation in that zone. Throws a RangeError for an unknown zone.
 */
export function localDay(instant: Date, timeZone: string): string {
  return dayOf(partsIn(instant, timeZone));
}

/** The hour 0–23 of the wall clock in a zone at an instant (a daily digest's hour). */
export function localHour(instant: Date, timeZone: string): number {
  return Number(partsIn(instant, timeZone).hour) % 24;
}

// The short names readers know: English has "CET" in British and "EST" in American English, and
// either writes "GMT+9" for zones without a common name; German has "MEZ".
const ABBREVIATION_LOCALES: Record<Language, readonly string[]> = { en: ['en-GB', 'en-US'], de: ['de-DE'] };
const OFFSET_NAME = /^GMT[+-]/;

/** The zone's short name at that instant in the reader's language (`CET`, `CEST`, `EST`, `MEZ`, `GMT+9`). */
export function zoneAbbreviation(instant: Date, timeZone: string, language: Language): string {
  let fallback = '';
  for (const locale of ABBREVIATION_LOCALES[language]) {
    const format = cached(
      timeFormats,
      `${locale}|${timeZone}`,
      () => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }),
    );
    const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
    if (name !== '' && !OFFSET_NAME.test(name)) {
      return name;
    }
    fallback ||= name;
  }
  return fallback;
}

/**
 * An instant as a reader in `timeZone` sees it: `2026-12-03 23:15 CET` (the date format of
 * `formatDate`, the local time, the zone's abbreviation); `n.d.` when unreadable.
 */
export function formatInstantInZone(value: string | Date, timeZone: string, language: Language): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) {
    return 'n.d.';
  }
  const parts = partsIn(instant, timeZone);
  return `${dayOf(parts)} ${parts.hour}:${parts.minute} ${zoneAbbreviation(instant, timeZone, language)}`;
}
