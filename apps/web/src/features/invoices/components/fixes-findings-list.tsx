import type { InvoiceFixCheck } from '@ops/contract';
import type { ReactNode } from 'react';
import { FindingsList } from '@/components/fixes/fixes-panel';
import { type InvoiceFindingsPageOf, useInvoiceFixFindings } from '../api/get-invoice-fix-findings';

export type { FindingProps, FindingsProps } from '@/components/fixes/fixes-route';

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
  return (
    <FindingsList<{ findings: FindingOf<C>[] }>
      query={{ ...query, data: query.data as { findings: FindingOf<C>[] } | undefined }}
      keyOf={keyOf}
    >
      {(finding) => children(finding)}
    </FindingsList>
  );
}
