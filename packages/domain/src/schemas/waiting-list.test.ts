import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { AddWaitingListRequest, PatchWaitingListRequest, WaitingListEntry } from './waiting-list';

const request = {
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
  query_timestamp: '2026-03-14T09:30:00.000Z',
};

describe('waiting-list schemas', () => {
  it('accepts the add parameters a spec client sends, quirky spelling and all', () => {
    expect(Value.Check(AddWaitingListRequest, request)).toBe(true);
  });

  it('accepts the placeholder patient code and missing physician details, which the server can fill in', () => {
    const { physician_Name: _name, physician_Email: _email, physician_Phone: _phone, ...withoutPhysician } = request;
    expect(Value.Check(AddWaitingListRequest, { ...withoutPhysician, patient_Code: 'NN-00-0000' })).toBe(true);
  });

  it('refuses the answer spelling in a request', () => {
    const { query_i_Max, ...rest } = request;
    expect(Value.Check(AddWaitingListRequest, { ...rest, query_i_max: query_i_Max })).toBe(false);
  });

  it('lets a PATCH carry any subset, and never fills in what was left out', () => {
    expect(Value.Check(PatchWaitingListRequest, { patient_Code: 'B-04-2020' })).toBe(true);
    expect(Value.Check(PatchWaitingListRequest, {})).toBe(true);
    expect(Value.Default(PatchWaitingListRequest, {})).toEqual({});
  });

  it('answers an entry under the answer spelling, with its match count and clinic', () => {
    const entry = {
      waitinglistid: '0b6f4c8e-2f6a-4e0c-9a57-3c1d2e4f5a6b',
      query_Type: 5,
      query_d_min: 20,
      query_d_max: 25,
      query_l_min: 30,
      query_l_l_min: 0,
      query_l_r_min: 0,
      physician_Name: 'Dr. Anna Schmidt',
      physician_Email: 'anna.schmidt@clinic.example',
      physician_Phone: '',
      patient_Code: 'A-03-2021',
      query_i_min: '2026-05-01',
      query_i_max: '2026-06-30',
      query_timestamp: '2026-03-14T09:30:00.000Z',
      matchingGrafts: 2,
      c_Name: 'Klinikum Nord',
    };
    expect(Value.Check(WaitingListEntry, entry)).toBe(true);
    expect(Value.Check(WaitingListEntry, { ...entry, physician_Phone: null })).toBe(true);
  });
});
