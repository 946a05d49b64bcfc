import type { Message } from '../i18n/translate';
import { isIsoDate } from './dates';

/**
 * Countries whose tissue establishments issue the Single European Code: the EU and EEA member
 * states (Directive (EU) 2015/565), as ISO 3166-1 alpha-2 codes.
 */
export const SEC_COUNTRY_CODES: ReadonlySet<string> = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO'.split(' '),
);

/** The five parts of a Single European Code, 40 characters in all. */
export interface SingleEuropeanCode {
  /** Tissue establishment code: country (2 letters) and establishment number (6). */
  establishment: string;
  /** Unique donation number, 13 characters. */
  donation: string;
  /** Product code: coding system (E EUTC, A ISBT 128, B Eurocode) and product number (7). */
  product: string;
  /** Split number, 3 characters. */
  split: string;
  /** Expiry date, `yyyy-mm-dd` (written `yyyymmdd` in the code); null for `00000000`, no expiry. */
  expiry: string | null;
}

/** The expiry of a product without one (Directive 2006/86/EC Art. 10b as amended). */
const NO_EXPIRY = '00000000';

const PARTS = /^([A-Z]{2}[A-Z0-9]{6}) ?([A-Z0-9]{13}) ?([EAB][A-Z0-9]{7}) ?([A-Z0-9]{3}) ?(\d{8})$/;

/**
 * Reads a Single European Code written as 40 characters, with or without one space between its
 * five parts; answers the parts, or the reason it is not one (a catalogue message).
 */
export function parseSingleEuropeanCode(text: string): SingleEuropeanCode | { error: Message } {
  const code = text.trim().toUpperCase();
  const compact = code.replaceAll(' ', '');
  if (compact.length !== 40) {
    return { error: { key: 'graftCode.secLength', params: { length: compact.length } } };
  }
  const match = PARTS.exec(code);
  if (!match) {
    return { error: { key: 'graftCode.secParts' } };
  }
  const [, establishment = '', donation = '', product = '', split = '', expiryDigits = ''] = match;
  if (!SEC_COUNTRY_CODES.has(establishment.slice(0, 2))) {
    return { error: { key: 'graftCode.secCountry', params: { country: establishment.slice(0, 2) } } };
  }
  if (expiryDigits === NO_EXPIRY) {
    return { establishment, donation, product, split, expiry: null };
  }
  const expiry = `${expiryDigits.slice(0, 4)}-${expiryDigits.slice(4, 6)}-${expiryDigits.slice(6)}`;
  if (!isIsoDate(expiry)) {
    return { error: { key: 'graftCode.secExpiry', params: { expiry: expiryDigits } } };
  }
  return { establishment, donation, product, split, expiry };
}
