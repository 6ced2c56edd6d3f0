import type { InvoiceFixCheck } from '@ops/contract';
import type { ReactNode } from 'react';
import { CardUnlinkedFindings, CardVoidFindings } from './fixes-card-findings';
import { DuplicateFindings } from './fixes-duplicate-findings';
import type { FindingsProps } from './fixes-findings-list';
import { NoMemberFindings } from './fixes-no-member-findings';
import { PaidPendingFindings } from './fixes-paid-pending-findings';
import { TotalsFindings } from './fixes-totals-findings';

/** Each check's findings, as the server's registry (invoices/fixes/index.ts) has one per check. */
const findingsByCheck: Record<InvoiceFixCheck, (props: FindingsProps) => ReactNode> = {
  'no-member': (props) => <NoMemberFindings {...props} />,
  'duplicate-number': (props) => <DuplicateFindings check="duplicate-number" {...props} />,
  'duplicate-billing': (props) => <DuplicateFindings check="duplicate-billing" {...props} />,
  totals: (props) => <TotalsFindings {...props} />,
  'paid-member-pending': (props) => <PaidPendingFindings {...props} />,
  'card-unlinked': (props) => <CardUnlinkedFindings {...props} />,
  'card-void-invoice': (props) => <CardVoidFindings {...props} />,
};

/** A page of one check's findings, each with its repair. */
export function InvoiceFixFindings({
  check,
  ...props
}: FindingsProps & { check: InvoiceFixCheck }) {
  return findingsByCheck[check](props);
}
