import { applicationCategories, applicationSources, applicationStatuses } from '../enumerations';
import { defineList } from '../list-definition';

/**
 * The applications list: the review queue first (`queue`: what needs a reviewer, oldest
 * submitted first). Every sort and filter has its index (migrations 0009 and 0059).
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
    source: {
      type: 'text',
      filter: true,
      values: applicationSources,
      description: '"online" (the member portal) and/or "imported"',
      header: 'Source',
      item: { description: 'Where it came from: the member portal (online) or an import' },
    },
    endorsementWaitingDays: {
      sort: true,
      header: 'Endorsement waiting (days)',
      item: {
        type: 'integer',
        nullable: true,
        description: 'Days (at headquarters) since the endorsement was requested, while it waits',
      },
    },
    decidedAt: { header: 'Decided at' },
    endorsingAssociationName: { header: 'Endorsing association' },
    memberMid: { header: 'Member id' },
    aid: { header: 'Id' },
  },
  defaultSort: 'queue',
});
