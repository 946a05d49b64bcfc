import { Type } from '@sinclair/typebox';

/**
 * An organisation's IANA time zone (`Europe/Berlin`); the services refuse a name the runtime's Intl
 * does not know (`isTimeZone`, docs/decisions.md "Time zones").
 */
export const TimeZone = Type.String({
  minLength: 1,
  maxLength: 64,
  description: "IANA time zone whose local day dates the organisation's clinical steps",
  examples: ['Europe/Berlin'],
});
