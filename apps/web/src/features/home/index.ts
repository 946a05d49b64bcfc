/** The not-found page, which other features show for an unknown address of theirs. */
export { NotFoundPage } from './NotFoundPage';
/** The waiting list marks itself seen, for the physician home's new matches. */
export { useMarkMatchesSeen } from './useMarkMatchesSeen';
