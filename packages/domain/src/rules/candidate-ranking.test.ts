import { describe, expect, it } from 'vitest';
import { leadTimeWarning, rankCandidates, scoreCandidate, type CandidateInput } from './candidate-ranking';

const today = '2026-11-24';
const entry = (overrides: Partial<CandidateInput>): CandidateInput => ({
  id: 'e',
  diameterRange: { min: 20, max: 24 },
  implantFrom: '2027-01-23',
  since: '2026-11-24T08:00:00.000Z',
  requested: false,
  ...overrides,
});

describe('scoreCandidate', () => {
  it('gives all 100 points to a requested, perfectly fitting entry whose window is open after 90 days of waiting', () => {
    const score = scoreCandidate(
      entry({ implantFrom: '2026-11-20', since: '2026-08-26T00:00:00.000Z', requested: true }),
      22,
      today,
      'en',
    );
    expect(score).toMatchObject({ score: 100, urgency: 40, fit: 30, waiting: 20, request: 10 });
    expect(score.reason).toBe(
      'implant window open; 22 mm is 0 mm from the middle of 20–24 mm; waiting 90 days; requested in the app',
    );
  });

  it('scales urgency over 60 days and fit over half the diameter range', () => {
    const score = scoreCandidate(entry({ implantFrom: '2026-12-24' }), 23, today, 'en');
    expect(score.urgency).toBe(20);
    expect(score.fit).toBe(15);
    expect(score.waiting).toBe(0);
    expect(score.reason).toContain('implant window opens in 30 days');
  });

  it('counts a request without an entry as a full fit made for this graft', () => {
    const score = scoreCandidate(entry({ diameterRange: null, implantFrom: null, requested: true }), 22, today, 'en');
    expect(score).toMatchObject({ urgency: 0, fit: 30, request: 10 });
    expect(score.reason).toContain('asked for this graft');
  });

  it('words the reason in German', () => {
    const score = scoreCandidate(
      entry({ implantFrom: '2026-12-24', since: '2026-11-12T00:00:00.000Z', requested: true }),
      23,
      today,
      'de',
    );
    expect(score.reason).toBe(
      'Implantationsfenster öffnet in 30 Tagen; 23 mm liegt 1 mm von der Mitte von 20–24 mm; wartet seit 12 Tagen; in der App angefragt',
    );
  });
});

describe('rankCandidates', () => {
  it('puts the patient who needs the graft soonest first, even if another fits better', () => {
    const ranked = rankCandidates(
      [
        entry({ id: 'later-perfect', implantFrom: '2027-02-01' }),
        entry({ id: 'soon-edge', implantFrom: '2026-11-26', diameterRange: { min: 18, max: 22 } }),
      ],
      22,
      today,
      'en',
    );
    expect(ranked.map((c) => c.id)).toEqual(['soon-edge', 'later-perfect']);
  });

  it('breaks ties by the earlier window, then the longer wait, then the id', () => {
    const ranked = rankCandidates(
      [
        entry({ id: 'b', implantFrom: '2027-03-01' }),
        entry({ id: 'a', implantFrom: '2027-03-02' }),
        entry({ id: 'c', implantFrom: '2027-03-01' }),
      ],
      22,
      today,
      'en',
    );
    expect(ranked.map((c) => c.id)).toEqual(['b', 'c', 'a']);
  });
});

describe('leadTimeWarning', () => {
  it('warns when the window opens before the bank can deliver, and not on the day it can', () => {
    expect(leadTimeWarning('2026-11-25', today, 2)).toBe(true);
    expect(leadTimeWarning('2026-11-26', today, 2)).toBe(false);
    expect(leadTimeWarning(null, today, 2)).toBe(false);
  });
});
