import {
  lineAmountMinor,
  lineVatMinor,
  type TInvoiceActionResult,
  type TInvoiceDetail,
  type TInvoiceLine,
} from '@ops/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  DetailScreen,
  DetailTabs,
  FieldList,
  formatDate,
  formatDateTime,
  formatMoney,
  RecordTable,
  useDetailTab,
  type RecordTableColumn,
} from '@/components/detail';
import { historyTab } from '@/components/detail/history-tab';
import { MemberLink } from '@/components/member-link';
import { NotesOverview, NotesPanel } from '@/components/notes';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { certificateStatusLabels, labelOf, memberStatusLabel } from '@/lib/labels';
import { useCan } from '@/lib/permissions';
import { invoicePdfPath, useInvoice } from '../api/get-invoice';
import { InvoiceActions } from '../components/invoice-actions';
import { InvoiceDraftForm } from '../components/invoice-draft-form';
import { InvoiceDunning } from '../components/invoice-dunning';
import { InvoicePayments } from '../components/invoice-payments';
import { invoiceKindLabels, invoiceSourceLabels, paymentMethodLabels } from '../components/labels';
import { InvoiceStatusBadge } from '../components/status-badge';
import { formatMemberReference } from '@ops/contract/member-formats';

const fieldLabels = {
  status: 'Status',
  number: 'Number',
  issue_date: 'Issue date',
  due_date: 'Due date',
  total_minor: 'Total (minor units)',
  paid_at: 'Paid at',
  paid_amount_minor: 'Paid amount (minor units)',
  paid_method: 'Payment method',
  paid_reference: 'Payment reference (bank)',
  payment_reference: 'Payment reference',
  bank_account_id: 'Bank account',
  member_mid: 'Member',
  dunning_level: 'Dunning level',
  dunning_level_on: 'Dunning level sent on',
  version: 'Version',
};

const linkClass = 'text-sky-800 underline hover:text-sky-950';
const tabIds = ['overview', 'edit', 'history'];

