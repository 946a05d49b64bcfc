import type { Message } from '../i18n/translate';
import { LOT_PATTERN } from '../schemas/common';
import { parseSingleEuropeanCode, type SingleEuropeanCode } from './single-european-code';

/** The data identifier of ISBT 128 data structure 038, "Single European Code". */
export const ISBT128_SEC_IDENTIFIER = '&,4';

/** What a scanned or typed code on a graft's package names (docs/decisions.md, "Scanning"). */
export type GraftCode =
  | { kind: 'sec'; sec: string; parts: SingleEuropeanCode }
  | { kind: 'isbt038'; sec: string; parts: SingleEuropeanCode }
  | { kind: 'lot'; lot: string };

/** The SEC as 40 characters without spaces: the form compared and encoded in symbols. */
export function compactSingleEuropeanCode(parts: SingleEuropeanCode): string {
  return [parts.establishment, parts.donation, parts.product, parts.split, expiryDigits(parts)].join('');
}

/** The eye-readable SEC: its five parts separated by one space (Directive (EU) 2015/565). */
export function formatSingleEuropeanCode(parts: SingleEuropeanCode): string {
  return [parts.establishment, parts.donation, parts.product, parts.split, expiryDigits(parts)].join(' ');
}

/** The SEC as the data of an ISBT 128 symbol (data structure 038). */
export function isbt128SecData(parts: SingleEuropeanCode): string {
  return `${ISBT128_SEC_IDENTIFIER}${compactSingleEuropeanCode(parts)}`;
}

const expiryDigits = (parts: SingleEuropeanCode): string => parts.expiry?.replaceAll('-', '') ?? '00000000';

// A scanner may send the AIM symbology identifier first (`]C0` Code 128, `]d2` Data Matrix).
const SYMBOLOGY_IDENTIFIER = /^\][A-Za-z][0-9A-Za-z]/;
const LOT = new RegExp(LOT_PATTERN);
const ISBT_DATA = /^[A-Za-z0-9]{40}$/;

/**
 * Reads what a scanner or a person typed: ISBT 128 data structure 038 (`&,4` and 40 characters),
 * a Single European Code (40 characters, the parts with or without one space or line break
 * between them, optionally after the acronym "SEC"), or a graft's lot. Text with spaces, the
 * acronym, or 40 letters and digits is read as an SEC, so its reason is told rather than looked up
 * as a lot. Answers the code, or the reason it is none of them (a catalogue message that
 * continues "The code …").
 */
export function parseGraftCode(text: string): GraftCode | { error: Message } {
  const trimmed = text.trim().replace(SYMBOLOGY_IDENTIFIER, '');
  if (trimmed === '') {
    return { error: { key: 'graftCode.empty' } };
  }
  if (trimmed.startsWith('&') || trimmed.startsWith('=')) {
    return parseIsbt128(trimmed);
  }
  const withoutAcronym = trimmed.replace(/^SEC(?::|\s)/i, '');
  const spaced = withoutAcronym.trim().replace(/\s+/g, ' ');
  const compact = spaced.replaceAll(' ', '');
  if (withoutAcronym !== trimmed || spaced.includes(' ') || /^[A-Za-z0-9]{40}$/.test(compact)) {
    const parts = parseSingleEuropeanCode(spaced);
    return 'error' in parts ? parts : { kind: 'sec', sec: compactSingleEuropeanCode(parts), parts };
  }
  if (LOT.test(trimmed)) {
    return { kind: 'lot', lot: trimmed };
  }
  return { error: { key: 'graftCode.neither' } };
}

function parseIsbt128(text: string): GraftCode | { error: Message } {
  if (!text.startsWith(ISBT128_SEC_IDENTIFIER)) {
    return { error: { key: 'graftCode.isbtIdentifier', params: { identifier: text.slice(0, 3) } } };
  }
  const data = text.slice(ISBT128_SEC_IDENTIFIER.length);
  if (!ISBT_DATA.test(data)) {
    return { error: { key: 'graftCode.isbtLength', params: { length: data.length } } };
  }
  const parts = parseSingleEuropeanCode(data);
  return 'error' in parts ? parts : { kind: 'isbt038', sec: compactSingleEuropeanCode(parts), parts };
}

/** A stored SEC (with or without spaces) in the compared form, or null. */
export const storedSecCompact = (sec: string | null): string | null =>
  sec === null ? null : sec.replace(/\s+/g, '').toUpperCase();

/**
 * Whether a code proves the package in hand is this graft: its SEC when the graft carries one (the
 * SEC is printed on every package; a lot alone is not enough then), else its lot.
 */
export function codeMatchesGraft(code: GraftCode, graft: { lot: string; sec: string | null }): boolean {
  const sec = storedSecCompact(graft.sec);
  if (sec !== null) {
    return code.kind !== 'lot' && code.sec === sec;
  }
  return code.kind === 'lot' && code.lot === graft.lot;
}
