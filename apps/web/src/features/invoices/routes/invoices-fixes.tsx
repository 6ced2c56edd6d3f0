import { useState } from 'react';
import { FixesScreen } from '@/components/fixes/fixes-screen';
import { PageOfList } from '@/components/screen';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { useInvoiceFixesSummary, useLiveInvoiceFixes } from '../api/get-invoice-fixes-summary';
import { InvoiceFixFindings } from '../components/fixes-findings';
import { FixesPanel } from '../components/fixes-panel';

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
    <PageOfList listHref={paths.invoices.getHref()} listTitle="Invoices">
      <FixesScreen
        title="Invoice fixes"
        description="Checks that find problems among invoices and card payments, each with an audited repair; a paid invoice is never silently rewritten."
        closeHref={paths.invoices.getHref()}
        canEdit={canEdit}
        repairingRoles="the finance or admin role"
        summary={{
          isPending: summary.isPending,
          error: summary.error,
          hasData: summary.data !== undefined,
          refetch: summary.refetch,
        }}
        result={result}
        onDismissResult={() => setResult(null)}
      >
        {summary.data?.checks.map((check) => (
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
              <InvoiceFixFindings
                check={check.check}
                offset={offset}
                limit={limit}
                canEdit={canEdit}
                onResult={setResult}
              />
            )}
          </FixesPanel>
        ))}
      </FixesScreen>
    </PageOfList>
  );
}
