/**
 * The members area's public surface.
 */

// The dunning run's suspension level suspends members through the members area (issue 17).
export { suspendMembersForUnpaidInvoices } from './suspend-unpaid';
// The member's dunning exemption and open reminders: its detail, and the dunning area's writes.
export { memberDunningOf } from './dunning';
// Bulk edit (issue 19, `bulk-edit/`) changes the members a selection names, as bulk status does.
export { selectedMembers } from './selected-members';
// The member portal (issue 35): the member a signed-in user acts for, which the invoices and
// certificates areas' portal routes scope every read to.
export { membershipsOfUser, portalMemberOf, type PortalMember } from './portal/member-of-user';
export { portalMemberRoutes, type PortalPdf } from './portal/member-routes';
// An approved change request from the portal (issue 35, `change-requests/`) writes the member
// as the console's edit does: the same rules, the records store, one audit entry.
export { writeMemberChanges } from './edit';
export { writeMemberStatus } from './status';
export { lockLiveMember, type MemberRow } from './live-member';
export { memberUserActor } from './portal/colleagues/colleague-rules';
