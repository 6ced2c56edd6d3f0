import { applicationCategories, applicationStatuses } from '../enumerations';
import { defineList } from '../list-definition';

/**
 * The applications list: the review queue first (`queue`: what needs a reviewer, oldest
 * submitted first). Every sort has its index (migration 0009).
 */
export const applicationsList = defineList({
  name: 'applications',
  columns: {
    queue: { sort: true },
    number: { type: 'text', sort: true, header: 'Application number' },
    legalName: { type: 'text', sort: true, header: 'Legal name' },
    tradeName: { header: 'Trade name' },
    country: {
      type: 'text',
      sort: true,
      filter: true,
      description: 'ISO 3166 alpha-2 codes, e.g. "CH,DE", or "(empty)"',
      references: 'country',
      header: 'Country code',
      exportKey: 'countryIso2',
    },
    countryName: { header: 'Country' },
    category: {
      type: 'text',
      sort: true,
      filter: true,
      values: applicationCategories,
      description: '"individual" and/or "association"',
      header: 'Category',
    },
    status: {
      type: 'text',
      sort: true,
      filter: true,
      values: applicationStatuses,
      description: 'Statuses, e.g. "submitted,endorsed"',
      header: 'Status',
    },
    submittedAt: {
      type: 'date',
      sort: true,
      filter: true,
      description: 'A range of days (UTC), e.g. "2026-01-01..2026-01-31", or "(empty)" for drafts',
      header: 'Submitted at',
    },
    decidedAt: { header: 'Decided at' },
    endorsingAssociationName: { header: 'Endorsing association' },
    memberMid: { header: 'Member id' },
    aid: { header: 'Id' },
  },
  defaultSort: 'queue',
});
