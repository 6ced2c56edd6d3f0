import { DataList } from '@/components/data-list';
import { ListWithDetail, Screen } from '@/components/screen';
import { paymentsListDefinition } from '../components/payments-list-definition';

export function PaymentsRoute() {
  return (
    <Screen
      title="Payments"
      description="Invoices of the card-payment provider, kept current by its signed webhook: status (draft, open, paid, uncollectible, void), amounts due, paid and remaining, and the invoice and member they settle."
    >
      <ListWithDetail>
        <DataList definition={paymentsListDefinition} />
      </ListWithDetail>
    </Screen>
  );
}
