import { languages, memberCategories, memberStatuses, regions } from '../enumerations';
import { defineList } from '../list-definition';

/**
 * The members list. Every sort has its index (migration 0005). The columns declare the item's
 * fields (`ZMemberListItem` adds only the id).
 */
export const membersList = defineList({
  name: 'members',
  columns: {
    number: {
      type: 'text',
      sort: true,
      header: 'Membership number',
      item: { description: 'Membership number' },
    },
    legalName: { type: 'text', sort: true, header: 'Legal name', item: {} },
    tradeName: { header: 'Trade name', item: { nullable: true } },
    country: {
      type: 'text',
      sort: true,
      filter: true,
      description: 'ISO 3166 alpha-2 codes, e.g. "CH,DE", or "(empty)"',
      header: 'Country code',
      item: { key: 'countryIso2', nullable: true },
      references: 'country',
    },
    countryName: { header: 'Country', item: { nullable: true } },
    // Issue 18, the reports' drill-down: the regions of the members' countries (the countries
    // table says which country is in which region; the country's index answers it).
    region: {
      type: 'text',
      filter: true,
      values: regions,
      description: 'Regions of the member\'s country, e.g. "europe,americas"',
    },
    category: {
      type: 'text',
      sort: true,
      filter: true,
      values: memberCategories,
      header: 'Category',
      item: {},
    },
    status: {
      type: 'text',
      sort: true,
      filter: true,
      values: memberStatuses,
      header: 'Status',
      item: {},
    },
    joinedOn: {
      type: 'date',
      sort: true,
      filter: true,
      description: 'A range of dates, e.g. "2020-01-01..2020-12-31"',
      header: 'Joined',
      item: { nullable: true },
    },
    // Issue 18: the members at one date, as the membership reports count them.
    memberOn: {
      type: 'date',
      filter: true,
      description:
        'One date: the members at that date (joined on or before it, not resigned or terminated by then), e.g. "2025-12-31"',
    },
    // Issue 18: when they resigned or were terminated (index of migration 0039).
    terminatedOn: {
      type: 'date',
      filter: true,
      description: 'A range of dates, e.g. "2025-01-01..2025-12-31", or "(empty)"',
    },
    paidThroughYear: {
      type: 'integer',
      sort: true,
      filter: true,
      description: 'Years, e.g. "2025,2026" or "..2024" or "(empty)"',
      header: 'Paid through',
      item: { nullable: true },
    },
    language: {
      type: 'text',
      sort: true,
      filter: true,
      values: languages,
      description: 'Preferred languages, e.g. "fr,de" (index of migration 0034)',
      header: 'Language',
      item: { key: 'preferredLanguage' },
    },
    mid: {
      type: 'text',
      sort: true,
      filter: true,
      description: 'Member ids, e.g. the rows selected on screen: "a1,b2"',
      references: 'member',
      header: 'Id',
    },
  },
  defaultSort: 'number',
});
