import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../http/problem';
import { clinicReadScope, euteReadScope, requireAdmin, requireEuteEmployee, requirePhysician } from './auth.policy';
import type { Principal } from './principal';

const someone = (overrides: Partial<Principal> = {}): Principal => ({
  userId: 'u1',
  email: 'u1@clinic.example',
  admin: false,
  audit: false,
  clinicIds: [],
  euteIds: [],
  language: 'en',
  ...overrides,
});

function statusOf(action: () => unknown): number | 'allowed' {
  try {
    action();
    return 'allowed';
  } catch (error) {
    return error instanceof ProblemError ? error.status : -1;
  }
}

describe('who may do what (design.md §5)', () => {
  const admin = someone({ admin: true });
  const auditor = someone({ audit: true });
  const physician = someone({ clinicIds: ['c1', 'c2'] });
  const employee = someone({ euteIds: ['e1'] });

  it('lets admins read and write the admin area, auditors only read it, others neither', () => {
    expect(statusOf(() => requireAdmin(admin, { write: true }))).toBe('allowed');
    expect(statusOf(() => requireAdmin(auditor, { write: false }))).toBe('allowed');
    expect(statusOf(() => requireAdmin(auditor, { write: true }))).toBe(403);
    expect(statusOf(() => requireAdmin(physician, { write: false }))).toBe(403);
    expect(statusOf(() => requireAdmin(null, { write: false }))).toBe(401);
  });

  it('answers a physician their active clinics and refuses anyone without one', () => {
    expect(requirePhysician(physician)).toEqual(['c1', 'c2']);
    expect(statusOf(() => requirePhysician(employee))).toBe(403);
    expect(statusOf(() => requirePhysician(auditor))).toBe(403);
    expect(statusOf(() => requirePhysician(admin))).toBe(403);
  });

  it('answers an employee their active eutes and refuses anyone without one', () => {
    expect(requireEuteEmployee(employee)).toEqual(['e1']);
    expect(statusOf(() => requireEuteEmployee(physician))).toBe(403);
  });

  it('gives auditors read scope over every clinic and eute, members over their own', () => {
    expect(clinicReadScope(auditor)).toEqual({ all: true });
    expect(euteReadScope(auditor)).toEqual({ all: true });
    expect(clinicReadScope(physician)).toEqual({ all: false, ids: ['c1', 'c2'] });
    expect(euteReadScope(employee)).toEqual({ all: false, ids: ['e1'] });
    expect(statusOf(() => clinicReadScope(employee))).toBe(403);
  });
});
