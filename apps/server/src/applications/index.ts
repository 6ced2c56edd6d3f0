/**
 * The applications area's public surface: the fee bands of the admission review, which the
 * renewal run bills by as well.
 */
export { feeBandOf } from './workflow';
