/**
 * The review workflow of membership applications: one file per step (`steps.ts` is the registry
 * `runApplicationAction` dispatches through), approval split into its own steps (`approval/`),
 * and what the steps share (the application write, the applicant, numbers, fees).
 */
export { runApplicationAction } from './run-action';
export { workflowSteps } from './steps';
export type { WorkflowContext, StepOutcome, WorkflowStep } from './context';
export { lockApplication, writeApplication } from './application-write';
export { allocateNumber } from './numbers';
export { formatChf, paymentTermDays } from './fees';
