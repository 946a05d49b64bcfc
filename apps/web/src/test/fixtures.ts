import type { GraftRequest, User, WaitingListEntry } from '@graftmatch/domain';

export { aGraft } from '@graftmatch/domain/testing';

/** A physician of one clinic. */
export function aPhysician(overrides: Partial<User> = {}): User {
  return {
    id: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
    title: 'Dr. med.',
    firstName: 'Jonas',
    lastName: 'Berg',
    active: true,
    email: 'dr.berg@clinic.example',
    phone: '+49 40 555 0311',
    audit: false,
    admin: false,
    clinics: [{ id: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4f', c_Name: 'Herz & Gefäß – Nord' }],
    eutes: [],
    twoFactorTarget: 'dr.berg@clinic.example',
    language: 'en',
    ...overrides,
  };
}

/** An open waiting-list entry: an 18-24 mm aortic valve for patient A-03-2021 of Herz & Gefäß – Nord. */
export function aWaitingListEntry(overrides: Partial<WaitingListEntry> = {}): WaitingListEntry {
  return {
    waitinglistid: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d01',
    query_Type: 5,
    query_d_min: 18,
    query_d_max: 24,
    query_l_min: 20,
    query_l_l_min: 0,
    query_l_r_min: 0,
    physician_Name: 'Dr. med. Jonas Berg',
    physician_Email: 'dr.berg@clinic.example',
    physician_Phone: '+49 40 555 0311',
    patient_Code: 'A-03-2021',
    query_i_min: '2027-01-10',
    query_i_max: '2027-03-01',
    query_timestamp: '2026-10-01T08:00:00.000Z',
    matchingGrafts: 2,
    c_Name: 'Herz & Gefäß – Nord',
    ...overrides,
  };
}

/** A graft request of Dr. Berg, reserved by Bank North, that he may confirm or withdraw. */
export const REQUEST_ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

export function aGraftRequest(overrides: Partial<GraftRequest> = {}): GraftRequest {
  return {
    id: REQUEST_ID,
    lot: 'EL-7',
    t_ProdName_2: 5,
    t_Dproximal: 20.5,
    t_Lmax: 40,
    state: 'reserved',
    deadline: '2026-11-25T10:00:00.000Z',
    waitinglistid: null,
    patient_Code: 'A-03-2021',
    query_i_min: '2026-11-25',
    query_i_max: '2027-01-25',
    note: null,
    reason: null,
    implantedOn: null,
    assignedOn: null,
    deliveredOn: null,
    receivedAt: null,
    deliveryCarrier: null,
    deliveryReference: null,
    deliveryNote: null,
    implantedOutsideWindow: false,
    c_Name: 'Clinic A',
    physician_Name: 'Dr. Berg',
    e_Name: 'Bank North',
    clinicTimeZone: 'Europe/Berlin',
    bankTimeZone: 'Europe/Berlin',
    implantedTimeZone: null,
    assignedTimeZone: null,
    deliveredTimeZone: null,
    leadTimeDays: 2,
    leadTimeWarning: true,
    createdAt: '2026-11-24T08:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    actions: ['confirm', 'withdraw'],
    ...overrides,
  };
}
