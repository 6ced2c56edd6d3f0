/**
 * The audit area's public surface: the History tab's one rule of what an entry changed (secrets
 * and bookkeeping left out) and the reason given, for whoever shows entries elsewhere (issue 35:
 * a member's data export).
 */
export { changedFields, reasonOf } from './history';
