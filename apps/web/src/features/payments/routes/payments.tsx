import { ListPlaceholder, ListWithDetail, Screen } from '@/components/screen';

export function PaymentsRoute() {
  return (
    <Screen
      title="Payments"
      description="Invoices of the card-payment provider: status (draft, open, paid, uncollectible, void), amounts due and paid, and the member invoice they settle."
    >
      <ListWithDetail>
        <ListPlaceholder>The payments list is not built yet.</ListPlaceholder>
      </ListWithDetail>
    </Screen>
  );
}
