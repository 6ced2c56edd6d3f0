/**
 * The search area's public surface (index, engine, rebuilds, the search service).
 */

// Rebuilds and task views from the command line.
export { requestRebuild, runRebuild } from './rebuild';
export { toSearchTask } from './service';
// The search key the callable functions hand a signed-in operator.
export { issueSearchKey } from './keys';
// The index worker, started by `server.ts`.
export { startSearchWorker } from './worker';
// The public member directory (issue 35) searches names with the palette's engine.
export { searchDocuments } from './engine';
