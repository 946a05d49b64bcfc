/** What other features use of the signed-in user: who it is and what it may do. */
export { getMyUser } from './api';
export { areasOf, meKey, useMe, useReadOnly } from './useMe';
export { useHint } from './settings';
