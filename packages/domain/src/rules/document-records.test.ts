import { describe, expect, it } from 'vitest';
import { firstVersionName, isRecord, type RecordFacts } from './document-records';

const upload = (kind: string, facts: Partial<RecordFacts> = {}): RecordFacts => ({
  kind,
  generated: false,
  version: 1,
  superseded: false,
  ...facts,
});

describe('document records', () => {
  it('keeps what the app generated, on any graft', () => {
    expect(isRecord(upload('traceabilityReports', { generated: true }), false)).toBe(true);
    expect(isRecord(upload('deliveryNotes', { generated: true }), false)).toBe(true);
  });

  it('keeps a release statement once its graft is assigned, but not before', () => {
    expect(isRecord(upload('releaseStatements'), false)).toBe(false);
    expect(isRecord(upload('releaseStatements'), true)).toBe(true);
  });

  it('leaves other uploads deletable, also on an assigned graft', () => {
    expect(isRecord(upload('photos'), true)).toBe(false);
    expect(isRecord(upload('deliveryNotes'), true)).toBe(false);
  });

  it('keeps every version of a document that has versions, the first as the newest', () => {
    expect(isRecord(upload('photos', { superseded: true }), false)).toBe(true);
    expect(isRecord(upload('photos', { version: 2 }), false)).toBe(true);
  });
});

describe('the first version of a document', () => {
  it('is found by following each version back to the one it superseded', () => {
    const files = [
      { id: 'a', name: 'report.pdf', supersedesId: null },
      { id: 'b', name: 'report v2.pdf', supersedesId: 'a' },
      { id: 'c', name: 'report v3.pdf', supersedesId: 'b' },
      { id: 'd', name: 'other.pdf', supersedesId: null },
    ];
    expect(firstVersionName(files[2]!, files)).toBe('report.pdf');
    expect(firstVersionName(files[3]!, files)).toBe('other.pdf');
  });
});
