/** Status of one process step of a graft. */
export const StepStatus = {
  Open: 0,
  Done: 1,
  Failed: 2,
} as const;
export type StepStatus = (typeof StepStatus)[keyof typeof StepStatus];

/** The seven process steps every graft carries, in the order they happen. */
export const PROCESS_STEP_NAMES = [
  'decellularization',
  'release',
  'assignment',
  'delivery',
  'implantation',
  'expiry',
  'traceabilityReport',
] as const;
export type ProcessStepName = (typeof PROCESS_STEP_NAMES)[number];
