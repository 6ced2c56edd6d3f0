/** The applications area's public surface. */
// Bulk edit (issue 19, `bulk-edit/`) changes the applications a selection names.
export { selectedApplications } from './selected-applications';
