import { Type, type SchemaOptions, type Static, type TSchema } from '@sinclair/typebox';

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

export const ISO_DATE_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
/** A calendar date, `yyyy-mm-dd`. */
export const IsoDate = Type.String({ pattern: ISO_DATE_PATTERN, examples: ['2021-03-14'] });
export type IsoDate = Static<typeof IsoDate>;

export const ISO_DATE_TIME_PATTERN =
  '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,3})?Z$';
/** An instant, ISO 8601 in UTC with `Z` (what `Date.prototype.toISOString` writes). */
export const IsoDateTime = Type.String({ pattern: ISO_DATE_TIME_PATTERN, examples: ['2021-03-14T09:30:00.000Z'] });
export type IsoDateTime = Static<typeof IsoDateTime>;

/** Deliberately loose: one @, no spaces, a dot in the domain. Whether it exists is the mail's job. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: 254, examples: ['doctor@clinic.example'] });
export type Email = Static<typeof Email>;

/** Free text entered by a person, such as a name or phone number. */
export const ShortText = (maxLength = 200) => Type.String({ maxLength });
export const RequiredText = (maxLength = 200) => Type.String({ minLength: 1, maxLength });

/** One field's complaint in a validation answer (`errors` of a Problem). */
export const FieldError = Type.Object({ field: Type.String(), message: Type.String() });
export type FieldError = Static<typeof FieldError>;
