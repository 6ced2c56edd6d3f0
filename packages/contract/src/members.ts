import { z } from 'zod';
import { listPageOf, ZFilterParam, ZListQuery } from './lists';

export const memberCategories = ['individual', 'association', 'group', 'honorary'] as const;
export const memberStatuses = [
  'pending-payment',
  'active',
  'overdue',
  'suspended',
  'terminated',
  'resigned',
] as const;

/** The columns the members list can be sorted by. */
export const memberListSorts = [
  'number',
  'legalName',
  'country',
  'category',
  'status',
  'joinedOn',
  'paidThroughYear',
] as const;

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

export const ZMembersListQuery = ZListQuery.extend({
  mid: ZFilterParam.describe('Member ids, e.g. the rows selected on screen: "a1,b2"'),
  status: ZFilterParam,
  category: ZFilterParam,
  country: ZFilterParam.describe('ISO 3166 alpha-2 codes, e.g. "CH,DE", or "(empty)"'),
  joinedOn: ZFilterParam.describe('A range of dates, e.g. "2020-01-01..2020-12-31"'),
  paidThroughYear: ZFilterParam.describe('Years, e.g. "2025,2026" or "..2024" or "(empty)"'),
});
export type TMembersListQuery = z.infer<typeof ZMembersListQuery>;

export const ZMembersListPage = listPageOf(ZMemberListItem).describe('A page of members');
export type TMembersListPage = z.infer<typeof ZMembersListPage>;
