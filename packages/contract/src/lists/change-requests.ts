import { changeRequestKinds, changeRequestStatuses } from '../enumerations';
import { defineList } from '../list-definition';

/**
 * The console's change-request queue (issue 35): what members asked from the portal, oldest
 * first, so the longest wait is on top. Sorted by when it was asked (its index, migration 0063);
 * filtered by status (pending by default on screen), kind and member.
 */
export const changeRequestsList = defineList({
  name: 'change-requests',
  columns: {
    requestedAt: { type: 'text', sort: true, header: 'Requested' },
    kind: {
      type: 'text',
      filter: true,
      values: changeRequestKinds,
      description: 'Kinds: "company-data" or "close-account"',
      header: 'Kind',
    },
    status: {
      type: 'text',
      filter: true,
      values: changeRequestStatuses,
      description: 'Statuses, e.g. "pending"',
      header: 'Status',
    },
    memberName: { header: 'Member' },
    memberNumber: { header: 'Membership number' },
    fields: { header: 'Fields' },
    requestedBy: { header: 'Requested by' },
    decidedAt: { header: 'Decided' },
    member: {
      type: 'text',
      filter: true,
      description: "Members' ids (mid)",
      references: 'member',
    },
  },
  defaultSort: 'requestedAt',
});
