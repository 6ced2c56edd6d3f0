import {
  invoiceCurrencies,
  invoiceKinds,
  type invoicesList,
  invoiceSources,
  invoiceStatuses,
  memberCategories,
  regionLabels,
  regions,
  type TInvoiceListItem,
} from '@ops/contract';
import type { DataListDefinition } from '@/components/data-list';
import { formatMoney } from '@/components/detail';
import { MemberCellLink } from '@/components/member-link';
import { paths } from '@/config/paths';
import { invoiceStatusLabels, memberCategoryLabels, optionsOf } from '@/lib/labels';
import { dunningLevelLabels, invoiceKindLabels, invoiceSourceLabels } from './labels';
import { InvoiceStatusBadge } from './status-badge';
import { invoiceQueryOptions } from '../api/get-invoice';
import { dateCell, dateTimeCell } from '@/components/data-list/date-cells';
import { yesNoFilter } from '@/components/data-list/yes-no-filter';

/** The invoices list: its columns and filters, for the list kit. */
export const invoicesListDefinition: DataListDefinition<TInvoiceListItem, typeof invoicesList> = {
  name: 'invoices',
  noun: { one: 'invoice', many: 'invoices' },
  apiPath: '/api/invoices',
  exportPath: '/api/invoices/export',
  liveTables: ['invoices'],
  rowKey: (invoice) => invoice.iid,
  rowHref: (invoice) => paths.invoice.getHref({ iid: invoice.iid }),
  // Fetched ahead for the open record's neighbours (`[`/`]`, issue 19).
  detailQuery: (invoice) => invoiceQueryOptions(invoice.iid),
  rowLabel: (invoice) => `${invoice.number} ${invoice.memberName ?? ''}`.trim(),
  defaultSort: '-number',
  searchLabel: 'Search invoices',
  searchPlaceholder: 'Number, payment reference or member',
  emptyMessage: 'No invoices yet: create one, upload a CSV, or run the renewal.',
  columns: [
    {
      id: 'number',
      label: 'Number',
      width: '6.5rem',
      sortable: true,
      isPrimary: true,
      render: (invoice) => <span className="font-mono text-xs tabular-nums">{invoice.number}</span>,
    },
    {
      id: 'member',
      label: 'Member',
      width: 'minmax(9.5rem,3fr)',
      render: (invoice) =>
        invoice.memberName ? (
          <span>
            <MemberCellLink mid={invoice.memberMid} name={invoice.memberName} />{' '}
            <span className="font-mono text-xs text-slate-600">{invoice.memberNumber}</span>
          </span>
        ) : (
          <span className="text-slate-600">No member</span>
        ),
    },
    {
      id: 'kind',
      label: 'Kind',
      width: '7rem',
      // Issue 19: chosen from Columns; hidden by default so that the defaults fit 1440 px.
      isHiddenByDefault: true,
      sortable: true,
      render: (invoice) => invoiceKindLabels[invoice.kind],
    },
    {
      id: 'year',
      label: 'Year',
      width: '4.5rem',
      // Issue 19: chosen from Columns; hidden by default so that the defaults fit 1440 px.
      isHiddenByDefault: true,
      sortable: true,
      isNumeric: true,
      render: (invoice) => invoice.year,
    },
    {
      id: 'issueDate',
      label: 'Issued',
      sortable: true,
      ...dateCell((invoice) => invoice.issueDate),
    },
    {
      id: 'dueDate',
      label: 'Due',
      sortable: true,
      ...dateCell((invoice) => invoice.dueDate),
    },
    {
      id: 'total',
      label: 'Total',
      width: '7.5rem',
      sortable: true,
      isNumeric: true,
      render: (invoice) => (
        <span className="tabular-nums">{formatMoney(invoice.totalMinor, invoice.currency)}</span>
      ),
    },
    {
      id: 'balance',
      label: 'Balance',
      width: '7.5rem',
      sortable: true,
      isNumeric: true,
      render: (invoice) => (
        <span className="tabular-nums">{formatMoney(invoice.balanceMinor, invoice.currency)}</span>
      ),
    },
    {
      id: 'currency',
      label: 'Currency',
      width: '5.5rem',
      sortable: true,
      isHiddenByDefault: true,
      render: (invoice) => invoice.currency,
    },
    {
      id: 'status',
      label: 'Status',
      // "Issued", "Overdue" and the "+1" of "Partially paid" side by side (issue 32).
      width: '12rem',
      sortable: true,
      render: (invoice) => (
        <InvoiceStatusBadge
          status={invoice.status}
          isOverdue={invoice.isOverdue}
          isPartiallyPaid={invoice.isPartiallyPaid}
        />
      ),
    },
    // Issue 17: the highest dunning level sent.
    {
      id: 'dunningLevel',
      label: 'Dunning',
      width: '6.5rem',
      sortable: true,
      render: (invoice) =>
        invoice.dunningLevel === 0 ? (
          <span className="text-slate-500">—</span>
        ) : (
          (dunningLevelLabels[invoice.dunningLevel] ?? `Level ${invoice.dunningLevel}`)
        ),
    },
    {
      id: 'paidAt',
      label: 'Paid at',
      // Issue 19: chosen from Columns; hidden by default so that the defaults fit 1440 px.
      isHiddenByDefault: true,
      sortable: true,
      ...dateTimeCell((invoice) => invoice.paidAt),
    },
    {
      id: 'source',
      label: 'Source',
      width: '6.5rem',
      sortable: true,
      isHiddenByDefault: true,
      render: (invoice) => invoiceSourceLabels[invoice.source],
    },
  ],
  filters: [
    {
      name: 'status',
      label: 'Status',
      kind: 'one-of',
      options: optionsOf(invoiceStatusLabels, invoiceStatuses),
    },
    yesNoFilter('overdue', 'Overdue', 'Overdue (issued, past due)', 'Not overdue'),
    yesNoFilter(
      'partial',
      'Partially paid',
      'Partially paid (issued, money received)',
      'Not partially paid',
    ),
    // Issue 32: the postal reminders whose letter is still to print and post.
    yesNoFilter(
      'needsLetter',
      'Postal letter',
      'Needs a letter',
      'Needs none (posted, or by e-mail)',
    ),
    {
      name: 'dunningLevel',
      label: 'Dunning',
      kind: 'one-of',
      options: Object.entries(dunningLevelLabels).map(([level, label]) => ({
        value: level,
        label: level === '0' ? 'No reminder sent' : label,
      })),
    },
    {
      name: 'kind',
      label: 'Kind',
      kind: 'one-of',
      options: invoiceKinds.map((kind) => ({ value: kind, label: invoiceKindLabels[kind] })),
    },
    { name: 'year', label: 'Year', kind: 'range', input: 'number' },
    {
      name: 'currency',
      label: 'Currency',
      kind: 'one-of',
      options: invoiceCurrencies.map((currency) => ({ value: currency, label: currency })),
    },
    {
      name: 'source',
      label: 'Source',
      kind: 'one-of',
      options: invoiceSources.map((source) => ({
        value: source,
        label: invoiceSourceLabels[source],
      })),
    },
    { name: 'issueDate', label: 'Issue date', kind: 'range', input: 'date', allowsEmpty: true },
    { name: 'dueDate', label: 'Due date', kind: 'range', input: 'date', allowsEmpty: true },
    { name: 'member', label: 'Member', kind: 'member' },
    // Issue 18: the filters the reports drill down to (the invoices behind a bar of revenue by
    // region, country or member category; collected on a day at headquarters).
    { name: 'paidAt', label: 'Paid on', kind: 'range', input: 'date', allowsEmpty: true },
    { name: 'region', label: 'Region', kind: 'one-of', options: optionsOf(regionLabels, regions) },
    { name: 'memberCountry', label: 'Member country', kind: 'text', placeholder: 'CH, DE' },
    {
      name: 'memberCategory',
      label: 'Member category',
      kind: 'one-of',
      options: optionsOf(memberCategoryLabels, memberCategories),
    },
  ],
  // Issue 19: "Edit field" on the selection (drafts only; the others are counted apart).
  bulkEdit: { list: 'invoices', apiPath: '/api/invoices/bulk', permission: 'invoices.edit' },
  bulkUndoPath: '/api/invoices/bulk/undo',
};
