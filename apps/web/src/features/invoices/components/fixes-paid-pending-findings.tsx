import type { TPaidMemberPendingFinding } from '@ops/contract';
import { memberStatusLabel } from '@/lib/labels';
import { useInvoiceFixRepair } from '../api/repair-invoice-fix';
import { type FindingProps } from './fixes-findings-list';
import { InvoiceLine, MemberFindingCard } from './fixes-panel';
import { RepairAction } from './fixes-repair-action';

/** Paid, but the member is still pending: run rule 2 for the paid invoice. */
export function PaidPendingFinding({
  finding,
  canEdit,
  onResult,
}: FindingProps<TPaidMemberPendingFinding>) {
  const { member, invoice } = finding;
  const repair = useInvoiceFixRepair(onResult);
  return (
    <MemberFindingCard
      finding={finding}
      about={` · ${memberStatusLabel(member.status)} · paid through ${member.paidThroughYear ?? '—'}`}
      error={repair.error}
      actions={
        canEdit ? (
          <RepairAction
            label="Run rule 2"
            busyLabel="Running…"
            title={`Run rule 2 for ${member.number}`}
            description={finding.proposal}
            confirmLabel="Run rule 2"
            isReasonRequired={false}
            reasonHelp="Kept with the change in the member’s history."
            repair={repair}
            repairOf={(reason) => ({
              check: 'paid-member-pending',
              body: {
                iid: invoice.iid,
                mid: member.mid,
                memberVersion: member.version,
                ...(reason ? { reason } : {}),
              },
            })}
          />
        ) : null
      }
    >
      <ul className="list-disc pl-5 text-slate-600">
        {finding.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <InvoiceLine invoice={invoice} />
    </MemberFindingCard>
  );
}