export function InvoiceRoute({ iid }: { iid: string }) {
  const invoice = useInvoice(iid);
  const canEdit = useCan('invoices.edit');
  const [outcome, setOutcome] = useState<TInvoiceActionResult | null>(null);
  const [reversed, setReversed] = useState<{ iid: string; message: string } | null>(null);
  const [, openTab] = useDetailTab(tabIds);

  return (
    <DetailScreen query={invoice} noun="invoice" recordId={{ label: 'Invoice id', value: iid }}>
      {(data) => (
        <Screen
          title={`Invoice ${data.number}`}
          description={
            <>
              {invoiceKindLabels[data.kind]} {data.year} ·{' '}
              {data.member ? (
                <MemberLink mid={data.member.mid} name={data.member.name} />
              ) : (
                'No member'
              )}{' '}
              · {formatMoney(data.totalMinor, data.currency)}
            </>
          }
          actions={
            <>
              {canEdit ? (
                <InvoiceActions
                  key={`${data.iid}-${data.version}`}
                  invoice={data}
                  onDone={(result) => {
                    setReversed(null);
                    setOutcome(result);
                  }}
                  onReload={() => void invoice.refetch()}
                />
              ) : null}
              {data.status !== 'draft' ? (
                <a
                  className={`${linkClass} self-center text-sm`}
                  href={invoicePdfPath(data.iid)}
                  download
                >
                  Download PDF
                </a>
              ) : null}
            </>
          }
        >
          {outcome && outcome.invoice.iid === data.iid ? (
            <div
              role="status"
              className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
            >
              <p>{outcome.message}</p>
              {outcome.memberEffects.length > 0 ? (
                <ul className="mt-1 list-disc pl-5" aria-label="Effects on the member">
                  {outcome.memberEffects.map((effect) => (
                    <li key={effect}>{effect}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          {reversed && reversed.iid === data.iid ? (
            <p
              role="status"
              className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
            >
              {reversed.message}
            </p>
          ) : null}
          <DetailTabs
            label={`Invoice ${data.number} sections`}
            tabs={[
              {
                id: 'overview',
                label: 'Overview',
                content: (
                  <div className="flex flex-col gap-5">
                    <Overview
                      invoice={data}
                      onReversed={(message) => {
                        setOutcome(null);
                        setReversed({ iid: data.iid, message });
                      }}
                    />
                    <NotesOverview table="invoices" recordId={data.iid} />
                  </div>
                ),
              },
              {
                id: 'edit',
                label: 'Edit draft',
                isHidden: !canEdit || !data.actions.includes('edit'),
                content: (
                  <div className="pt-4">
                    <InvoiceDraftForm
                      key={data.version}
                      invoice={data}
                      onSaved={() => openTab('overview')}
                      onCancel={() => openTab('overview')}
                      onReload={() => void invoice.refetch()}
                    />
                  </div>
                ),
              },
              {
                id: 'notes',
                label: 'Notes',
                content: (
                  <div className="pt-4">
                    <NotesPanel key={data.iid} table="invoices" recordId={data.iid} />
                  </div>
                ),
              },
              historyTab('invoices', data.iid, fieldLabels, { isPadded: true }),
            ]}
          />
        </Screen>
      )}
    </DetailScreen>
  );
}

/** The invoice's lines and totals: side by side, or a card per line on a narrow record. */
function Lines({ invoice }: { invoice: TInvoiceDetail }) {
  const money = (minor: number | string) => formatMoney(minor, invoice.currency);
  const columns: RecordTableColumn<TInvoiceLine>[] = [
    {
      id: 'description',
      label: 'Description',
      isKey: true,
      render: (line) => (
        <>
          {line.description}
          {line.isDonation ? (
            <span className="ml-1 text-xs font-normal text-slate-500">(donation)</span>
          ) : null}
        </>
      ),
    },
    { id: 'quantity', label: 'Qty', isNumeric: true, render: (line) => line.quantity },
    { id: 'unit', label: 'Unit', isNumeric: true, render: (line) => money(line.unitAmountMinor) },
    {
      id: 'vat',
      label: 'VAT',
      className: 'text-xs text-slate-600',
      render: (line) =>
        line.vatRate !== null
          ? `${line.vatRate} % (${money(lineVatMinor(line))})`
          : (line.vatExemption ?? ''),
    },
    {
      id: 'amount',
      label: 'Amount',
      isNumeric: true,
      render: (line) => money(lineAmountMinor(line)),
    },
  ];
  return (
    <RecordTable
      label="Lines"
      columns={columns}
      rows={invoice.lines}
      rowKey={(_line, index) => String(index)}
      stackBelow="xl"
      totals={[
        { label: 'Subtotal', value: money(invoice.subtotalMinor) },
        { label: 'VAT', value: money(invoice.vatMinor) },
        ...(invoice.donationMinor !== '0'
          ? [{ label: 'Donation', value: money(invoice.donationMinor) }]
          : []),
        {
          label: 'Total',
          value: money(invoice.totalMinor),
          isStrong: true,
          testId: 'invoice-total',
        },
      ]}
    />
  );
}

function Overview({
  invoice: data,
  onReversed,
}: {
  invoice: TInvoiceDetail;
  onReversed: (message: string) => void;
}) {
  return (
    <div className="flex flex-col gap-4 pt-4">
      <FieldList
        groups={[
          {
            title: 'Invoice',
            fields: [
              {
                label: 'Number',
                value: data.number,
                copyValue: data.number,
                copyLabel: 'invoice number',
                isCode: true,
              },
              {
                label: 'Status',
                value: (
                  <InvoiceStatusBadge
                    status={data.status}
                    isOverdue={data.isOverdue}
                    isPartiallyPaid={data.isPartiallyPaid}
                  />
                ),
              },
              { label: 'Kind', value: invoiceKindLabels[data.kind] },
              { label: 'Year', value: data.year },
              {
                label: 'Issue date',
                value: data.issueDate ? formatDate(data.issueDate) : 'When issued',
              },
              {
                label: 'Due date',
                value: data.dueDate ? formatDate(data.dueDate) : '30 days after issue',
              },
              { label: 'Total', value: formatMoney(data.totalMinor, data.currency) },
              data.status !== 'draft'
                ? { label: 'Balance', value: formatMoney(data.balanceMinor, data.currency) }
                : null,
            ],
          },
          {
            title: 'Member',
            fields: [
              {
                label: 'Member',
                value: data.member ? (
                  <Link className={linkClass} to={paths.member.getHref({ mid: data.member.mid })}>
                    {data.member.name}
                  </Link>
                ) : (
                  'No member'
                ),
              },
              data.member
                ? {
                    label: 'Membership number',
                    value: data.member.number,
                    copyValue: data.member.number,
                    isCode: true,
                  }
                : null,
              data.member
                ? { label: 'Member status', value: memberStatusLabel(data.member.status) }
                : null,
              data.member
                ? { label: 'Paid through', value: data.member.paidThroughYear ?? 'No year' }
                : null,
              data.certificate
                ? {
                    label: 'Certificate',
                    value: (
                      <Link
                        className={linkClass}
                        to={paths.certificate.getHref({ cid: data.certificate.cid })}
                      >
                        {data.certificate.number} (
                        {labelOf(certificateStatusLabels, data.certificate.status).toLowerCase()})
                      </Link>
                    ),
                  }
                : null,
            ],
          },
          {
            title: 'Payment',
            fields: [
              {
                label: 'Bank account',
                value: data.bankAccount
                  ? `${data.bankAccount.label} · ${data.bankAccount.qrIban ?? data.bankAccount.iban}`
                  : 'The default account of the currency, when issued',
              },
              data.paymentReference
                ? {
                    label: 'Payment reference',
                    // Grouped as the QR-bill and the e-mails print it; copied without spaces.
                    value: formatMemberReference(data.paymentReference),
                    copyValue: data.paymentReference.replace(/\s+/g, ''),
                    copyLabel: 'payment reference',
                    isCode: true,
                  }
                : null,
              data.paidAt ? { label: 'Paid at', value: formatDateTime(data.paidAt) } : null,
              data.paidAmountMinor
                ? { label: 'Amount paid', value: formatMoney(data.paidAmountMinor, data.currency) }
                : null,
              data.paidMethod
                ? { label: 'Method', value: paymentMethodLabels[data.paidMethod] }
                : null,
              data.paidReference
                ? { label: 'Payment’s reference', value: data.paidReference }
                : null,
              data.cardInvoiceSid
                ? {
                    label: 'Card payment',
                    value: (
                      <Link
                        className={linkClass}
                        to={paths.stripeInvoice.getHref({ sid: data.cardInvoiceSid })}
                      >
                        {data.cardInvoiceSid}
                      </Link>
                    ),
                  }
                : null,
            ],
          },
          {
            title: 'Record',
            fields: [
              { label: 'Source', value: invoiceSourceLabels[data.source] },
              data.importBatch ? { label: 'Import batch', value: data.importBatch } : null,
              {
                label: 'PDF',
                value: data.hasPdfFile ? 'Uploaded PDF attached' : 'Generated from the invoice',
              },
              {
                label: 'Created',
                value: `${formatDateTime(data.createdAt)}${data.createdBy ? ` by ${data.createdBy}` : ''}`,
              },
              {
                label: 'Last changed',
                value: `${formatDateTime(data.updatedAt)}${data.updatedBy ? ` by ${data.updatedBy}` : ''}`,
              },
              {
                label: 'Id',
                value: data.iid,
                copyValue: data.iid,
                copyLabel: 'invoice id',
                isCode: true,
              },
            ],
          },
        ]}
      />
      <Lines invoice={data} />
      <InvoicePayments invoice={data} onReversed={onReversed} />
      <InvoiceDunning invoice={data} />
    </div>
  );
}
