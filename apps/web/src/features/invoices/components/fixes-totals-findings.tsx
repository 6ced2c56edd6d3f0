import type { TTotalsFinding } from '@ops/contract';
import { formatMoney } from '@ops/ui/format';
import { useInvoiceFixRepair } from '../api/repair-invoice-fix';
import { type FindingProps } from './fixes-findings-list';
import { FindingCard, InvoiceLine } from './fixes-panel';
import { RepairAction } from './fixes-repair-action';

/** Totals that do not add up: recompute them (a paid invoice confirmed, with a reason). */
export function TotalsFinding({ finding, canEdit, onResult }: FindingProps<TTotalsFinding>) {
  const { invoice, computed } = finding;
  const repair = useInvoiceFixRepair(onResult);
  const isPaid = finding.needsConfirmation;
  return (
    <FindingCard
      label={`Invoice ${invoice.number}`}
      proposal={finding.proposal}
      error={repair.error}
      actions={
        canEdit && computed ? (
          <RepairAction
            label="Recompute totals"
            busyLabel="Recomputing…"
            tone={isPaid ? 'danger' : 'primary'}
            title={
              isPaid
                ? `Change the totals of paid invoice ${invoice.number}`
                : `Recompute the totals of ${invoice.number}`
            }
            description={
              isPaid
                ? `Invoice ${invoice.number} is paid (${formatMoney(invoice.paidAmountMinor ?? 0, invoice.currency)}). Its total becomes ${formatMoney(computed.totalMinor, invoice.currency)}; the payment is not changed, and before and after are kept in its history. Confirm only if the lines are right.`
                : `The totals become what the lines add up to: ${formatMoney(computed.totalMinor, invoice.currency)}.`
            }
            confirmLabel={isPaid ? 'Change paid invoice totals' : 'Recompute totals'}
            isReasonRequired={isPaid}
            repair={repair}
            repairOf={(reason) => ({
              check: 'totals',
              body: {
                iid: invoice.iid,
                version: invoice.version,
                ...(reason ? { reason } : {}),
                ...(isPaid ? { confirmPaid: true } : {}),
              },
            })}
          />
        ) : null
      }
    >
      <InvoiceLine invoice={invoice} />
      <ul className="list-disc pl-5 text-slate-600">
        {finding.differences.map((difference) => (
          <li key={difference}>{difference}</li>
        ))}
      </ul>
    </FindingCard>
  );
}
