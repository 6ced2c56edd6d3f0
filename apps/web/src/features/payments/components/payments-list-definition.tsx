import { type paymentsList, paymentStatuses, type TPaymentListItem } from '@ops/contract';
import type { DataListScreenDefinition } from '@/components/data-list';
import { formatMoney } from '@/components/detail';
import { MemberCellLink } from '@/components/member-link';
import { paths } from '@/config/paths';
import { optionsOf, paymentStatusLabels } from '@/lib/labels';
import { PaymentStatusBadge } from './payment-status-badge';
import { paymentQueryOptions } from '../api/get-payment';
import { dateCell, dateTimeCell } from '@/components/data-list/date-cells';

/** The currencies card payments come in most (any other is still listed and filterable by URL). */
const currencyOptions = ['CHF', 'EUR', 'USD'].map((currency) => ({
  value: currency,
  label: currency,
}));

const amount = (minor: number, currency: string) => (
  <span className="tabular-nums">{formatMoney(minor, currency)}</span>
);

/** The Payments list (card-payment invoices): its columns and filters, for the list kit. */
export const paymentsListDefinition: DataListScreenDefinition<
  TPaymentListItem,
  typeof paymentsList
> = {
  name: 'payments',
  noun: { one: 'card payment', many: 'card payments' },
  screen: {
    title: 'Payments',
    description:
      'Invoices of the card-payment provider, kept current by its signed webhook: status (draft, open, paid, uncollectible, void), amounts due, paid and remaining, and the invoice and member they settle.',
  },
  apiPath: '/api/payments',
  exportPath: '/api/payments/export',
  liveTables: ['stripe_invoices'],
  rowKey: (payment) => payment.sid,
  rowHref: (payment) => paths.stripeInvoice.getHref({ sid: payment.sid }),
  // Fetched ahead for the open record's neighbours (`[`/`]`, issue 19).
  detailQuery: (payment) => paymentQueryOptions(payment.sid),
  rowLabel: (payment) =>
    `${payment.number ?? payment.providerInvoiceId} ${payment.customerName ?? ''}`.trim(),
  defaultSort: '-created',
  searchLabel: 'Search card payments',
  searchPlaceholder: 'Number, customer e-mail or name, provider id',
  emptyMessage:
    'No card payments yet. They appear here as the card-payment provider’s webhook reports them.',
  columns: [
    {
      id: 'number',
      label: 'Number',
      width: '9rem',
      isPrimary: true,
      render: (payment) => (
        <span className="font-mono text-xs">{payment.number ?? payment.providerInvoiceId}</span>
      ),
    },
    {
      id: 'customer',
      label: 'Customer',
      width: 'minmax(11rem,3fr)',
      render: (payment) => (
        <span className="flex min-w-0 flex-col">
          <span className="truncate">{payment.customerName ?? '—'}</span>
          <span className="truncate text-xs text-slate-600">{payment.customerEmail ?? ''}</span>
        </span>
      ),
    },
    {
      id: 'status',
      label: 'Status',
      width: '8.5rem',
      sortable: true,
      render: (payment) => (
        <PaymentStatusBadge status={payment.status} isDeleted={payment.isDeleted} />
      ),
    },
    {
      id: 'amountDue',
      label: 'Due',
      width: '8rem',
      sortable: true,
      isNumeric: true,
      render: (payment) => amount(payment.amountDueMinor, payment.currency),
    },
    {
      id: 'amountPaid',
      label: 'Paid',
      width: '8rem',
      // Issue 19: chosen from Columns; hidden by default so that the defaults fit 1440 px.
      isHiddenByDefault: true,
      isNumeric: true,
      render: (payment) => amount(payment.amountPaidMinor, payment.currency),
    },
    {
      id: 'amountRemaining',
      label: 'Remaining',
      width: '8rem',
      isNumeric: true,
      isHiddenByDefault: true,
      render: (payment) => amount(payment.amountRemainingMinor, payment.currency),
    },
    {
      id: 'currency',
      label: 'Currency',
      width: '5.5rem',
      isHiddenByDefault: true,
      render: (payment) => payment.currency,
    },
    {
      id: 'created',
      label: 'Created',
      sortable: true,
      ...dateTimeCell((payment) => payment.createdAt),
    },
    {
      id: 'dueDate',
      label: 'Due date',
      // Issue 19: chosen from Columns; hidden by default so that the defaults fit 1440 px.
      isHiddenByDefault: true,
      sortable: true,
      ...dateCell((payment) => payment.dueDate),
    },
    {
      id: 'invoiceNumber',
      label: 'Our invoice',
      width: '8rem',
      render: (payment) =>
        payment.invoiceNumber ? (
          <span className="font-mono text-xs">{payment.invoiceNumber}</span>
        ) : (
          <span className="text-xs text-amber-800">Not linked</span>
        ),
    },
    {
      id: 'member',
      label: 'Member',
      width: 'minmax(8rem,1.5fr)',
      render: (payment) =>
        payment.memberName ? (
          <MemberCellLink mid={payment.memberMid} name={payment.memberName} />
        ) : (
          ''
        ),
    },
  ],
  filters: [
    {
      name: 'status',
      label: 'Status',
      kind: 'one-of',
      options: optionsOf(paymentStatusLabels, paymentStatuses),
    },
    { name: 'currency', label: 'Currency', kind: 'one-of', options: currencyOptions },
    {
      name: 'linked',
      label: 'Linked to an invoice',
      kind: 'one-of',
      options: [
        { value: 'yes', label: 'Linked' },
        { value: 'no', label: 'Not linked' },
      ],
    },
    { name: 'created', label: 'Created', kind: 'range', input: 'date' },
    { name: 'dueDate', label: 'Due date', kind: 'range', input: 'date', allowsEmpty: true },
    {
      name: 'customerEmail',
      label: 'Customer e-mail',
      kind: 'text',
      placeholder: 'billing@example.org',
    },
    { name: 'member', label: 'Member', kind: 'member' },
  ],
};
