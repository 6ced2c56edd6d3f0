import type { InvoiceFixCheck } from '@ops/contract';
import { Fragment, type ReactNode } from 'react';
import { useInvoiceFixFindings, type InvoiceFindingsPageOf } from './fixes-api';
import { FindingsState } from './fixes-panel';

export type FindingOf<C extends InvoiceFixCheck> = InvoiceFindingsPageOf<C>['findings'][number];

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
