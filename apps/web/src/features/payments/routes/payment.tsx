import { RecordId, Screen } from '@/components/screen';

export function PaymentRoute({ sid }: { sid: string }) {
  return (
    <Screen
      title="Payment"
      description="One card-payment invoice: provider number, customer, amounts due, paid and remaining, status transitions and hosted invoice."
    >
      <RecordId label="Payment id" value={sid} />
    </Screen>
  );
}
