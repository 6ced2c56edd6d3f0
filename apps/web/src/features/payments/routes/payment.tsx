import type { TPaymentDetail } from '@ops/contract';
import { Link } from 'react-router';
import {
  DetailScreen,
  DetailTabs,
  FieldList,
  RecordHistory,
  formatDate,
  formatDateTime,
  formatMoney,
} from '@/components/detail';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import {
  historyValueLabels,
  invoiceStatusLabels,
  labelOf,
  memberStatusLabel,
  paymentMethodLabels,
} from '@/lib/labels';
import { useCan } from '@/lib/permissions';
import { usePayment } from '../api/get-payment';
import { LinkPayment } from '../components/link-payment';
import { PaymentStatusBadge } from '../components/payment-status-badge';

const fieldLabels = {
  status: 'Status',
  number: 'Number',
  amount_due_minor: 'Amount due (minor units)',
  amount_paid_minor: 'Amount paid (minor units)',
  amount_remaining_minor: 'Amount remaining (minor units)',
  currency: 'Currency',
  customer_email: 'Customer e-mail',
  customer_name: 'Customer',
  due_date: 'Due date',
  paid_at: 'Paid at',
  invoice_iid: 'Our invoice',
  member_mid: 'Member',
  deleted_at: 'Deleted at the provider',
};

const linkClass = 'text-sky-800 underline hover:text-sky-950';

export function PaymentRoute({ sid }: { sid: string }) {
  const payment = usePayment(sid);
  const canManage = useCan('payments.manage');

  return (
    <DetailScreen
      query={payment}
      noun="card payment"
      missingDescription={`No card-payment invoice has the id ${sid}.`}
      recordId={{ label: 'Payment id', value: sid }}
    >
      {(data) => (
        <Screen
          title={`Card payment ${data.number ?? data.providerInvoiceId}`}
          description={
            <>
              {formatMoney(data.amountDueMinor, data.currency)} ·{' '}
              {data.customerName ?? data.customerEmail ?? 'no customer name'}
            </>
          }
        >
          <DetailTabs
            label={`Card payment ${data.number ?? data.providerInvoiceId} sections`}
            tabs={[
              {
                id: 'overview',
                label: 'Overview',
                content: (
                  <Overview
                    payment={data}
                    canLink={canManage && data.invoiceIid === null}
                    onReload={() => void payment.refetch()}
                  />
                ),
              },
              {
                id: 'events',
                label: `Events (${data.events.length})`,
                content: <EventTimeline payment={data} />,
              },
              {
                id: 'history',
                label: 'History',
                content: (
                  <div className="pt-4">
                    <RecordHistory
                      table="stripe_invoices"
                      id={data.sid}
                      fieldLabels={fieldLabels}
                      valueLabels={historyValueLabels.stripe_invoices}
                    />
                  </div>
                ),
              },
            ]}
          />
        </Screen>
      )}
    </DetailScreen>
  );
}

function Overview({
  payment: data,
  canLink,
  onReload,
}: {
  payment: TPaymentDetail;
  canLink: boolean;
  onReload: () => void;
}) {
  const money = (minor: number) => formatMoney(minor, data.currency);
  const lastOutcome = data.events.at(-1)?.outcome;
  return (
    <div className="flex flex-col gap-4 pt-4">
      {canLink ? <LinkPayment payment={data} onReload={onReload} /> : null}
      {data.hostedInvoiceUrl || data.invoicePdfUrl ? (
        <p className="flex flex-wrap gap-4 text-sm">
          {data.hostedInvoiceUrl ? (
            <a className={linkClass} href={data.hostedInvoiceUrl} target="_blank" rel="noreferrer">
              Open the hosted invoice page
            </a>
          ) : null}
          {data.invoicePdfUrl ? (
            <a className={linkClass} href={data.invoicePdfUrl} target="_blank" rel="noreferrer">
              Open the provider’s PDF
            </a>
          ) : null}
        </p>
      ) : null}
      <FieldList
        groups={[
          {
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
                value: (
                  <PaymentStatusBadge status={data.status} isDeleted={data.deletedAt !== null} />
                ),
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
          },
          {
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
              data.member
                ? { label: 'Member status', value: memberStatusLabel(data.member.status) }
                : null,
              lastOutcome ? { label: 'Last event did', value: lastOutcome } : null,
            ],
          },
          {
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
          },
          {
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
          },
        ]}
      />
    </div>
  );
}

/** Every webhook event of the card invoice, oldest first, with what receiving it did. */
function EventTimeline({ payment }: { payment: TPaymentDetail }) {
  if (payment.events.length === 0) {
    return <p className="pt-4 text-sm text-slate-600">No webhook events recorded.</p>;
  }
  return (
    <ol className="flex flex-col gap-3 pt-4" aria-label="Webhook events">
      {payment.events.map((event) => (
        <li key={event.eventId} className="rounded-md border border-slate-200 px-3 py-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-mono text-sm font-medium text-slate-900">{event.type}</span>
            <time className="text-xs text-slate-500 tabular-nums" dateTime={event.createdAt}>
              {formatDateTime(event.createdAt)}
            </time>
          </div>
          <p className="mt-1 text-sm text-slate-700">{event.outcome ?? 'No outcome recorded.'}</p>
          <p className="mt-1 font-mono text-xs text-slate-500">
            {event.eventId} · received {formatDateTime(event.receivedAt)}
          </p>
        </li>
      ))}
    </ol>
  );
}
