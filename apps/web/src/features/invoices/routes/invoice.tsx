import { RecordId, Screen } from '@/components/screen';

export function InvoiceRoute({ iid }: { iid: string }) {
  return (
    <Screen
      title="Invoice"
      description="One invoice: member, lines, totals, donation, bank account, payment reference, status, payment and PDF."
    >
      <RecordId label="Invoice id" value={iid} />
    </Screen>
  );
}
