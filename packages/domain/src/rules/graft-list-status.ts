import { ListStatus } from '../constants/list-status';
import { PROCESS_STEP_NAMES, StepStatus, type ProcessStepName } from '../constants/process-steps';
import { toIsoDate } from './dates';

/** The process steps of a graft; only their status decides its list. */
export type ProcessStepStatuses = Record<ProcessStepName, { status: StepStatus }>;

/**
 * True once the expiry date has passed: a graft is still usable on its expiry day. An unknown or
 * unreadable date never expires a graft by itself; the tissue bank can still record the expiry step.
 */
export function isExpired(expiryDate: string | null | undefined, today: string): boolean {
  const expiry = toIsoDate(expiryDate);
  return expiry !== null && expiry < today;
}

/**
 * The list a graft belongs in (docs/decisions.md §6), or null while it is still being processed
 * (not yet released and not assigned), when it is in no list at all.
 * - Archive: implanted, traceability-reported, any step failed, or expired: the expiry date lies
 *   before today, or the tissue bank recorded the expiry step as done. It wins over the others.
 * - Current: assigned to a clinic.
 * - Free: released and not assigned.
 * `expiryDate` is the expiry step's `outValue`; `today` is the caller's calendar date, yyyy-mm-dd.
 */
export function graftListStatus(
  steps: ProcessStepStatuses,
  expiryDate: string | null | undefined,
  today: string,
): ListStatus | null {
  const done = (step: ProcessStepName) => steps[step].status === StepStatus.Done;
  const anyFailed = PROCESS_STEP_NAMES.some((step) => steps[step].status === StepStatus.Failed);

  const expired = done('expiry') || isExpired(expiryDate, today);
  if (anyFailed || expired || done('implantation') || done('traceabilityReport')) {
    return ListStatus.Archive;
  }
  if (done('assignment')) {
    return ListStatus.Current;
  }
  return done('release') ? ListStatus.Free : null;
}
