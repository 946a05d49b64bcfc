import { PIN_LENGTH } from '../constants/password-policy';
import type { Message } from '../i18n/translate';
import { PATIENT_CODE_PATTERN } from '../rules/patient-code';
import { MULTI_LINE_TEXT_PATTERN, SINGLE_LINE_TEXT_PATTERN } from '../rules/text';
import { EMAIL_PATTERN, ISO_DATE_PATTERN, ISO_DATE_TIME_PATTERN, LOT_PATTERN, UUID_PATTERN } from './common';

// A refused value is told what its field expects in words, never the schema's expression
// (docs/decisions.md, "Forms that say what they need").

const PATTERN_WORDINGS: ReadonlyMap<string, Message> = new Map<string, Message>([
  [EMAIL_PATTERN, { key: 'validation.patterns.email' }],
  [ISO_DATE_PATTERN, { key: 'validation.isoDate' }],
  [ISO_DATE_TIME_PATTERN, { key: 'validation.patterns.dateTime' }],
  [`${ISO_DATE_PATTERN}|${ISO_DATE_TIME_PATTERN}`, { key: 'validation.dateOrDateTime' }],
  [LOT_PATTERN, { key: 'validation.patterns.lot' }],
  [UUID_PATTERN, { key: 'validation.patterns.id' }],
  [SINGLE_LINE_TEXT_PATTERN, { key: 'validation.patterns.oneLine' }],
  [MULTI_LINE_TEXT_PATTERN, { key: 'validation.patterns.text' }],
  [PATIENT_CODE_PATTERN, { key: 'validation.patientCode' }],
  [`^\\d{${PIN_LENGTH}}$`, { key: 'validation.patterns.pin', params: { digits: PIN_LENGTH } }],
]);

/** What a value refused by `pattern` should be, in words; "does not have the required form" for any other pattern. */
export const patternWording = (pattern: string): Message =>
  PATTERN_WORDINGS.get(pattern) ?? { key: 'validation.pattern' };
