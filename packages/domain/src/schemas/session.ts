import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDateTime, Nullable } from './common';

/**
 * One of the caller's sessions (a login on one device), for `GET /users/sessions`.
 * Ending one is `DELETE /users/sessions/{id}`. Not in the spec: docs/decisions.md §7 "users see and end
 * their own sessions".
 */
export const UserSession = Type.Object({
  id: Id,
  createdAt: IsoDateTime,
  lastUsedAt: IsoDateTime,
  /** The absolute end of the session; it ends earlier when unused for the idle limit. */
  expiresAt: IsoDateTime,
  userAgent: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  /** The session this request was made with. */
  current: Type.Boolean(),
});
export type UserSession = Static<typeof UserSession>;
