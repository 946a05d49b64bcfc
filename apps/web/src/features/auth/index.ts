/** What other features use of the signed-in user: who it is and what it may do. */
export { getMyUser } from './api';
export { areasOf, meKey, useMe, useReadOnly } from './useMe';
export { useHint } from './settings';
/** The account's own sign-in and mail settings, for the settings page. */
export { MatchMailsSetting } from './MatchMailsSetting';
export { PasskeysSetting } from './PasskeysSetting';
