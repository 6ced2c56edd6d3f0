import { RecordId, Screen } from '@/components/screen';

export function MemberRoute({ mid }: { mid: string }) {
  return (
    <Screen
      title="Member"
      description="One member: membership number, category, status, names, country, address, national association, paid-through year and termination."
    >
      <RecordId label="Member id" value={mid} />
    </Screen>
  );
}
