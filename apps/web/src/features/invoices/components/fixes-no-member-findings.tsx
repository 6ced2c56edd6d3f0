import type { TNoMemberFinding } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { useInvoiceFixRepair } from '../api/repair-invoice-fix';
import { type FindingProps } from './fixes-findings-list';
import { FindingCard, FindingField, inputClass, InvoiceLine, MemberLink } from './fixes-panel';
import { RepairAction } from './fixes-repair-action';

/** Invoices without a member: assign the proposed (or a typed) member, or void an unpaid one. */
export function NoMemberFinding({ finding, canEdit, onResult }: FindingProps<TNoMemberFinding>) {
  const { invoice } = finding;
  const [memberNumber, setMemberNumber] = useState(finding.proposedMember?.number ?? '');
  const repair = useInvoiceFixRepair(onResult);
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
            <FindingField label={`Member number for ${invoice.number}`}>
              {(id) => (
                <input
                  id={id}
                  value={memberNumber}
                  onChange={(event) => setMemberNumber(event.target.value)}
                  placeholder="M-000123"
                  className={inputClass}
                />
              )}
            </FindingField>
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
                repair={repair}
                repairOf={(reason) => ({
                  check: 'no-member',
                  body: {
                    action: 'assign',
                    iid: invoice.iid,
                    version: invoice.version,
                    memberNumber: chosen,
                    ...(reason ? { reason } : {}),
                    ...(isPaid ? { confirmPaid: true } : {}),
                  },
                })}
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
                repair={repair}
                repairOf={(reason) => ({
                  check: 'no-member',
                  body: { action: 'void', iid: invoice.iid, version: invoice.version, reason },
                })}
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
