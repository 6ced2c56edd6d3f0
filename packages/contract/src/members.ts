import { z } from 'zod';
import { listItemFields, listPageOf, listQuerySchema } from './lists';
import { listSortFields } from './list-definition';
import { membersList } from './lists/index';
import { memberCategories, memberStatuses } from './enumerations';

export { memberCategories, memberStatuses };

/** The columns the members list can be sorted by. */
export const memberListSorts = listSortFields(membersList);

export const ZMemberListItem = z
  // Every field but the id is declared with its column (lists/members.ts).
  .object({ mid: z.string(), ...listItemFields(membersList) })
  .describe('A row of the members list');
export type TMemberListItem = z.infer<typeof ZMemberListItem>;

export const ZMembersListQuery = listQuerySchema(membersList);
export type TMembersListQuery = z.infer<typeof ZMembersListQuery>;

export const ZMembersListPage = listPageOf(ZMemberListItem).describe('A page of members');
export type TMembersListPage = z.infer<typeof ZMembersListPage>;
