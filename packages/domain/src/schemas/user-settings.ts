import { Type, type Static } from '@sinclair/typebox';

/** The hints the web app shows until a user dismisses them. */
export const HintNameSchema = Type.Union([Type.Literal('clinicHowItWorks')], { description: 'a hint of the web app' });
export type HintName = Static<typeof HintNameSchema>;
export const HINT_NAMES: readonly HintName[] = ['clinicHowItWorks'];

/** The caller's own settings (`GET /users/settings`). */
export const UserSettings = Type.Object({
  matchMails: Type.Boolean({ description: 'a mail when a newly free graft fits one of my waiting-list entries' }),
  dismissedHints: Type.Array(HintNameSchema, {
    uniqueItems: true,
    maxItems: HINT_NAMES.length,
    description: 'the hints I dismissed; they stay away on every device',
  }),
});
export type UserSettings = Static<typeof UserSettings>;

/** Body of `PATCH /users/settings`: any subset; `dismissedHints` replaces the list. */
export const PatchUserSettingsRequest = Type.Partial(UserSettings, { additionalProperties: false });
export type PatchUserSettingsRequest = Static<typeof PatchUserSettingsRequest>;
