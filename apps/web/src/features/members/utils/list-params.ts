import type * as contract from '@ops/contract';

// Copies of contract values: browser code imports only types from @ops/contract (see
// lib/api-client.ts). The `satisfies` makes a drift in the values' type an error;
// list-params.test.ts checks the values.

/** A member's statuses, in the contract's order. */
export const memberStatuses = [
  'pending-payment',
  'active',
  'overdue',
  'suspended',
  'terminated',
  'resigned',
] as const satisfies typeof contract.memberStatuses;

export const memberCategories = [
  'individual',
  'association',
  'group',
  'honorary',
] as const satisfies typeof contract.memberCategories;

/** The columns the members list can be sorted by. */
export const memberListSorts = [
  'number',
  'legalName',
  'country',
  'category',
  'status',
  'joinedOn',
  'paidThroughYear',
] as const satisfies typeof contract.memberListSorts;

export type MemberStatus = (typeof memberStatuses)[number];
export type MemberCategory = (typeof memberCategories)[number];

/** Membership numbers and ids of selected rows → the `mid` filter of the list and export. */
export function selectedMembersParams(ids: readonly string[]): string {
  return `mid=${ids.map(encodeURIComponent).join(',')}`;
}
