import { RecordId, Screen } from '@/components/screen';

export function OperatorRoute({ uid }: { uid: string }) {
  return (
    <Screen
      title="Operator"
      description="One operator: the user it belongs to, its roles and whether it is active."
    >
      <RecordId label="User id" value={uid} />
    </Screen>
  );
}
