import type { InvoiceFixCheck } from '@ops/contract';
import type { ReactNode } from 'react';
import { CardUnlinkedFinding, CardVoidFinding } from './fixes-card-findings';
import { DuplicateFinding } from './fixes-duplicate-findings';
import { findingsOf, type FindingsProps } from './fixes-findings-list';
import { NoMemberFinding } from './fixes-no-member-findings';
import { PaidPendingFinding } from './fixes-paid-pending-findings';
import { TotalsFinding } from './fixes-totals-findings';

/**
 * Each check's findings, as the server's registry (invoices/fixes/index.ts) has one per check:
 * how a finding is told apart in its page, and the card that shows it with its repair.
 */
const findingsByCheck: Record<InvoiceFixCheck, (props: FindingsProps) => ReactNode> = {
  'no-member': findingsOf('no-member', (finding) => finding.invoice.iid, NoMemberFinding),
  'duplicate-number': findingsOf(
    'duplicate-number',
    (finding) => finding.key,
    (props) => <DuplicateFinding check="duplicate-number" {...props} />,
  ),
  'duplicate-billing': findingsOf(
    'duplicate-billing',
    (finding) => finding.key,
    (props) => <DuplicateFinding check="duplicate-billing" {...props} />,
  ),
  totals: findingsOf('totals', (finding) => finding.invoice.iid, TotalsFinding),
  'paid-member-pending': findingsOf(
    'paid-member-pending',
    (finding) => finding.member.mid,
    PaidPendingFinding,
  ),
  'card-unlinked': findingsOf('card-unlinked', (finding) => finding.card.sid, CardUnlinkedFinding),
  'card-void-invoice': findingsOf(
    'card-void-invoice',
    (finding) => finding.card.sid,
    CardVoidFinding,
  ),
};

/** A page of one check's findings, each with its repair. */
export function InvoiceFixFindings({
  check,
  ...props
}: FindingsProps & { check: InvoiceFixCheck }) {
  return findingsByCheck[check](props);
}
