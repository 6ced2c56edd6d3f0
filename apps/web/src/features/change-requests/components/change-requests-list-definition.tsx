import {
  changeRequestKinds,
  type changeRequestsList,
  changeRequestStatuses,
  type TChangeRequestListItem,
} from '@ops/contract';
import type { DataListDefinition } from '@/components/data-list';
import { MemberCellLink } from '@/components/member-link';
import { paths } from '@/config/paths';
import { optionsOf } from '@/lib/labels';
import { changeRequestKindLabels, changeRequestStatusLabels } from './change-request-labels';
import { ChangeRequestStatusBadge } from './change-request-status-badge';
import { fieldLabelsOf } from '../utils/field-values';
import { changeRequestQueryOptions } from '../api/get-change-request';
import { dateTimeCell } from '@/components/data-list/date-cells';

/**
 * The change-request queue (issue 35) for the list kit: what members asked from the portal,
 * oldest first, so the longest wait is on top. The screen opens it on the pending requests.
 */
export const changeRequestsListDefinition: DataListDefinition<
  TChangeRequestListItem,
  typeof changeRequestsList
> = {
  name: 'change-requests',
  noun: { one: 'change request', many: 'change requests' },
  apiPath: '/api/change-requests',
  // A member's rename shows at the next fetch: following every member change would refetch the
  // queue on each bulk import.
  liveTables: ['member_change_requests'],
  rowKey: (request) => request.id,
  rowHref: (request) => paths.changeRequest.getHref({ id: request.id }),
  // Fetched ahead for the open record's neighbours (`[`/`]`, issue 19).
  detailQuery: (request) => changeRequestQueryOptions(request.id),
  rowLabel: (request) => `${request.memberName}: ${changeRequestKindLabels[request.kind]}`,
  defaultSort: 'requestedAt',
  searchLabel: 'Search change requests',
  searchPlaceholder: 'Member name or membership number',
  emptyMessage: 'No member has asked for a change yet.',
  columns: [
    {
      id: 'requestedAt',
      label: 'Requested',
      sortable: true,
      isPrimary: true,
      ...dateTimeCell((request) => request.requestedAt),
    },
    {
      id: 'memberName',
      label: 'Member',
      width: 'minmax(12rem,3fr)',
      render: (request) => (
        <span className="flex min-w-0 items-baseline gap-2">
          <span className="truncate">
            <MemberCellLink mid={request.memberMid} name={request.memberName} />
          </span>
          <span className="shrink-0 font-mono text-xs text-slate-600">{request.memberNumber}</span>
        </span>
      ),
    },
    {
      id: 'memberNumber',
      label: 'Membership no.',
      width: '6.5rem',
      isHiddenByDefault: true,
      render: (request) => <span className="font-mono text-xs">{request.memberNumber}</span>,
    },
    {
      id: 'kind',
      label: 'Kind',
      width: '9rem',
      render: (request) => changeRequestKindLabels[request.kind],
    },
    {
      id: 'fields',
      label: 'Fields',
      width: 'minmax(10rem,2fr)',
      render: (request) => fieldLabelsOf(request.fields),
    },
    {
      id: 'requestedBy',
      label: 'Requested by',
      width: 'minmax(9rem,1fr)',
      render: (request) => request.requestedBy ?? '',
    },
    {
      id: 'status',
      label: 'Status',
      width: '7.5rem',
      render: (request) => <ChangeRequestStatusBadge status={request.status} />,
    },
    {
      id: 'decidedAt',
      label: 'Decided',
      isHiddenByDefault: true,
      ...dateTimeCell((request) => request.decidedAt),
    },
  ],
  filters: [
    {
      name: 'status',
      label: 'Status',
      kind: 'one-of',
      options: optionsOf(changeRequestStatusLabels, changeRequestStatuses),
    },
    {
      name: 'kind',
      label: 'Kind',
      kind: 'one-of',
      options: optionsOf(changeRequestKindLabels, changeRequestKinds),
    },
    { name: 'member', label: 'Member', kind: 'member' },
  ],
};
