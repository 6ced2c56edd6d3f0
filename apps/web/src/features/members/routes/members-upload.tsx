import { Screen } from '@/components/screen';

export function MembersUploadRoute() {
  return (
    <Screen
      title="Members CSV upload"
      description="Import members from a CSV file: a preview first, every bad row reported with its line number and reason."
    />
  );
}
