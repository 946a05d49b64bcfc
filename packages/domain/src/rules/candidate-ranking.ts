// Ranking of the candidates for one free graft (docs/decisions.md, "Graft requests"): waiting-list
// entries that fit it and requests made for it. Each part is a share of 100 points, so a reason
// can be read off each row:
// - urgency (40): the implant window opens today or has opened → 40; 60 days or more away → 0;
//   linear in between.
// - fit (30): the graft's diameter in the middle of the entry's range → 30; at the edge → 0.
//   A request without an entry was made for this very graft, so it fits fully.
// - waiting (20): days since the entry (or request) was made, 2 points per 9 days, at most 20 (90 days).
// - request (10): a physician asked for this graft in the app.
// Ties go to the earlier implant window, then the longer wait, then the id.

import { translatorFor } from '../i18n/translate';
import type { Language } from '../schemas/enums';
import { DAY_MS } from './dates';

export const RANKING_WEIGHTS = { urgency: 40, fit: 30, waiting: 20, request: 10 } as const;
export const URGENCY_HORIZON_DAYS = 60;
export const WAITING_HORIZON_DAYS = 90;

export interface CandidateInput {
  id: string;
  /** The entry's diameter range; null for a request without an entry. */
  diameterRange: { min: number; max: number } | null;
  /** Start of the implant window, yyyy-mm-dd; null when unknown (no entry). */
  implantFrom: string | null;
  /** When the entry or request was made (ISO instant). */
  since: string;
  requested: boolean;
}

export interface CandidateScore {
  score: number;
  urgency: number;
  fit: number;
  waiting: number;
  request: number;
  reason: string;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** Whole days from `from` to `to` (yyyy-mm-dd or ISO instants), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.floor((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / DAY_MS);
}

/** The points of one candidate for a graft of `diameter` mm on `today`, with the reason in words of `language`. */
export function scoreCandidate(
  candidate: CandidateInput,
  diameter: number | null,
  today: string,
  language: Language,
): CandidateScore {
  const t = translatorFor(language);
  const reasons: string[] = [];
  let urgency = 0;
  if (candidate.implantFrom !== null) {
    const days = daysBetween(today, candidate.implantFrom);
    urgency = RANKING_WEIGHTS.urgency * clamp01(1 - Math.max(0, days) / URGENCY_HORIZON_DAYS);
    reasons.push(days <= 0 ? t('ranking.windowOpen') : t('ranking.windowOpensIn', { count: days }));
  } else {
    reasons.push(t('ranking.noWindow'));
  }
  let fit = RANKING_WEIGHTS.fit;
  if (candidate.diameterRange && diameter !== null) {
    const { min, max } = candidate.diameterRange;
    const half = (max - min) / 2;
    const off = Math.abs(diameter - (min + max) / 2);
    fit = RANKING_WEIGHTS.fit * (half === 0 ? (off === 0 ? 1 : 0) : clamp01(1 - off / half));
    reasons.push(t('ranking.diameterOff', { diameter, off: round1(off), min, max }));
  } else {
    reasons.push(t('ranking.askedForGraft'));
  }
  const waited = Math.max(0, daysBetween(candidate.since, today));
  const waiting = RANKING_WEIGHTS.waiting * clamp01(waited / WAITING_HORIZON_DAYS);
  reasons.push(t('ranking.waiting', { count: waited }));
  const request = candidate.requested ? RANKING_WEIGHTS.request : 0;
  if (candidate.requested) {
    reasons.push(t('ranking.requestedInApp'));
  }
  const parts = { urgency: round1(urgency), fit: round1(fit), waiting: round1(waiting), request };
  return {
    score: round1(parts.urgency + parts.fit + parts.waiting + parts.request),
    ...parts,
    reason: reasons.join('; '),
  };
}

/** Candidates with their scores, best first. */
export function rankCandidates<T extends CandidateInput>(
  candidates: readonly T[],
  diameter: number | null,
  today: string,
  language: Language,
): (T & CandidateScore)[] {
  const far = '9999-12-31';
  return candidates
    .map((candidate) => ({ ...candidate, ...scoreCandidate(candidate, diameter, today, language) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        (a.implantFrom ?? far).localeCompare(b.implantFrom ?? far) ||
        a.since.localeCompare(b.since) ||
        a.id.localeCompare(b.id),
    );
}

/**
 * The lead-time warning: the implant window starts sooner than the bank can deliver, that is
 * before today plus its lead time. Without a window there is nothing to warn about.
 */
export function leadTimeWarning(implantFrom: string | null, today: string, leadTimeDays: number): boolean {
  return implantFrom !== null && daysBetween(today, implantFrom) < leadTimeDays;
}
