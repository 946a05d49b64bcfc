/** The in-app request of a graft, offered where a physician sees Free grafts. */
export { RequestInAppButton } from './RequestInAppButton';
