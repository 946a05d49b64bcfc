import { describe, expect, it } from 'vitest';
import {
  grantSystemScopes,
  normaliseSystemScopes,
  parseSystemScope,
  scopesAllow,
  SYSTEM_SCOPE_RESOURCES,
} from './system-scopes';

describe('system scopes (SMART Backend Services)', () => {
  it('reads SMART 2 permissions, keeping only read and search', () => {
    expect(parseSystemScope('system/Procedure.rs')).toEqual([{ resource: 'Procedure', read: true, search: true }]);
    expect(parseSystemScope('system/Observation.s')).toEqual([{ resource: 'Observation', read: false, search: true }]);
    expect(parseSystemScope('system/Procedure.cruds')).toEqual([{ resource: 'Procedure', read: true, search: true }]);
  });

  it("takes SMART 1's .read as read and search, and * as every type served", () => {
    expect(parseSystemScope('system/AdverseEvent.read')).toEqual([
      { resource: 'AdverseEvent', read: true, search: true },
    ]);
    expect(parseSystemScope('system/*.r')?.map((scope) => scope.resource)).toEqual([...SYSTEM_SCOPE_RESOURCES]);
  });

  it('refuses what is not a system scope we serve', () => {
    for (const text of [
      'patient/Procedure.rs',
      'user/Observation.read',
      'system/Patient.rs',
      'system/Procedure.cud',
      'system/Procedure.sr',
      'system/Procedure.',
      'system/Observation.rs?category=vital-signs',
      'launch',
      '',
    ]) {
      expect(parseSystemScope(text), text).toBeNull();
    }
  });

  it('normalises what an admin registers and names what it cannot grant', () => {
    expect(
      normaliseSystemScopes(['system/Procedure.r', 'system/Procedure.s', 'system/Patient.rs', 'system/*.s']),
    ).toEqual({
      scopes: [
        'system/BiologicallyDerivedProduct.s',
        'system/BiologicallyDerivedProductDispense.s',
        'system/Procedure.rs',
        'system/AdverseEvent.s',
        'system/Observation.s',
      ],
      invalid: ['system/Patient.rs'],
    });
  });

  it('grants what was asked for within what the client is registered for, never more', () => {
    const registered = ['system/BiologicallyDerivedProduct.rs', 'system/Procedure.s'];
    expect(grantSystemScopes(registered, ['system/Procedure.rs'])).toEqual(['system/Procedure.s']);
    expect(grantSystemScopes(registered, ['system/*.read'])).toEqual([
      'system/BiologicallyDerivedProduct.rs',
      'system/Procedure.s',
    ]);
    expect(grantSystemScopes(registered, ['system/Observation.rs', 'system/Patient.read'])).toEqual([]);
    expect(grantSystemScopes([], ['system/*.rs'])).toEqual([]);
  });

  it('tells whether a grant covers a read or a search of a type', () => {
    const granted = ['system/Procedure.s', 'system/BiologicallyDerivedProduct.r'];
    expect(scopesAllow(granted, 'Procedure', 'search')).toBe(true);
    expect(scopesAllow(granted, 'Procedure', 'read')).toBe(false);
    expect(scopesAllow(granted, 'BiologicallyDerivedProduct', 'read')).toBe(true);
    expect(scopesAllow(granted, 'Observation', 'search')).toBe(false);
  });
});
