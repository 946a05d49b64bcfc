/** The in-app request of a graft, offered where a physician sees Free grafts. */
export { RequestInAppButton } from './RequestInAppButton';
/** The physician's requests, where a delivered graft's package is received by scan. */
export { MyRequestsPage } from './MyRequestsPage';
/** The question after a refusal for an implantation within 90 days: go on anyway, and why. */
export { asksPriorImplantation, PriorImplantationQuestion } from './PriorImplantationQuestion';
/** A deadline and what is left of it, for every clock of the app. */
export { DeadlineCountdown } from './DeadlineCountdown';
