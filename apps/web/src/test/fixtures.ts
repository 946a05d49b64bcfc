import type { User } from '@graftmatch/domain';

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
