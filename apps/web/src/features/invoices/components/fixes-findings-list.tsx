import type { InvoiceFixCheck } from '@ops/contract';
import { Fragment, type ReactNode } from 'react';
import { type InvoiceFindingsPageOf, useInvoiceFixFindings } from '../api/get-invoice-fix-findings';
import { FindingsState } from './fixes-panel';

export type FindingOf<C extends InvoiceFixCheck> = InvoiceFindingsPageOf<C>['findings'][number];

/** What the screen gives each check's findings: the page, and whether and how to repair. */
export type FindingsProps = {
  offset: number;
  limit: number;
  canEdit: boolean;
  onResult: (message: string) => void;
};

/** What one finding's card gets. */
export type FindingProps<F> = { finding: F; canEdit: boolean; onResult: (message: string) => void };

/** A page of one check's findings, each rendered by the check, with the loading and error states. */
export function CheckFindings<C extends InvoiceFixCheck>({
  check,
  offset,
  limit,
  keyOf,
  children,
}: {
  check: C;
  offset: number;
  limit: number;
  keyOf: (finding: FindingOf<C>) => string;
  children: (finding: FindingOf<C>) => ReactNode;
}) {
  const query = useInvoiceFixFindings(check, offset, limit);
  if (!query.data) {
    return <FindingsState {...query} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      {(query.data.findings as FindingOf<C>[]).map((finding) => (
        <Fragment key={keyOf(finding)}>{children(finding)}</Fragment>
      ))}
    </>
  );
}
