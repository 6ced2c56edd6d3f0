import type {
  TDuplicateInvoicesFinding,
  TNoMemberFinding,
  TPaidMemberPendingFinding,
  TTotalsFinding,
} from '@ops/contract';
import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { formatMoney } from '@/components/detail/format';
import { useInvoiceFixRepair } from './fixes-api';
import { CheckFindings } from './fixes-findings-list';
import { FindingCard, inputClass, InvoiceLine, MemberLink } from './fixes-panel';
import { RepairAction } from './fixes-repair-action';
import { memberStatusLabel } from '@/lib/labels';

export type FindingsProps = {
  offset: number;
  limit: number;
  canEdit: boolean;
  onResult: (message: string) => void;
};

type FindingProps<F> = { finding: F; canEdit: boolean; onResult: (message: string) => void };

// --- Invoices without a member ----------------------------------------------------------------

export function NoMemberFindings({ offset, limit, canEdit, onResult }: FindingsProps) {
  return (
    <CheckFindings
      check="no-member"
      offset={offset}
      limit={limit}
      keyOf={(finding) => finding.invoice.iid}
    >
      {(finding) => <NoMemberFinding finding={finding} canEdit={canEdit} onResult={onResult} />}
    </CheckFindings>
  );
}

function NoMemberFinding({ finding, canEdit, onResult }: FindingProps<TNoMemberFinding>) {
  const { invoice } = finding;
  const [memberNumber, setMemberNumber] = useState(finding.proposedMember?.number ?? '');
  const repair = useInvoiceFixRepair(onResult);
  const inputId = useId();
  const isPaid = invoice.status === 'paid';
  const chosen = memberNumber.trim();
  return (
    <FindingCard
      label={`Invoice ${invoice.number}`}
      proposal={finding.proposal}
      error={repair.error}
      actions={
        canEdit ? (
          <>
            <div className="flex flex-col gap-1">
              <label htmlFor={inputId} className="text-xs font-medium text-slate-700">
                Member number for {invoice.number}
              </label>
              <input
                id={inputId}
                value={memberNumber}
                onChange={(event) => setMemberNumber(event.target.value)}
                placeholder="M-000123"
                className={inputClass}
              />
            </div>
            {chosen === '' ? (
              <Button aria-disabled>Assign member</Button>
            ) : (
              <RepairAction
                label="Assign member"
                busyLabel="Assigning…"
                title={
                  isPaid ? `Add a member to paid invoice ${invoice.number}` : `Assign ${chosen}`
                }
                description={
                  isPaid
                    ? `Invoice ${invoice.number} is paid. Only its member becomes ${chosen}; its amounts and payment stay as they are. Say why you are sure.`
                    : `Invoice ${invoice.number} will bill member ${chosen}.`
                }
                confirmLabel={isPaid ? 'Add member to paid invoice' : 'Assign member'}
                isReasonRequired={isPaid}
                isBusy={repair.isPending}
                error={repair.error}
                onConfirm={(reason) =>
                  repair.mutateAsync({
                    check: 'no-member',
                    body: {
                      action: 'assign',
                      iid: invoice.iid,
                      version: invoice.version,
                      memberNumber: chosen,
                      ...(reason ? { reason } : {}),
                      ...(isPaid ? { confirmPaid: true } : {}),
                    },
                  })
                }
              />
            )}
            {finding.canVoid ? (
              <RepairAction
                label="Void invoice"
                busyLabel="Voiding…"
                variant="secondary"
                tone="danger"
                title={`Void invoice ${invoice.number}`}
                description={`Invoice ${invoice.number} becomes void for good. Do this only if it was created by mistake.`}
                confirmLabel="Void invoice"
                isReasonRequired
                isBusy={repair.isPending}
                error={repair.error}
                onConfirm={(reason) =>
                  repair.mutateAsync({
                    check: 'no-member',
                    body: { action: 'void', iid: invoice.iid, version: invoice.version, reason },
                  })
                }
              />
            ) : null}
          </>
        ) : null
      }
    >
      <InvoiceLine invoice={invoice} />
      {invoice.paymentReference ? (
        <p className="text-slate-600">Payment reference {invoice.paymentReference}</p>
      ) : null}
      {finding.proposedMember ? (
        <p className="text-slate-600">
          Proposed:{' '}
          <MemberLink
            mid={finding.proposedMember.mid}
            number={finding.proposedMember.number}
            name={finding.proposedMember.legalName}
          />{' '}
          ({finding.proposedMember.reason})
        </p>
      ) : null}
    </FindingCard>
  );
}

