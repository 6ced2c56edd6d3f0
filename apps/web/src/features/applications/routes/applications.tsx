import { ListPlaceholder, ListWithDetail, Screen } from '@/components/screen';

export function ApplicationsRoute() {
  return (
    <Screen
      title="Applications"
      description="Membership applications from draft through the national association's endorsement and review to approval or rejection."
    >
      <ListWithDetail>
        <ListPlaceholder>The applications list is not built yet.</ListPlaceholder>
      </ListWithDetail>
    </Screen>
  );
}
