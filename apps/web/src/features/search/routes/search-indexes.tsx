import { Screen } from '@/components/screen';

export function SearchIndexesRoute() {
  return (
    <Screen
      title="Search indexes"
      description="The search index behind the Cmd+K palette: user profiles, applications, members and invoices."
    />
  );
}
