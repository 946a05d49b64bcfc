import { describe, expect, it } from 'vitest';
import type { Eute } from '@graftmatch/domain';
import { euteFormErrors, euteState, toEutePatch } from './euteForm';

const bank: Eute = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Gewebebank Nord',
  euteNumber: 'DE-01',
  active: true,
  address: 'Hafenstraße',
  housenumber: '4',
  zipcode: '20095',
  city: 'Hamburg',
  country: 'Germany',
  email: 'nord@bank.example',
  phone: null,
  leadTimeDays: 2,
  vigilanceNotificationHours: 24,
  vigilanceConfirmationDays: 90,
  competentAuthorityEmail: null,
  timeZone: 'Europe/Berlin',
};

describe('tissue bank form', () => {
  it('sends only what changed; an emptied text is sent as "" to clear it', () => {
    const state = { ...euteState(bank), phone: ' +49 40 1 ', housenumber: '', city: 'Hamburg' };
    expect(toEutePatch(state, bank)).toEqual({ phone: '+49 40 1', housenumber: '' });
  });

  it('needs a name and cannot clear the e-mail (the API wants an address)', () => {
    expect(euteFormErrors({ ...euteState(bank), name: ' ', email: '' }, bank)).toEqual({
      name: 'required',
      email: 'emailKept',
    });
    expect(euteFormErrors({ ...euteState(bank), email: 'x' }, bank)).toEqual({ email: 'email' });
  });
});
