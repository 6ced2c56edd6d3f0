import { RecordId, Screen } from '@/components/screen';

export function ApplicationRoute({ aid }: { aid: string }) {
  return (
    <Screen
      title="Application"
      description="One application: company, address, contacts, endorsing association, documents, reviewer, decision and resulting member."
    >
      <RecordId label="Application id" value={aid} />
    </Screen>
  );
}
