import type { AddWaitingListRequest } from '../schemas/waiting-list';

/** A physician waiting for a 20-25 mm aortic valve between May and June; tests override the rest. */
export function aWaitingListRequest(overrides: Partial<AddWaitingListRequest> = {}): AddWaitingListRequest {
  return {
    query_type: 5,
    query_d_min: 20,
    query_d_max: 25,
    query_l_min: 30,
    query_l_l_min: 0,
    query_l_r_min: 0,
    physician_Name: 'Dr. Anna Schmidt',
    physician_Email: 'anna.schmidt@clinic.example',
    physician_Phone: '+49 511 0000',
    patient_Code: 'A-03-2021',
    query_i_min: '2026-05-01',
    query_i_Max: '2026-06-30',
    ...overrides,
  };
}
