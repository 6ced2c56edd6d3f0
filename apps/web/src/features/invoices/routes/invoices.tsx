import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ActionLink } from '@/components/action-link';
import { Button } from '@ops/ui/button';
import { DataList } from '@/components/data-list';
import { ListWithDetail, Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { runDialogOf } from '@/config/run-dialogs';
import { yearAtHeadquarters } from '@/lib/clock';
import { useCan } from '@/lib/permissions';
import { InvoiceDraftForm } from '../components/invoice-draft-form';
import { invoicesListDefinition } from '../components/invoices-list-definition';
import { DunningLettersDialog } from '../components/dunning-letters-dialog';
import { DunningRunDialog } from '../components/dunning-run-dialog';
import { RenewalDialog } from '../components/renewal-dialog';

export function InvoicesRoute() {
  const canEdit = useCan('invoices.edit');
  const canDun = useCan('dunning.manage');
  const [isCreating, setIsCreating] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  // Arriving from the Jobs screen's Run now: its dialog opens, with its preview (issue 32).
  const [arrivedFor] = useState(() => runDialogOf(location.state));
  const [isRenewing, setIsRenewing] = useState(arrivedFor === 'renewal-run');
  const [isDunning, setIsDunning] = useState(arrivedFor === 'dunning-run');
  const [isPrintingLetters, setIsPrintingLetters] = useState(false);
  /** Closing a dialog opened on arrival forgets why: a reload does not open it again. */
  const forgetArrival = () => {
    if (runDialogOf(location.state)) {
      void navigate(location.pathname + location.search, { replace: true, state: null });
    }
  };
  return (
    <Screen
      title="Invoices"
      description="Membership, licence and application invoices in CHF and other currencies: issue and due dates, payment reference, status and payment."
      actions={
        <>
          {canEdit && !isCreating ? (
            <Button onClick={() => setIsCreating(true)}>New invoice</Button>
          ) : null}
          {canEdit ? (
            <Button variant="secondary" onClick={() => setIsRenewing(true)}>
              Renewal run
            </Button>
          ) : null}
          {canDun ? (
            <Button variant="secondary" onClick={() => setIsDunning(true)}>
              Dunning run
            </Button>
          ) : null}
          {canDun ? (
            <Button variant="secondary" onClick={() => setIsPrintingLetters(true)}>
              Postal letters
            </Button>
          ) : null}
          <ActionLink to={paths.invoicesUpload.getHref()}>Upload CSV</ActionLink>
          <ActionLink to={paths.invoicesPdfs.getHref()}>PDFs</ActionLink>
          <ActionLink to={paths.invoicesFixes.getHref()}>Fixes</ActionLink>
        </>
      }
    >
      {canEdit && isCreating ? (
        <InvoiceDraftForm
          onCancel={() => setIsCreating(false)}
          onSaved={(invoice) => {
            setIsCreating(false);
            void navigate(paths.invoice.getHref({ iid: invoice.iid }));
          }}
        />
      ) : null}
      {canEdit ? (
        <RenewalDialog
          isOpen={isRenewing}
          // The scheduled job renews the current year; the dialog's own default is the next.
          initialYear={arrivedFor === 'renewal-run' ? yearAtHeadquarters() : undefined}
          onClose={() => {
            setIsRenewing(false);
            forgetArrival();
          }}
        />
      ) : null}
      {canDun ? (
        <DunningRunDialog
          isOpen={isDunning}
          previewAtOnce={arrivedFor === 'dunning-run'}
          onClose={() => {
            setIsDunning(false);
            forgetArrival();
          }}
          onPrintLetters={() => setIsPrintingLetters(true)}
        />
      ) : null}
      {canDun ? (
        <DunningLettersDialog
          isOpen={isPrintingLetters}
          onClose={() => setIsPrintingLetters(false)}
        />
      ) : null}
      <ListWithDetail>
        <DataList definition={invoicesListDefinition} />
      </ListWithDetail>
    </Screen>
  );
}
