import type { InvoiceFixCheck } from '@ops/contract';
import { useState } from 'react';
import { ActionLink } from '@/components/action-link';
import { Button } from '@/components/button';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/error-message';
import { useCan } from '@/lib/permissions';
import { useInvoiceFixesSummary, useLiveInvoiceFixes } from '../components/fixes-api';
import { CardUnlinkedFindings, CardVoidFindings } from '../components/fixes-card-findings';
import {
  DuplicateFindings,
  NoMemberFindings,
  PaidPendingFindings,
  TotalsFindings,
  type FindingsProps,
} from '../components/fixes-invoice-findings';
import { FixesPanel } from '../components/fixes-panel';

function Findings({ check, ...props }: FindingsProps & { check: InvoiceFixCheck }) {
  switch (check) {
    case 'no-member':
      return <NoMemberFindings {...props} />;
    case 'duplicate-number':
    case 'duplicate-billing':
      return <DuplicateFindings check={check} {...props} />;
    case 'totals':
      return <TotalsFindings {...props} />;
    case 'paid-member-pending':
      return <PaidPendingFindings {...props} />;
    case 'card-unlinked':
      return <CardUnlinkedFindings {...props} />;
    case 'card-void-invoice':
      return <CardVoidFindings {...props} />;
  }
}

/**
 * Invoice fixes: every check with its count, a page of its findings with the proposed repair in
 * words, and a one-click repair (with a reason where it voids or touches a paid invoice).
 * Refreshes live when invoices, members or card payments change; without `invoices.edit` the
 * findings show but not the buttons.
 */
export function InvoicesFixesRoute() {
  const canEdit = useCan('invoices.edit');
  const summary = useInvoiceFixesSummary();
  const [result, setResult] = useState<string | null>(null);
  useLiveInvoiceFixes();

  return (
    <Screen
      title="Invoice fixes"
      description="Checks that find problems among invoices and card payments, each with an audited repair; a paid invoice is never silently rewritten."
      actions={<ActionLink to={paths.invoices.getHref()}>Close</ActionLink>}
    >
      {!canEdit ? (
        <p className="rounded-md bg-slate-100 p-2 text-sm text-slate-700">
          Your operator roles let you see the findings; repairing them needs the finance or admin
          role.
        </p>
      ) : null}
      <div role="status" aria-label="Repair result" aria-live="polite" className="empty:hidden">
        {result ? (
          <p className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-emerald-200 bg-emerald-50 p-2 text-sm text-emerald-950">
            <span>{result}</span>
            <button
              type="button"
              className="text-xs text-emerald-900 underline"
              onClick={() => setResult(null)}
            >
              Dismiss
            </button>
          </p>
        ) : null}
      </div>
      {summary.isPending ? <p className="text-sm text-slate-500">Running the checks…</p> : null}
      {summary.error && !summary.data ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-900">
          The checks could not be run: {getErrorMessage(summary.error)}
          <Button variant="secondary" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {summary.data ? (
        <div className="flex flex-col gap-3">
          {summary.data.checks.map((check) => (
            <FixesPanel
              key={check.check}
              title={check.title}
              description={
                check.hasRepair
                  ? check.description
                  : `${check.description} No automatic repair: each finding says what to do.`
              }
              count={check.count}
            >
              {(offset, limit) => (
                <Findings
                  check={check.check}
                  offset={offset}
                  limit={limit}
                  canEdit={canEdit}
                  onResult={setResult}
                />
              )}
            </FixesPanel>
          ))}
        </div>
      ) : null}
    </Screen>
  );
}
