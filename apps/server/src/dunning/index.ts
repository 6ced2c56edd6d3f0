/**
 * The dunning area's public surface (issue 17).
 */

// The run (and, with `dryRun`, the preview): the daily job, the CLI and the invoices screen.
export { runDunning, type RunDunningOptions } from './run';
export { previewDunning } from './preview';
// Issue 32, the postal reminders' letters: the CLI lists, prints and marks them as the console does.
export { lettersOf } from './letters/list';
export { markLettersPosted } from './letters/mark-posted';
export { renderLettersPdf } from './letters/pdf';
export { selectLetters } from './letters/select';
export { loadDunningSettings } from './settings';
