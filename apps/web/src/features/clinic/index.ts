/** What the requests use of the clinic: its waiting list, to tie a request to an entry, and the patient code field. */
export { getWaitingList } from './api';
export { clinicKeys } from './keys';
export { PatientCodeInput } from './PatientCodeInput';
