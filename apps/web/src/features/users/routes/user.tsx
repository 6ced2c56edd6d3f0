import { RecordId, Screen } from '@/components/screen';

export function UserRoute({ uid }: { uid: string }) {
  return (
    <Screen
      title="User"
      description="One user: e-mail, display name, photo, member and role there, sign-in methods, last sign-in, disabled or not."
    >
      <RecordId label="User id" value={uid} />
    </Screen>
  );
}
