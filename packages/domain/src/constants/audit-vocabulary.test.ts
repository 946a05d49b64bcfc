import { describe, expect, it } from 'vitest';
import { REQUEST_STEP_SIDES } from '../schemas/request-steps';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  auditActionWords,
  auditChanges,
  auditTargetTypeOf,
  auditTargetTypeSpellings,
  auditTargetTypeWords,
  auditValueText,
  isAuditAction,
} from './audit-vocabulary';

describe('the audit vocabulary', () => {
  it('has words in both languages for every action and target type, none twice', () => {
    for (const words of [...Object.values(AUDIT_ACTIONS), ...Object.values(AUDIT_TARGET_TYPES)]) {
      expect(words.en.trim()).not.toBe('');
      expect(words.de.trim()).not.toBe('');
    }
    const english = Object.values(AUDIT_ACTIONS).map((words) => words.en);
    expect(new Set(english).size).toBe(english.length);
  });

  it('names every request step and the lapse, as the request service writes them', () => {
    const steps = [...REQUEST_STEP_SIDES.physician.actions, ...REQUEST_STEP_SIDES.bank.actions, 'lapse'];
    expect(steps.filter((step) => !isAuditAction(`request.${step}`))).toEqual([]);
  });

  it('reads the old spellings of target types as their one name, and finds rows of both', () => {
    expect(auditTargetTypeOf('waitinglist')).toBe('waitingListEntry');
    expect(auditTargetTypeOf('eute_api_key')).toBe('euteApiKey');
    expect(auditTargetTypeOf('import_log')).toBe('importLog');
    expect(auditTargetTypeOf('graft')).toBe('graft');
    expect(auditTargetTypeOf('toString')).toBeNull();
    expect(auditTargetTypeSpellings('waitingListEntry')).toEqual(['waitingListEntry', 'waitinglist']);
    expect(auditTargetTypeSpellings('graft')).toEqual(['graft']);
  });

  it('shows words, and a name it does not know as stored', () => {
    expect(auditActionWords('request.lapse', 'de')).toBe('Reservierung abgelaufen');
    expect(auditActionWords('legacy.thing', 'en')).toBe('legacy.thing');
    expect(auditTargetTypeWords('waitinglist', 'en')).toBe('Waiting-list entry');
    expect(auditTargetTypeWords('something', 'de')).toBe('something');
  });
});

describe('the changes of an audit row', () => {
  it('lists the fields that differ, all fields of a created or removed record, and a bare value as `value`', () => {
    expect(
      auditChanges({ active: true, name: 'North', tags: ['a'] }, { active: false, name: 'North', tags: ['a', 'b'] }),
    ).toEqual([
      { field: 'active', before: true, after: false },
      { field: 'tags', before: ['a'], after: ['a', 'b'] },
    ]);
    expect(auditChanges(null, { e_Lot: 'EB1-2026-0901' })).toEqual([
      { field: 'e_Lot', before: null, after: 'EB1-2026-0901' },
    ]);
    expect(auditChanges({ days: 2 }, null)).toEqual([{ field: 'days', before: 2, after: null }]);
    expect(auditChanges('old', 'new')).toEqual([{ field: 'value', before: 'old', after: 'new' }]);
    expect(auditValueText(null, 'k. A.')).toBe('k. A.');
    expect(auditValueText({ a: 1 }, '')).toBe('{"a":1}');
  });
});
