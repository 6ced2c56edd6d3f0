import type { TPaymentDetail } from '@ops/contract';
import { Link } from 'react-router';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  type DetailFieldGroup,
} from '@/components/detail';
import { paths } from '@/config/paths';
import { invoiceStatusLabels, labelOf, memberStatusLabel, paymentMethodLabels } from '@/lib/labels';
import { PaymentStatusBadge } from './payment-status-badge';

const linkClass = 'text-sky-800 underline hover:text-sky-950';

/** The card-payment invoice at the provider: number, state, amounts and dates. */
function cardInvoiceGroup(data: TPaymentDetail): DetailFieldGroup {
  const money = (minor: number) => formatMoney(minor, data.currency);
  return {
    title: 'Card-payment invoice',
    fields: [
      {
        label: 'Number',
        value: data.number ?? 'Not finalized yet',
        copyValue: data.number,
        copyLabel: 'number',
        isCode: data.number !== null,
      },
      {
        label: 'Status',
        value: <PaymentStatusBadge status={data.status} isDeleted={data.deletedAt !== null} />,
      },
      { label: 'Amount due', value: money(data.amountDueMinor) },
      { label: 'Amount paid', value: money(data.amountPaidMinor) },
      { label: 'Amount remaining', value: money(data.amountRemainingMinor) },
      { label: 'Created', value: formatDateTime(data.createdAt) },
      { label: 'Due date', value: data.dueDate ? formatDate(data.dueDate) : null },
      data.statusTransitions.finalizedAt
        ? { label: 'Finalized', value: formatDateTime(data.statusTransitions.finalizedAt) }
        : null,
      data.paidAt ? { label: 'Paid', value: formatDateTime(data.paidAt) } : null,
      data.statusTransitions.voidedAt
        ? { label: 'Voided', value: formatDateTime(data.statusTransitions.voidedAt) }
        : null,
      data.statusTransitions.markedUncollectibleAt
        ? {
            label: 'Marked uncollectible',
            value: formatDateTime(data.statusTransitions.markedUncollectibleAt),
          }
        : null,
      data.deletedAt
        ? { label: 'Deleted at the provider', value: formatDateTime(data.deletedAt) }
        : null,
    ],
  };
}

/** Our invoice and member the payment is linked to, and what its last event did. */
function linkedRecordsGroup(data: TPaymentDetail): DetailFieldGroup {
  const lastOutcome = data.events.at(-1)?.outcome;
  return {
    title: 'Our invoice and member',
    fields: [
      {
        label: 'Invoice',
        value: data.invoice ? (
          <Link className={linkClass} to={paths.invoice.getHref({ iid: data.invoice.iid })}>
            {data.invoice.number}
          </Link>
        ) : (
          'Not linked'
        ),
      },
      data.invoice
        ? {
            label: 'Invoice status',
            value: `${labelOf(invoiceStatusLabels, data.invoice.status)}${
              data.invoice.paidAt
                ? ` on ${formatDate(data.invoice.paidAt.slice(0, 10))}${data.invoice.paidMethod ? ` (${labelOf(paymentMethodLabels, data.invoice.paidMethod).toLowerCase()})` : ''}`
                : ''
            }`,
          }
        : null,
      data.invoice
        ? {
            label: 'Invoice total',
            value: formatMoney(data.invoice.totalMinor, data.invoice.currency),
          }
        : null,
      {
        label: 'Member',
        value: data.member ? (
          <Link className={linkClass} to={paths.member.getHref({ mid: data.member.mid })}>
            {data.member.legalName} ({data.member.number})
          </Link>
        ) : (
          'Not linked'
        ),
      },
      data.member ? { label: 'Member status', value: memberStatusLabel(data.member.status) } : null,
      lastOutcome ? { label: 'Last event did', value: lastOutcome } : null,
    ],
  };
}

/** The customer as the provider knows them. */
function customerGroup(data: TPaymentDetail): DetailFieldGroup {
  return {
    title: 'Customer',
    fields: [
      { label: 'Name', value: data.customerName },
      {
        label: 'E-mail',
        value: data.customerEmail,
        copyValue: data.customerEmail,
        copyLabel: 'e-mail',
      },
      {
        label: 'Customer id',
        value: data.customerId,
        copyValue: data.customerId,
        copyLabel: 'customer id',
        isCode: true,
      },
    ],
  };
}

/** The provider-side ids, mode and metadata. */
function providerGroup(data: TPaymentDetail): DetailFieldGroup {
  return {
    title: 'Provider',
    fields: [
      {
        label: 'Provider invoice id',
        value: data.providerInvoiceId,
        copyValue: data.providerInvoiceId,
        copyLabel: 'provider invoice id',
        isCode: true,
      },
      { label: 'Mode', value: data.isLiveMode ? 'Live' : 'Test' },
      ...Object.entries(data.metadata).map(([key, value]) => ({
        label: `Metadata ${key}`,
        value,
        isCode: true,
      })),
      { label: 'Last event', value: data.lastEventId, isCode: true },
      { label: 'Last changed', value: formatDateTime(data.updatedAt) },
      {
        label: 'Id',
        value: data.sid,
        copyValue: data.sid,
        copyLabel: 'payment id',
        isCode: true,
      },
    ],
  };
}

/** The payment's field groups on its overview tab. */
export function paymentFieldGroups(data: TPaymentDetail): DetailFieldGroup[] {
  return [
    cardInvoiceGroup(data),
    linkedRecordsGroup(data),
    customerGroup(data),
    providerGroup(data),
  ];
}
