import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { aWaitingListRequest } from '../testing/waiting-list-fixture';
import { AddWaitingListRequest, PatchWaitingListRequest, WaitingListEntry } from './waiting-list';

const request = { ...aWaitingListRequest(), query_timestamp: '2026-03-14T09:30:00.000Z' };

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
    const { query_type, query_i_Max, ...shared } = aWaitingListRequest({ physician_Phone: '' });
    const entry = {
      ...shared,
      waitinglistid: '0b6f4c8e-2f6a-4e0c-9a57-3c1d2e4f5a6b',
      query_Type: query_type,
      query_i_max: query_i_Max,
      query_timestamp: '2026-03-14T09:30:00.000Z',
      matchingGrafts: 2,
      c_Name: 'Klinikum Nord',
    };
    expect(Value.Check(WaitingListEntry, entry)).toBe(true);
    expect(Value.Check(WaitingListEntry, { ...entry, physician_Phone: null })).toBe(true);
  });
});
