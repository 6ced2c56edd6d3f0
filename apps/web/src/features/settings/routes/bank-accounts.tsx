import { ListPlaceholder, ListWithDetail, Screen } from '@/components/screen';

export function BankAccountsRoute() {
  return (
    <Screen
      title="Bank accounts"
      description="The accounts invoices are paid to: IBAN, QR-IBAN, BIC, currency and the default account per currency."
    >
      <ListWithDetail>
        <ListPlaceholder>The bank accounts list is not built yet.</ListPlaceholder>
      </ListWithDetail>
    </Screen>
  );
}
