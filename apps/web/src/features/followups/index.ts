/** What other parts use of follow-ups: the list page, the home's counts, and the event button of a graft's page. */
export { FollowUpsPage } from './FollowUpsPage';
export { followUpCountsQuery } from './queries';
export { GraftEventButton } from './RecordButtons';
export { followUpKeys } from './keys';
