import { RecordId, Screen } from '@/components/screen';

export function BankAccountRoute({ id }: { id: string }) {
  return (
    <Screen
      title="Bank account"
      description="One bank account: label, bank, holder, IBAN, QR-IBAN, BIC, currency, default for its currency, active."
    >
      <RecordId label="Bank account id" value={id} />
    </Screen>
  );
}
