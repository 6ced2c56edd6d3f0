/**
 * The realtime area's public surface (the change feed).
 */

// The change feed: writers notify on it, the search worker and `server.ts` listen.
export { changesChannel, subscribeToChanges } from './changes';
