import { ListPlaceholder, ListWithDetail, Screen } from '@/components/screen';

export function EmailsRoute() {
  return (
    <Screen
      title="Emails"
      description="E-mails the console sends and their delivery: pending, processing, success, error, retry."
    >
      <ListWithDetail>
        <ListPlaceholder>The e-mails list is not built yet.</ListPlaceholder>
      </ListWithDetail>
    </Screen>
  );
}
