import type { InvoiceFixCheck } from '@ops/contract';
import type { ReactNode } from 'react';
import { FindingsList } from '@/components/fixes/fixes-panel';
import { type InvoiceFindingsPageOf, useInvoiceFixFindings } from '../api/get-invoice-fix-findings';

import type { FindingProps, FindingsProps } from '@/components/fixes/fixes-route';

export type { FindingProps, FindingsProps };

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

/**
 * What the registry holds for a check: its page of findings, each drawn by the check's own card
 * (`Finding`) with the screen's permission and result callback.
 */
export function findingsOf<C extends InvoiceFixCheck>(
  check: C,
  keyOf: (finding: FindingOf<C>) => string,
  Finding: (props: FindingProps<FindingOf<C>>) => ReactNode,
) {
  return function CheckFindingsOf({ offset, limit, canEdit, onResult }: FindingsProps) {
    return (
      <CheckFindings check={check} offset={offset} limit={limit} keyOf={keyOf}>
        {(finding) => <Finding finding={finding} canEdit={canEdit} onResult={onResult} />}
      </CheckFindings>
    );
  };
}
