import { describe, expect, test } from 'vitest';
import { historyEvent } from './grafts.history';
import type { GraftAuditRow } from './grafts.history.repository';

// One audit row as an event of a graft's history: who, and the fields it changed old → new.

const row = (overrides: Partial<GraftAuditRow>): GraftAuditRow => ({
  id: 'a1',
  at: '2026-11-27T10:00:00.000Z',
  action: 'request.reserve',
  targetType: 'graftRequest',
  targetId: 'r1',
  before: null,
  after: null,
  email: 'bank.north@demo.graftmatch.example',
  firstName: 'Nora',
  lastName: 'North',
  ...overrides,
});

describe('historyEvent', () => {
  test('a step names its actor and the state it moved from and to, not every field of the request', () => {
    const event = historyEvent(
      row({ before: '{"state":"requested"}', after: '{"state":"reserved","lot":"L1","note":null,"reason":null}' }),
    );
    expect(event).toEqual({
      at: '2026-11-27T10:00:00.000Z',
      action: 'request.reserve',
      actor: 'Nora North (bank.north@demo.graftmatch.example)',
      targetType: 'graftRequest',
      targetId: 'r1',
      changes: [{ field: 'state', oldValue: 'requested', newValue: 'reserved' }],
      reason: null,
    });
  });

  test('a correction gives its field, old and new value and its reason', () => {
    const event = historyEvent(
      row({
        action: 'request.correct',
        before: '{"field":"patient_Code","value":"K-11-2018"}',
        after: '{"field":"patient_Code","value":"K-12-2018","reason":"typo"}',
      }),
    );
    expect(event.changes).toEqual([{ field: 'patient_Code', oldValue: 'K-11-2018', newValue: 'K-12-2018' }]);
    expect(event.reason).toBe('typo');
  });

  test("an import's update lists changed fields with numbers as text and its correction reason, not its bookkeeping", () => {
    const event = historyEvent(
      row({
        action: 'graft.import.update',
        targetType: 'graft',
        before: '{"t_Lmax":40,"d_RemarksPublic":null,"i_Max":"2027-01-01"}',
        after:
          '{"t_Lmax":45,"d_RemarksPublic":"new","i_Max":"2027-01-01","importLogId":"x","correctionReason":"measured"}',
        email: null,
        firstName: null,
        lastName: null,
      }),
    );
    expect(event.actor).toBe('system');
    expect(event.changes).toEqual([
      { field: 't_Lmax', oldValue: '40', newValue: '45' },
      { field: 'd_RemarksPublic', oldValue: null, newValue: 'new' },
    ]);
    expect(event.reason).toBe('measured');
  });

  test('a deleted file shows its kind and name going, a refused scan the two codes', () => {
    const deleted = historyEvent(
      row({
        action: 'graft.file.delete',
        targetType: 'graftFile',
        before: '{"lot":"L1","kind":"photos","name":"a.jpg","size":3}',
      }),
    );
    expect(deleted.changes).toEqual([
      { field: 'kind', oldValue: 'photos', newValue: null },
      { field: 'name', oldValue: 'a.jpg', newValue: null },
    ]);
    const mismatch = historyEvent(
      row({ action: 'request.mismatch', before: '{"code":"A"}', after: '{"code":"B","step":"implant"}' }),
    );
    expect(mismatch.changes).toEqual([{ field: 'sec', oldValue: 'A', newValue: 'B' }]);
  });
});
