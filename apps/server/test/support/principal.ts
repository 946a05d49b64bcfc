import type { Principal } from '../../src/identity/principal';

/** A caller with no roles for unit tests of policies and audiences; tests add what their story needs. */
export const aPrincipal = (overrides: Partial<Principal> = {}): Principal => ({
  userId: 'u-0',
  email: 'u-0@clinic.example',
  admin: false,
  audit: false,
  clinicIds: [],
  euteIds: [],
  language: 'en',
  ...overrides,
});
