import {
  listSortFields,
  memberCategories,
  memberStatuses,
  membersList,
} from '@ops/contract/values';

// The contract's values themselves, from its zod-free subpath (no copies to keep in step).
export { memberCategories, memberStatuses };

/** The columns the members list can be sorted by. */
export const memberListSorts = listSortFields(membersList);

export type MemberStatus = (typeof memberStatuses)[number];
export type MemberCategory = (typeof memberCategories)[number];

/** Membership numbers and ids of selected rows → the `mid` filter of the list and export. */
export function selectedMembersParams(ids: readonly string[]): string {
  return `mid=${ids.map(encodeURIComponent).join(',')}`;
}
