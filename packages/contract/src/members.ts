import { z } from 'zod';
import { listPageOf, listQuerySchema } from './lists';
import { listSortFields } from './list-definition';
import { membersList } from './lists/index';
import { memberCategories, memberStatuses } from './enumerations';

export { memberCategories, memberStatuses };

/** The columns the members list can be sorted by. */
export const memberListSorts = listSortFields(membersList);

export const ZMemberListItem = z
  .object({
    mid: z.string(),
    number: z.string().describe('Membership number'),
    legalName: z.string(),
    tradeName: z.string().nullable(),
    countryIso2: z.string().nullable(),
    countryName: z.string().nullable(),
    category: z.enum(memberCategories),
    status: z.enum(memberStatuses),
    joinedOn: z.string().nullable().describe('YYYY-MM-DD'),
    paidThroughYear: z.number().int().nullable(),
  })
  .describe('A row of the members list');
export type TMemberListItem = z.infer<typeof ZMemberListItem>;

export const ZMembersListQuery = listQuerySchema(membersList);
export type TMembersListQuery = z.infer<typeof ZMembersListQuery>;

export const ZMembersListPage = listPageOf(ZMemberListItem).describe('A page of members');
export type TMembersListPage = z.infer<typeof ZMembersListPage>;
