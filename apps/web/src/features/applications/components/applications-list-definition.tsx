import {
  applicationCategories,
  applicationQueueRank,
  applicationSources,
  type applicationsList,
  applicationStatuses,
  type TApplicationListItem,
} from '@ops/contract';
import type { DataListScreenDefinition } from '@/components/data-list';
import { Badge } from '@/components/badge';
import { paths } from '@/config/paths';
import {
  applicationSourceLabels,
  applicationStatusLabels,
  queueGroupLabels,
} from './application-labels';
import { ApplicationStatusBadge } from './application-status-badge';
import { applicationQueryOptions } from '../api/get-application';
import { dateTimeCell } from '@/components/data-list/date-cells';

/**
 * The applications list for the list kit: the review queue first (what waits for the staff,
 * oldest submitted first), every column sortable by the server's indexes.
 */
export const applicationsListDefinition: DataListScreenDefinition<
  TApplicationListItem,
  typeof applicationsList
> = {
  name: 'applications',
  noun: { one: 'application', many: 'applications' },
  screen: {
    title: 'Applications',
    description:
      "Membership applications from draft through the national association's endorsement and review to approval or rejection. What waits for review comes first, oldest first.",
  },
  apiPath: '/api/applications',
  exportPath: '/api/applications/export',
  // A country's rename shows in the rows too (association renames wait for the next fetch:
  // following every member change would refetch the queue on each bulk import).
  liveTables: ['applications', 'countries'],
  rowKey: (application) => application.aid,
  rowHref: (application) => paths.application.getHref({ aid: application.aid }),
  // Fetched ahead for the open record's neighbours (`[`/`]`, issue 19).
  detailQuery: (application) => applicationQueryOptions(application.aid),
  rowLabel: (application) => application.legalName,
  defaultSort: 'queue',
  searchLabel: 'Search applications',
  searchPlaceholder: 'Company name, trade name or number',
  emptyMessage: 'No applications yet.',
  columns: [
    {
      id: 'queue',
      label: 'Queue',
      width: '9rem',
      sortable: true,
      render: (application) => queueGroupLabels[applicationQueueRank[application.status]] ?? '',
    },
    {
      id: 'number',
      label: 'Number',
      width: '6.5rem',
      sortable: true,
      render: (application) => (
        <span className="font-mono text-xs tabular-nums">{application.number}</span>
      ),
    },
    {
      id: 'legalName',
      label: 'Company',
      width: 'minmax(11rem,3fr)',
      sortable: true,
      isPrimary: true,
      render: (application) =>
        application.possibleDuplicates.length > 0 ? (
          <span className="flex min-w-0 items-center gap-2">
            <span className="truncate">{application.legalName}</span>
            <Badge tone="amber-outlined">
              Possible duplicate of {application.possibleDuplicates.join(', ')}
            </Badge>
          </span>
        ) : (
          application.legalName
        ),
    },
    {
      id: 'tradeName',
      label: 'Trade name',
      width: 'minmax(8rem,1fr)',
      isHiddenByDefault: true,
      render: (application) => application.tradeName ?? '',
    },
    {
      id: 'country',
      label: 'Country',
      width: 'minmax(7rem,1fr)',
      sortable: true,
      render: (application) => application.countryName ?? application.countryIso2 ?? '',
    },
    {
      id: 'category',
      label: 'Category',
      width: '7rem',
      sortable: true,
      // Hidden at first, as Source is: both are filters too, and with the queue's signals
      // (status, endorsement wait, duplicate flag) every default column fits at 1440 px.
      isHiddenByDefault: true,
      render: (application) => application.category,
    },
    {
      id: 'status',
      label: 'Status',
      width: '10rem',
      sortable: true,
      render: (application) => <ApplicationStatusBadge status={application.status} />,
    },
    {
      id: 'submittedAt',
      label: 'Submitted',
      sortable: true,
      ...dateTimeCell((application) => application.submittedAt),
    },
    {
      id: 'source',
      label: 'Source',
      width: '6.5rem',
      isHiddenByDefault: true,
      render: (application) => (
        <Badge tone={application.source === 'online' ? 'sky' : 'slate'}>
          {applicationSourceLabels[application.source]}
        </Badge>
      ),
    },
    {
      id: 'endorsementWaitingDays',
      label: 'Endorsement wait',
      width: '8.5rem',
      sortable: true,
      render: (application) =>
        application.endorsementWaitingDays === null ? (
          ''
        ) : (
          <span className="tabular-nums">
            {application.endorsementWaitingDays === 1
              ? '1 day'
              : `${application.endorsementWaitingDays} days`}
          </span>
        ),
    },
    {
      id: 'endorsingAssociationName',
      label: 'Endorsing association',
      width: 'minmax(9rem,1fr)',
      isHiddenByDefault: true,
      render: (application) => application.endorsingAssociationName ?? '',
    },
  ],
  filters: [
    {
      name: 'status',
      label: 'Status',
      kind: 'one-of',
      options: applicationStatuses.map((status) => ({
        value: status,
        label: applicationStatusLabels[status],
      })),
    },
    {
      name: 'category',
      label: 'Category',
      kind: 'one-of',
      options: applicationCategories.map((category) => ({ value: category, label: category })),
    },
    {
      name: 'source',
      label: 'Source',
      kind: 'one-of',
      options: applicationSources.map((source) => ({
        value: source,
        label: applicationSourceLabels[source],
      })),
    },
    { name: 'country', label: 'Country', kind: 'text', placeholder: 'CH, DE' },
    { name: 'submittedAt', label: 'Submitted', kind: 'range', input: 'date', allowsEmpty: true },
  ],
  // Issue 19: "Edit field" (the reviewer) on the selection.
  bulkEdit: {
    list: 'applications',
    apiPath: '/api/applications/bulk',
    permission: 'applications.review',
  },
  bulkUndoPath: '/api/applications/bulk/undo',
};
