/** The in-app request of a graft, offered where a physician sees Free grafts. */
export { RequestInAppButton } from './RequestInAppButton';
/** The physician's requests, where a delivered graft's package is received by scan. */
export { MyRequestsPage } from './MyRequestsPage';
