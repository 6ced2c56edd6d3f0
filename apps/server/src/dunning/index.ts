/**
 * The dunning area's public surface (issue 17).
 */

// The run (and, with `dryRun`, the preview): the daily job, the CLI and the invoices screen.
export { runDunning, type RunDunningOptions } from './run';
export { previewDunning } from './preview';
