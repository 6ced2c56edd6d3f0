import type { TPaymentDetail } from '@ops/contract';
import {
  DetailScreen,
  DetailTabs,
  FieldList,
  formatDateTime,
  formatMoney,
} from '@/components/detail';
import { historyTab } from '@/components/detail/history-tab';
import { Screen } from '@/components/screen';
import { useCan } from '@/lib/permissions';
import { usePayment } from '../api/get-payment';
import { LinkPayment } from '../components/link-payment';
import { paymentFieldGroups } from '../components/payment-field-groups';

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
              historyTab('stripe_invoices', data.sid, fieldLabels, { isPadded: true }),
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
      <FieldList groups={paymentFieldGroups(data)} />
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
