/** The applications area's public surface. */
// Bulk edit (issue 19, `bulk-edit/`) changes the applications a selection names.
export { selectedApplications } from './selected-applications';
// The daily jobs (issue 34): endorsement reminders and escalation; untouched online drafts.
export { runEndorsementDaily } from './endorsement/daily';
export { deleteExpiredDrafts, remindUntouchedDrafts } from './portal/draft-expiry';
// A change request's document from the member portal (issue 35) is judged like an applicant's.
export { checkUploadedFile, cleanFileName } from './documents';
