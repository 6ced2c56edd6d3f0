import { ActionLink } from '@/components/action-link';
import { ListPlaceholder, ListWithDetail, Screen } from '@/components/screen';
import { paths } from '@/config/paths';

export function InvoicesRoute() {
  return (
    <Screen
      title="Invoices"
      description="Membership, licence and application invoices in CHF and other currencies: issue and due dates, payment reference, status and payment."
      actions={
        <>
          <ActionLink to={paths.invoicesUpload.getHref()}>CSV upload</ActionLink>
          <ActionLink to={paths.invoicesPdfs.getHref()}>PDFs upload</ActionLink>
          <ActionLink to={paths.invoicesFixes.getHref()}>Fixes</ActionLink>
        </>
      }
    >
      <ListWithDetail>
        <ListPlaceholder>The invoices list is not built yet.</ListPlaceholder>
      </ListWithDetail>
    </Screen>
  );
}
