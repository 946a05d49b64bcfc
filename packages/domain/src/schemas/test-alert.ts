import { Type, type Static } from '@sinclair/typebox';
import { MultiLineText } from './common';

/** `POST /admin/testR`: the text every connected user sees as an alert (push event `testR`). */
export const TestAlertRequest = Type.Object({
  message: MultiLineText(500, { description: 'shown to every connected user as an alert' }),
});
export type TestAlertRequest = Static<typeof TestAlertRequest>;

/** Answer of `POST /admin/testR`: how many the alert reached. */
export const TestAlertResult = Type.Object({
  connectedUsers: Type.Integer({
    minimum: 0,
    description: 'users with a push connection open on the answering server instance, who saw it at once',
  }),
  notifiedUsers: Type.Integer({ minimum: 0, description: 'active users who find it in their notifications' }),
});
export type TestAlertResult = Static<typeof TestAlertResult>;
