import type { InvoiceFixCheck, TInvoiceFixesSummary } from '@ops/contract';
import { type FixesArea, FixesRoute } from '@/components/fixes/fixes-route';
import { paths } from '@/config/paths';
import { useInvoiceFixesSummary, useLiveInvoiceFixes } from '../api/get-invoice-fixes-summary';
import { InvoiceFixFindings } from '../components/fixes-findings';

const invoiceFixes: FixesArea<InvoiceFixCheck, TInvoiceFixesSummary['checks'][number]> = {
  title: 'Invoice fixes',
  description:
    'Checks that find problems among invoices and card payments, each with an audited repair; a paid invoice is never silently rewritten.',
  list: { href: paths.invoices.getHref(), title: 'Invoices' },
  repairAction: 'invoices.edit',
  repairingRoles: 'the finance or admin role',
  paging: 'pages',
  describe: (check) =>
    check.hasRepair
      ? check.description
      : `${check.description} No automatic repair: each finding says what to do.`,
  findings: (check, props) => <InvoiceFixFindings check={check} {...props} />,
};

/**
 * Invoice fixes: every check with its count, a page of its findings with the proposed repair in
 * words, and a one-click repair (with a reason where it voids or touches a paid invoice).
 * Refreshes live when invoices, members or card payments change; without `invoices.edit` the
 * findings show but not the buttons.
 */
export function InvoicesFixesRoute() {
  const summary = useInvoiceFixesSummary();
  useLiveInvoiceFixes();
  return <FixesRoute area={invoiceFixes} summary={summary} />;
}
