import { describe, expect, it } from 'vitest';
import { aPhysician } from '../../test/fixtures';
import { membershipOptions, newUserState, toAddRequest, toPatchRequest, userFormErrors, userState } from './userForm';

const CLINIC = '11111111-1111-4111-8111-111111111111';
const BANK = '22222222-2222-4222-8222-222222222222';

describe('user form mapping', () => {
  it('a new user: trimmed fields, memberships as { id }, PIN to the e-mail, empty optional texts left out', () => {
    const state = {
      ...newUserState(),
      firstName: ' Mia ',
      lastName: 'Adler ',
      email: ' mia@clinic.example',
      clinicIds: [CLINIC],
      euteIds: [BANK],
    };
    expect(toAddRequest(state)).toEqual({
      firstName: 'Mia',
      lastName: 'Adler',
      email: 'mia@clinic.example',
      language: 'en',
      twoFactorTarget: 'mia@clinic.example',
      admin: false,
      audit: false,
      clinics: [{ id: CLINIC }],
      eutes: [{ id: BANK }],
    });
  });

  it('another two-factor target is sent as entered, and must be an address', () => {
    const state = {
      ...newUserState(),
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.example',
      twoFactorTarget: 'pin@b.example',
    };
    expect(toAddRequest(state).twoFactorTarget).toBe('pin@b.example');
    expect(userFormErrors({ ...state, twoFactorTarget: 'nope' })).toEqual({ twoFactorTarget: 'email' });
  });

  it('requires names and a valid e-mail', () => {
    expect(userFormErrors(newUserState())).toEqual({ firstName: 'required', lastName: 'required', email: 'required' });
    expect(userFormErrors({ ...newUserState(), firstName: 'A', lastName: 'B', email: 'not-an-address' })).toEqual({
      email: 'email',
    });
  });

  it('editing sends every field, clears emptied title and phone with "", and replaces memberships', () => {
    const user = aPhysician({ twoFactorTarget: 'DR.BERG@clinic.example' });
    const state = userState(user);
    // The PIN target equal to the e-mail (any case) follows the e-mail.
    expect(state.twoFactorTarget).toBeNull();
    const body = toPatchRequest(user.id, {
      ...state,
      title: '',
      phone: ' ',
      email: 'new@clinic.example',
      clinicIds: [],
      admin: true,
    });
    expect(body).toEqual({
      id: user.id,
      title: '',
      firstName: 'Jonas',
      lastName: 'Berg',
      email: 'new@clinic.example',
      phone: '',
      language: 'en',
      twoFactorTarget: 'new@clinic.example',
      admin: true,
      audit: false,
      clinics: [],
      eutes: [],
    });
  });

  it('offers active organisations plus the inactive ones the user already holds, marked', () => {
    const options = membershipOptions(
      [{ id: 'a', name: 'Active' }],
      [
        { id: 'a', name: 'Active' },
        { id: 'x', name: 'Closed' },
      ],
      'inactive',
    );
    expect(options).toEqual([
      { value: 'a', label: 'Active' },
      { value: 'x', label: 'Closed (inactive)' },
    ]);
  });
});
