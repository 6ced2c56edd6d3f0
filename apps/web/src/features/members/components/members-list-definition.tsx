import type * as contract from '@ops/contract';
import type { membersList, TMemberListItem } from '@ops/contract';
import { regionLabels, regions } from '@ops/contract/countries';
import { languageLabels, languages } from '@ops/contract/values';
import type { DataListBulkAction, DataListDefinition } from '@/components/data-list';
import { exportSelectedAction } from '@/components/data-list/export-selected-action';
import { paths } from '@/config/paths';
import { memberCategoryLabels, memberStatusLabels, optionsOf } from '@/lib/labels';
import { changeMembersStatus } from '../api/change-members-status';
import { memberCategories, memberStatuses, selectedMembersParams } from '../utils/list-params';
import { StatusBadge } from './status-badge';
import { memberQueryOptions } from '../api/get-member';
import { dateCell } from '@/components/data-list/date-cells';

const exportPath = '/api/members/export';
const noun = { one: 'member', many: 'members' };

/** The status changes offered on many members at once (contract `memberBulkStatuses`). */
const bulkStatusChanges = [
  { status: 'overdue', label: 'Mark overdue', verb: 'marked overdue' },
  { status: 'suspended', label: 'Suspend', verb: 'suspended' },
  { status: 'active', label: 'Reactivate', verb: 'reactivated' },
] as const satisfies readonly {
  status: (typeof contract.memberBulkStatuses)[number];
  label: string;
  verb: string;
}[];

/** The members list: its columns, filters and bulk actions, for the list kit. */
export const membersListDefinition: DataListDefinition<TMemberListItem, typeof membersList> = {
  name: 'members',
  noun,
  apiPath: '/api/members',
  exportPath,
  // A renamed country shows in the members' rows too.
  liveTables: ['members', 'countries'],
  rowKey: (member) => member.mid,
  rowHref: (member) => paths.member.getHref({ mid: member.mid }),
  // Fetched ahead for the open record's neighbours (`[`/`]`, issue 19).
  detailQuery: (member) => memberQueryOptions(member.mid),
  rowLabel: (member) => member.legalName,
  defaultSort: 'number',
  searchLabel: 'Search members',
  searchPlaceholder: 'Name, trade name or number',
  columns: [
    {
      id: 'number',
      label: 'Number',
      width: '6.5rem',
      sortable: true,
      render: (member) => <span className="font-mono text-xs tabular-nums">{member.number}</span>,
    },
    {
      id: 'legalName',
      label: 'Name',
      width: 'minmax(12rem,3fr)',
      sortable: true,
      isPrimary: true,
      render: (member) => member.legalName,
    },
    {
      id: 'tradeName',
      label: 'Trade name',
      width: 'minmax(8rem,1fr)',
      isHiddenByDefault: true,
      render: (member) => member.tradeName ?? '',
    },
    {
      id: 'country',
      label: 'Country',
      width: 'minmax(8rem,1fr)',
      sortable: true,
      render: (member) => member.countryName ?? member.countryIso2 ?? '',
    },
    {
      id: 'category',
      label: 'Category',
      width: '8rem',
      sortable: true,
      render: (member) => memberCategoryLabels[member.category],
    },
    {
      id: 'status',
      label: 'Status',
      width: '8.5rem',
      sortable: true,
      render: (member) => <StatusBadge status={member.status} />,
    },
    {
      id: 'joinedOn',
      label: 'Joined',
      sortable: true,
      ...dateCell((member) => member.joinedOn),
    },
    {
      id: 'paidThroughYear',
      label: 'Paid through',
      width: '8.5rem',
      sortable: true,
      isNumeric: true,
      render: (member) => member.paidThroughYear ?? '',
    },
    {
      // Issue 17: the language of its e-mails and PDFs.
      id: 'language',
      label: 'Language',
      width: '6.5rem',
      sortable: true,
      isHiddenByDefault: true,
      render: (member) => languageLabels[member.preferredLanguage],
    },
  ],
  filters: [
    {
      name: 'status',
      label: 'Status',
      kind: 'one-of',
      options: optionsOf(memberStatusLabels, memberStatuses),
    },
    {
      name: 'category',
      label: 'Category',
      kind: 'one-of',
      options: optionsOf(memberCategoryLabels, memberCategories),
    },
    {
      name: 'country',
      label: 'Country',
      kind: 'text',
      placeholder: 'CH, DE',
    },
    // Issue 18: the filters the reports drill down to (a bar of "members by region" opens the
    // members of that region at that year's end).
    { name: 'region', label: 'Region', kind: 'one-of', options: optionsOf(regionLabels, regions) },
    { name: 'joinedOn', label: 'Joined', kind: 'range', input: 'date', allowsEmpty: true },
    { name: 'memberOn', label: 'Member on', kind: 'text', placeholder: 'YYYY-MM-DD' },
    {
      name: 'terminatedOn',
      label: 'Terminated on',
      kind: 'range',
      input: 'date',
      allowsEmpty: true,
    },
    {
      name: 'paidThroughYear',
      label: 'Paid through',
      kind: 'range',
      input: 'number',
      allowsEmpty: true,
    },
    {
      name: 'language',
      label: 'Language',
      kind: 'one-of',
      options: optionsOf(languageLabels, languages),
    },
  ],
  bulkActions: [
    ...bulkStatusChanges.map(({ status, label, verb }): DataListBulkAction => ({
      id: `status-${status}`,
      label,
      permission: 'members.edit',
      reasonLabel: 'Reason (kept in each member’s history)',
      run: async (selection, reason) => {
        const result = await changeMembersStatus(selection, status, reason);
        const skipped = result.skipped
          ? ` ${result.skipped} could not be (already ${memberStatusLabels[status].toLowerCase()}, or not allowed from their status).`
          : '';
        return {
          message: `${result.changed} ${result.changed === 1 ? 'member' : 'members'} ${verb}.${skipped}`,
          undo: result.undo,
        };
      },
    })),
    exportSelectedAction({
      exportPath,
      noun,
      selectedParams: selectedMembersParams,
    }),
  ],
  // Issue 19: "Edit field" on the selection, and Undo after every bulk action.
  bulkEdit: { list: 'members', apiPath: '/api/members/bulk', permission: 'members.edit' },
  bulkUndoPath: '/api/members/bulk/undo',
};