// --- Duplicate numbers and double billing -----------------------------------------------------

export function DuplicateFindings({
  check,
  offset,
  limit,
  canEdit,
  onResult,
}: FindingsProps & { check: 'duplicate-number' | 'duplicate-billing' }) {
  return (
    <CheckFindings check={check} offset={offset} limit={limit} keyOf={(finding) => finding.key}>
      {(finding) => (
        <DuplicateFinding check={check} finding={finding} canEdit={canEdit} onResult={onResult} />
      )}
    </CheckFindings>
  );
}

function DuplicateFinding({
  check,
  finding,
  canEdit,
  onResult,
}: FindingProps<TDuplicateInvoicesFinding> & { check: 'duplicate-number' | 'duplicate-billing' }) {
  const repair = useInvoiceFixRepair(onResult);
  const target = finding.invoices.find((invoice) => invoice.iid === finding.proposedVoidIid);
  const kept = finding.invoices.filter((invoice) => invoice.iid !== target?.iid);
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
            isBusy={repair.isPending}
            error={repair.error}
            onConfirm={(reason) =>
              repair.mutateAsync({
                check,
                body: { iid: target.iid, version: target.version, reason },
              })
            }
          />
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

// --- Totals -----------------------------------------------------------------------------------

export function TotalsFindings({ offset, limit, canEdit, onResult }: FindingsProps) {
  return (
    <CheckFindings
      check="totals"
      offset={offset}
      limit={limit}
      keyOf={(finding) => finding.invoice.iid}
    >
      {(finding) => <TotalsFinding finding={finding} canEdit={canEdit} onResult={onResult} />}
    </CheckFindings>
  );
}

function TotalsFinding({ finding, canEdit, onResult }: FindingProps<TTotalsFinding>) {
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
            isBusy={repair.isPending}
            error={repair.error}
            onConfirm={(reason) =>
              repair.mutateAsync({
                check: 'totals',
                body: {
                  iid: invoice.iid,
                  version: invoice.version,
                  ...(reason ? { reason } : {}),
                  ...(isPaid ? { confirmPaid: true } : {}),
                },
              })
            }
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

// --- Paid, member pending ---------------------------------------------------------------------

export function PaidPendingFindings({ offset, limit, canEdit, onResult }: FindingsProps) {
  return (
    <CheckFindings
      check="paid-member-pending"
      offset={offset}
      limit={limit}
      keyOf={(finding) => finding.member.mid}
    >
      {(finding) => <PaidPendingFinding finding={finding} canEdit={canEdit} onResult={onResult} />}
    </CheckFindings>
  );
}

function PaidPendingFinding({
  finding,
  canEdit,
  onResult,
}: FindingProps<TPaidMemberPendingFinding>) {
  const { member, invoice } = finding;
  const repair = useInvoiceFixRepair(onResult);
  return (
    <FindingCard
      label={`${member.number} ${member.legalName}`}
      proposal={finding.proposal}
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
            isBusy={repair.isPending}
            error={repair.error}
            onConfirm={(reason) =>
              repair.mutateAsync({
                check: 'paid-member-pending',
                body: {
                  iid: invoice.iid,
                  mid: member.mid,
                  memberVersion: member.version,
                  ...(reason ? { reason } : {}),
                },
              })
            }
          />
        ) : null
      }
    >
      <p>
        <MemberLink mid={member.mid} number={member.number} name={member.legalName} /> ·{' '}
        {memberStatusLabel(member.status)} · paid through {member.paidThroughYear ?? '—'}
      </p>
      <ul className="list-disc pl-5 text-slate-600">
        {finding.problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <InvoiceLine invoice={invoice} />
    </FindingCard>
  );
}
