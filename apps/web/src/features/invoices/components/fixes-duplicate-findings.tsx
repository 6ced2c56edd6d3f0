import type { TDuplicateInvoicesFinding } from '@ops/contract';
import { CreditNoteAction } from '@/features/credit-notes';
import { useInvoiceFixRepair } from '../api/repair-invoice-fix';
import type { FindingProps } from './fixes-findings-list';
import { FindingCard, InvoiceLine } from './fixes-panel';
import { RepairAction } from './fixes-repair-action';

/** Duplicate numbers and double billing: void the unpaid duplicate the server proposes. */
export function DuplicateFinding({
  check,
  finding,
  canEdit,
  onResult,
}: FindingProps<TDuplicateInvoicesFinding> & { check: 'duplicate-number' | 'duplicate-billing' }) {
  const repair = useInvoiceFixRepair(onResult);
  const target = finding.invoices.find((invoice) => invoice.iid === finding.proposedVoidIid);
  const kept = finding.invoices.filter((invoice) => invoice.iid !== target?.iid);
  // No unpaid duplicate to void: the paid ones after the kept one are settled by a credit note.
  const creditable = target
    ? []
    : finding.invoices.slice(1).filter((invoice) => invoice.status === 'paid');
  return (
    <FindingCard
      label={`Duplicates ${finding.key}`}
      proposal={finding.proposal}
      error={repair.error}
      actions={
        canEdit && target ? (
          <RepairAction
            label={`Void ${target.number}`}
            busyLabel="Voiding…"
            tone="danger"
            title={`Void invoice ${target.number}`}
            description={`Invoice ${target.number} becomes void for good; ${kept.map((i) => i.number).join(', ')} ${kept.length === 1 ? 'stays' : 'stay'}.`}
            confirmLabel="Void duplicate"
            isReasonRequired
            repair={repair}
            repairOf={(reason) => ({
              check,
              body: { iid: target.iid, version: target.version, reason },
            })}
          />
        ) : creditable.length > 0 ? (
          creditable.map((invoice) => (
            <CreditNoteAction
              key={invoice.iid}
              invoice={invoice}
              label={`Credit note on ${invoice.number}…`}
            />
          ))
        ) : null
      }
    >
      <p className="font-medium text-slate-900">{finding.key}</p>
      <ul className="flex flex-col gap-1">
        {finding.invoices.map((invoice) => (
          <li key={invoice.iid}>
            <InvoiceLine invoice={invoice} />
          </li>
        ))}
      </ul>
    </FindingCard>
  );
}
