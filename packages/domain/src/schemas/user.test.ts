import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { Clinic } from './clinic';
import { AddUserRequest, PatchUserRequest, User } from './user';

const ANNA_ID = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
const CLINIC_ID = '1c9e2f3a-5b6c-4d7e-8f90-a1b2c3d4e5f6';
const EUTE_ID = '7e6d5c4b-3a29-4180-9f8e-7d6c5b4a3928';

const anna: User = {
  id: ANNA_ID,
  title: 'Dr.',
  firstName: 'Anna',
  lastName: 'Schmidt',
  active: true,
  email: 'anna.schmidt@clinic.example',
  phone: '',
  audit: false,
  admin: false,
  clinics: [{ id: CLINIC_ID, c_Name: 'Klinikum Nord' }],
  eutes: [],
  twoFactorTarget: 'anna.schmidt@clinic.example',
  language: 'de',
};

describe('user and clinic schemas', () => {
  it('describes a physician of one clinic', () => {
    expect(Value.Check(User, anna)).toBe(true);
  });

  it('lets an admin add a user with memberships read from the lists, extra names and all', () => {
    const added = {
      firstName: 'Ben',
      lastName: 'Roth',
      email: 'ben@eute.example',
      eutes: [{ id: EUTE_ID, name: 'Bank' }],
    };
    expect(Value.Check(AddUserRequest, added)).toBe(true);
    expect(Value.Check(AddUserRequest, { ...added, lastName: '' })).toBe(false);
  });

  it('refuses an id that is not a UUID', () => {
    expect(Value.Check(User, { ...anna, id: '3' })).toBe(false);
  });

  it('patches a user named by the id in the body', () => {
    expect(Value.Check(PatchUserRequest, { id: ANNA_ID, admin: true })).toBe(true);
    expect(Value.Check(PatchUserRequest, { admin: true })).toBe(false);
  });

  it('lists a clinic without its detail and shows it with its members', () => {
    expect(
      Value.Check(Clinic, { id: CLINIC_ID, c_Name: 'Klinikum Nord', active: true, timeZone: 'Europe/Berlin' }),
    ).toBe(true);
    const member = {
      id: ANNA_ID,
      title: 'Dr.',
      firstName: 'Anna',
      lastName: 'Schmidt',
      email: anna.email,
      active: true,
    };
    expect(
      Value.Check(Clinic, {
        id: CLINIC_ID,
        c_Name: 'Klinikum Nord',
        active: true,
        timeZone: 'Europe/Berlin',
        clinicDetail: { users: [member] },
      }),
    ).toBe(true);
  });
});
