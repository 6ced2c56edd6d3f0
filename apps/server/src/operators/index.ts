/**
 * The operators area's public surface (the operator record, grants and the last-admin rule).
 */

// Grant and revoke from the command line, with the same checks as the console.
export { addOperator, removeOperator } from './service';
// The operator record of a session, which the event stream sends when roles change.
export { findOperatorRecord } from './record';
// The last-admin rule: disabling or deleting users locks the active admins first.
export { lockActiveAdmins } from './manage';
