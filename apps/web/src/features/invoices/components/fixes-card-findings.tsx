import type { TCardUnlinkedFinding, TCardVoidInvoiceFinding, TFixCardInvoice } from '@ops/contract';
import { formatMoney } from '@ops/ui/format';
import { useInvoiceFixRepair } from '../api/repair-invoice-fix';
import { CardLink, FindingCard, InvoiceLine } from './fixes-panel';
import type { FindingProps } from './fixes-findings-list';
import { RepairAction } from './fixes-repair-action';
import { formatDate } from '@ops/ui/format';
import { labelOf, paymentStatusLabels } from '@/lib/labels';

function CardLine({ card }: { card: TFixCardInvoice }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
      <span className="font-medium">Card payment</span>
      <CardLink sid={card.sid} label={card.number ?? card.providerInvoiceId} />
      <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold">
        {labelOf(paymentStatusLabels, card.status)}
      </span>
      <span>
        {formatMoney(
          card.status === 'paid' ? card.amountPaidMinor : card.amountDueMinor,
          card.currency,
        )}
        {card.status === 'paid' ? ' paid' : ' due'}
      </span>
      {card.customerEmail ? <span>· {card.customerEmail}</span> : null}
      {card.createdAt ? <span>· {formatDate(card.createdAt)}</span> : null}
    </p>
  );
}

export function CardUnlinkedFinding({
  finding,
  canEdit,
  onResult,
}: {
  finding: TCardUnlinkedFinding;
  canEdit: boolean;
  onResult: (message: string) => void;
}) {
  const { card, proposedInvoice } = finding;
  const repair = useInvoiceFixRepair(onResult);
  const label = card.number ?? card.providerInvoiceId;
  return (
    <FindingCard
      label={`Card payment ${label}`}
      proposal={finding.proposal}
      error={repair.error}
      actions={
        canEdit && proposedInvoice ? (
          <RepairAction
            label={`Link to ${proposedInvoice.number}`}
            busyLabel="Linking…"
            title={`Link card payment ${label} to ${proposedInvoice.number}`}
            description={
              finding.marksPaid
                ? `Invoice ${proposedInvoice.number} will be marked paid by card (${formatMoney(card.amountPaidMinor, card.currency)}), and rule 2 runs for its member.`
                : `Both records will name each other; nothing else changes.`
            }
            confirmLabel={finding.marksPaid ? 'Link and mark paid' : 'Link'}
            isReasonRequired={false}
            repair={repair}
            repairOf={(reason) => ({
              check: 'card-unlinked',
              body: {
                sid: card.sid,
                version: card.version,
                iid: proposedInvoice.iid,
                invoiceVersion: proposedInvoice.version,
                ...(reason ? { reason } : {}),
              },
            })}
          />
        ) : null
      }
    >
      <CardLine card={card} />
      {proposedInvoice ? (
        <div className="text-slate-600">
          Proposed ({finding.proposedReason}):
          <InvoiceLine invoice={proposedInvoice} />
        </div>
      ) : null}
    </FindingCard>
  );
}

/** Card payments paid on a void invoice: guidance only, no button. */
export function CardVoidFinding({ finding }: FindingProps<TCardVoidInvoiceFinding>) {
  return (
    <FindingCard
      label={`Card payment ${finding.card.number ?? finding.card.providerInvoiceId}`}
      proposal={finding.proposal}
    >
      <CardLine card={finding.card} />
      <InvoiceLine invoice={finding.invoice} />
    </FindingCard>
  );
}
