import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionLink } from '@/components/action-link';
import { Button } from '@/components/button';
import { DataList } from '@/components/data-list';
import { ListWithDetail, Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { InvoiceDraftForm } from '../components/invoice-draft-form';
import { invoicesListDefinition } from '../components/invoices-list-definition';
import { DunningRunDialog } from '../components/dunning-run-dialog';
import { RenewalDialog } from '../components/renewal-dialog';

export function InvoicesRoute() {
  const canEdit = useCan('invoices.edit');
  const canDun = useCan('dunning.manage');
  const [isCreating, setIsCreating] = useState(false);
  const [isRenewing, setIsRenewing] = useState(false);
  const [isDunning, setIsDunning] = useState(false);
  const navigate = useNavigate();
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
      {canEdit ? <RenewalDialog isOpen={isRenewing} onClose={() => setIsRenewing(false)} /> : null}
      {canDun ? <DunningRunDialog isOpen={isDunning} onClose={() => setIsDunning(false)} /> : null}
      <ListWithDetail>
        <DataList definition={invoicesListDefinition} />
      </ListWithDetail>
    </Screen>
  );
}
