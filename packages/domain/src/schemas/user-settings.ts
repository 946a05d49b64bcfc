import { Type, type Static } from '@sinclair/typebox';

/** The hints the web app shows until a user dismisses them. */
export const HINT_NAMES = ['clinicHowItWorks', 'euteDemand'] as const;
export type HintName = (typeof HINT_NAMES)[number];
// Listed one by one: a union mapped from the list would lose the names in `Static`.
export const HintNameSchema = Type.Union([Type.Literal(HINT_NAMES[0]), Type.Literal(HINT_NAMES[1])], {
  description: 'a hint of the web app',
});

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
