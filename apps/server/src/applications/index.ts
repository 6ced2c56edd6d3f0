/**
 * The applications area's public surface: the fee bands of the admission review, which the
 * renewal run bills by as well.
 */
export { feeBandOf } from './workflow';
// Bulk edit (issue 19, `bulk-edit/`) changes the applications a selection names.
export { selectedApplications } from './selected-applications';
