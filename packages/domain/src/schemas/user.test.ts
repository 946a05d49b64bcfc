import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { Clinic } from './clinic';
import { AddUserRequest, PatchUserRequest, User } from './user';

const anna: User = {
  id: 3,
  title: 'Dr.',
  firstName: 'Anna',
  lastName: 'Schmidt',
  active: true,
  email: 'anna.schmidt@clinic.example',
  phone: '',
  audit: false,
  admin: false,
  clinics: [{ id: 1, c_Name: 'Klinikum Nord' }],
  eutes: [],
  twoFactorTarget: 'anna.schmidt@clinic.example',
  language: 'de',
};

describe('user and clinic schemas', () => {
  it('describes a physician of one clinic', () => {
    expect(Value.Check(User, anna)).toBe(true);
  });

  it('lets an admin add a user with memberships read from the lists, extra names and all', () => {
    const added = { firstName: 'Ben', lastName: 'Roth', email: 'ben@eute.example', eutes: [{ id: 2, name: 'Bank' }] };
    expect(Value.Check(AddUserRequest, added)).toBe(true);
    expect(Value.Check(AddUserRequest, { ...added, lastName: '' })).toBe(false);
  });

  it('patches a user named by the id in the body', () => {
    expect(Value.Check(PatchUserRequest, { id: 3, admin: true })).toBe(true);
    expect(Value.Check(PatchUserRequest, { admin: true })).toBe(false);
  });

  it('lists a clinic without its detail and shows it with its members', () => {
    expect(Value.Check(Clinic, { id: 1, c_Name: 'Klinikum Nord', active: true })).toBe(true);
    const member = { id: 3, title: 'Dr.', firstName: 'Anna', lastName: 'Schmidt', email: anna.email, active: true };
    expect(Value.Check(Clinic, { id: 1, c_Name: 'Klinikum Nord', active: true, clinicDetail: { users: [member] } })).toBe(
      true,
    );
  });
});
