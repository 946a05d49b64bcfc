import { Type, type Static } from '@sinclair/typebox';

/** The caller's own settings (`GET /users/settings`). */
export const UserSettings = Type.Object({
  matchMails: Type.Boolean({ description: 'a mail when a newly free graft fits one of my waiting-list entries' }),
});
export type UserSettings = Static<typeof UserSettings>;

/** Body of `PATCH /users/settings`: any subset. */
export const PatchUserSettingsRequest = Type.Partial(UserSettings, { additionalProperties: false });
export type PatchUserSettingsRequest = Static<typeof PatchUserSettingsRequest>;
