/** What the requests use of the clinic: its waiting list, to tie a request to an entry, and the patient code field. */
export { getWaitingList } from './api';
export { clinicKeys } from './keys';
export { PatientCodeInput } from './PatientCodeInput';
/** The search page's address of a search, for searches started elsewhere (the physician's home). */
export { searchPath } from './searchQuery';
