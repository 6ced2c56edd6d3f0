import { certificateStatuses, certificateTypes } from '../enumerations';
import { defineList } from '../list-definition';

/** The certificates list, newest number first. Every sort has its index (migration 0010). */
export const certificatesList = defineList({
  name: 'certificates',
  columns: {
    number: { type: 'text', sort: true, header: 'Certificate number' },
    memberName: { type: 'text', sort: true, header: 'Member' },
    memberNumber: { header: 'Membership number' },
    countryIso2: { header: 'Country code' },
    type: {
      type: 'text',
      sort: true,
      filter: true,
      values: certificateTypes,
      description: 'Types, e.g. "membership"',
      header: 'Type',
    },
    documentCode: { header: 'Document' },
    year: {
      type: 'integer',
      sort: true,
      filter: true,
      description: 'Years, e.g. "2026" or a range "2024..2026"',
      header: 'Year',
    },
    validFrom: { header: 'Valid from' },
    validTo: { type: 'date', sort: true, header: 'Valid to' },
    status: {
      type: 'text',
      sort: true,
      filter: true,
      values: certificateStatuses,
      description: 'Statuses, e.g. "issued,expired"',
      header: 'Status',
    },
    issuedAt: {
      type: 'date',
      sort: true,
      // Issue 18: the day issued at headquarters (Europe/Zurich).
      filter: true,
      description:
        'Days issued at headquarters (Europe/Zurich), e.g. "2026-01-01..2026-12-31", or "(empty)": not issued yet',
      header: 'Issued at',
    },
    cid: { header: 'Id' },
    member: {
      type: 'text',
      sort: true,
      filter: true,
      description: "Members' ids (mid)",
      references: 'member',
    },
  },
  defaultSort: '-number',
});
