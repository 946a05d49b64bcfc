import { Type, type Static } from '@sinclair/typebox';
import { MultiLineText } from './common';

/** `POST /admin/testR`: the text every connected user sees as an alert (push event `testR`). */
export const TestAlertRequest = Type.Object({
  message: MultiLineText(500, { description: 'shown to every connected user as an alert' }),
});
export type TestAlertRequest = Static<typeof TestAlertRequest>;
