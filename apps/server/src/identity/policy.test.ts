import { describe, expect, it } from 'vitest';
import { ProblemError } from '../http/problem';
import { clinicReadScope, euteReadScope, requireAdmin, requireEuteEmployee, requirePhysician } from './policy';
import { aPrincipal } from '../../test/support/principal';

function statusOf(action: () => unknown): number | 'allowed' {
  try {
    action();
    return 'allowed';
  } catch (error) {
    return error instanceof ProblemError ? error.status : -1;
  }
}

describe('who may do what (docs/decisions.md §5)', () => {
  const admin = aPrincipal({ admin: true });
  const auditor = aPrincipal({ audit: true });
  const physician = aPrincipal({ clinicIds: ['c1', 'c2'] });
  const employee = aPrincipal({ euteIds: ['e1'] });

  it('lets admins read and write the admin area, auditors only read it, others neither', () => {
    expect(statusOf(() => requireAdmin(admin, { write: true }))).toBe('allowed');
    expect(statusOf(() => requireAdmin(auditor, { write: false }))).toBe('allowed');
    expect(statusOf(() => requireAdmin(auditor, { write: true }))).toBe(403);
    expect(statusOf(() => requireAdmin(physician, { write: false }))).toBe(403);
    expect(statusOf(() => requireAdmin(null, { write: false }))).toBe(401);
  });

  it('answers a physician their active clinics and refuses anyone without one', () => {
    expect(requirePhysician(physician)).toBe(physician);
    expect(statusOf(() => requirePhysician(employee))).toBe(403);
    expect(statusOf(() => requirePhysician(auditor))).toBe(403);
    expect(statusOf(() => requirePhysician(admin))).toBe(403);
  });

  it('answers an employee their active eutes and refuses anyone without one', () => {
    expect(requireEuteEmployee(employee)).toBe(employee);
    expect(statusOf(() => requireEuteEmployee(physician))).toBe(403);
  });

  it('gives auditors read scope over every clinic and eute, members over their own', () => {
    expect(clinicReadScope(auditor)).toEqual({ caller: auditor, all: true });
    expect(euteReadScope(auditor)).toEqual({ caller: auditor, all: true });
    expect(clinicReadScope(physician)).toEqual({ caller: physician, all: false, ids: ['c1', 'c2'] });
    expect(euteReadScope(employee)).toEqual({ caller: employee, all: false, ids: ['e1'] });
    expect(statusOf(() => clinicReadScope(employee))).toBe(403);
  });
});
