/**
 * The jobs area's public surface (issue 17).
 */

// Every server instance runs a job runner, started and stopped by `server.ts`.
export { startJobRunner, type JobRunner, type JobRunnerStatus } from './runner';
// The CLI lists the schedules and runs a job (`npm run ops -- jobs …`), as the screen does.
export { listRuns, listSchedules } from './read';
export { runJobNow } from './actions';
