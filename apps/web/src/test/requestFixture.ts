import type { GraftRequest } from '@graftmatch/domain';

export const REQUEST_ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

/** A graft request as the API answers it: reserved for physician A, with a lead-time warning. */
export const aGraftRequest = (overrides: Partial<GraftRequest> = {}): GraftRequest => ({
  id: REQUEST_ID,
  lot: 'EL-7',
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
  c_Name: 'Clinic A',
  physician_Name: 'Dr. Berg',
  e_Name: 'Bank North',
  leadTimeDays: 2,
  leadTimeWarning: true,
  createdAt: '2026-11-24T08:00:00.000Z',
  updatedAt: '2026-11-24T09:00:00.000Z',
  actions: ['confirm', 'withdraw'],
  ...overrides,
});
