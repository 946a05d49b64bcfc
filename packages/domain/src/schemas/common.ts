import { Type, type SchemaOptions, type Static, type TSchema } from '@sinclair/typebox';
import {
  FORBIDDEN_TEXT_CHARACTERS as CONTROLS,
  MULTI_LINE_TEXT_PATTERN,
  SINGLE_LINE_TEXT_PATTERN,
} from '../rules/text';

// Formats are patterns rather than `format` keywords: ajv (server) and TypeBox's Value (web)
// both check patterns, while TypeBox rejects formats nobody registered.

/** A value that may be missing in the source data. */
export const Nullable = <T extends TSchema>(schema: T, options?: SchemaOptions) =>
  Type.Union([schema, Type.Null()], options);

/** Id of a user, clinic, eute, waiting-list entry, import log or audit row: a UUID (the server's storage). */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const Id = Type.String({ pattern: UUID_PATTERN, examples: ['3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'] });
export type Id = Static<typeof Id>;

/**
 * A lot as issued by a tissue bank. Lots name folders on disk and path segments, so only letters,
 * digits, dot, underscore and hyphen are allowed, and never a leading dot.
 */
export const LOT_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';
export const Lot = Type.String({ pattern: LOT_PATTERN, examples: ['EL-2021-0042'] });
export type Lot = Static<typeof Lot>;

// Real calendar dates only: 30 days hath September…, and 29 February in leap years (every fourth,
// not centuries unless divisible by 400). A pattern, so ajv and TypeBox's Value refuse 2027-02-30 alike.
const CALENDAR_DATE =
  '(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)';
export const ISO_DATE_PATTERN = `^${CALENDAR_DATE}$`;
/** A calendar date, `yyyy-mm-dd`. */
export const IsoDate = Type.String({ pattern: ISO_DATE_PATTERN, examples: ['2021-03-14'] });
export type IsoDate = Static<typeof IsoDate>;

export const ISO_DATE_TIME_PATTERN = `^${CALENDAR_DATE}T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,3})?Z$`;
/** An instant, ISO 8601 in UTC with `Z` (what `Date.prototype.toISOString` writes). */
export const IsoDateTime = Type.String({ pattern: ISO_DATE_TIME_PATTERN, examples: ['2021-03-14T09:30:00.000Z'] });
export type IsoDateTime = Static<typeof IsoDateTime>;

/** Deliberately loose: one @, no spaces or controls, a dot in the domain. Whether it exists is the mail's job. */
export const EMAIL_PATTERN = `^[^\\s@${CONTROLS}]+@[^\\s@${CONTROLS}]+\\.[^\\s@${CONTROLS}]+$`;
export const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: 254, examples: ['doctor@clinic.example'] });
export type Email = Static<typeof Email>;

// Text fields follow the one text rule of rules/text.ts (docs/security.md, "Text").
/** Free text entered by a person, such as a name or phone number: one line, no control characters. */
export const ShortText = (maxLength = 200, options: SchemaOptions = {}) =>
  Type.String({ maxLength, pattern: SINGLE_LINE_TEXT_PATTERN, ...options });
export const RequiredText = (maxLength = 200, options: SchemaOptions = {}) =>
  ShortText(maxLength, { minLength: 1, ...options });
/** Free text that may run over several lines (tab and line breaks allowed, other controls not). */
export const MultiLineText = (maxLength = 2000, options: SchemaOptions = {}) =>
  Type.String({ minLength: 1, maxLength, pattern: MULTI_LINE_TEXT_PATTERN, ...options });

/** One field's complaint in a validation answer (`errors` of a Problem). */
export const FieldError = Type.Object({ field: Type.String(), message: Type.String() });
export type FieldError = Static<typeof FieldError>;
