import { ListStatus } from '../constants/list-status';
import { PROCESS_STEP_NAMES, StepStatus, type ProcessStepName } from '../constants/process-steps';
import { toIsoDate } from './dates';

/** The process steps of a graft; only their status decides its list. */
export type ProcessStepStatuses = Record<ProcessStepName, { status: StepStatus }>;

/**
 * True once the expiry date has passed: a graft is still usable on its expiry day. An unknown
 * expiry date never expires a graft, because it cannot be proven; the tissue bank sends one with release.
 */
export function isExpired(expiryDate: string | null | undefined, today: string): boolean {
  const expiry = toIsoDate(expiryDate);
  return expiry !== null && expiry < today;
}

/**
 * The list a graft belongs in (design §6), or null while it is still being processed
 * (not yet released and not assigned), when it is in no list at all.
 * - Archive: implanted, traceability-reported, any step failed, or expired. It wins over the others.
 * - Current: assigned to a clinic.
 * - Free: released and not assigned.
 * `expiryDate` is the expiry step's `outValue`; `today` is the caller's calendar date, yyyy-mm-dd.
 * Only the expiry date, not the expiry step's status, decides expiry.
 */
export function graftListStatus(
  steps: ProcessStepStatuses,
  expiryDate: string | null | undefined,
  today: string,
): ListStatus | null {
  const done = (step: ProcessStepName) => steps[step].status === StepStatus.Done;
  const anyFailed = PROCESS_STEP_NAMES.some((step) => steps[step].status === StepStatus.Failed);

  if (anyFailed || done('implantation') || done('traceabilityReport') || isExpired(expiryDate, today)) {
    return ListStatus.Archive;
  }
  if (done('assignment')) {
    return ListStatus.Current;
  }
  return done('release') ? ListStatus.Free : null;
}
