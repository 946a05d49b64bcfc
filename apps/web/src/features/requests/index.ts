/** The in-app request of a graft, offered where a physician sees Free grafts. */
export { RequestInAppButton } from './RequestInAppButton';
/** The physician's requests, where a delivered graft's package is received by scan. */
export { MyRequestsPage } from './MyRequestsPage';
/** A deadline and what is left of it, for every clock of the app. */
export { DeadlineCountdown } from './DeadlineCountdown';
