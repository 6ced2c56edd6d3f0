/**
 * The ledger area's public surface.
 */

// The member's overview shows its open balance and credit per currency (members/detail.ts).
export { memberOpenBalances } from './read-ledger';
