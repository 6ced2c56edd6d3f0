import { ListPlaceholder, ListWithDetail, Screen } from '@/components/screen';

export function OperatorsRoute() {
  return (
    <Screen
      title="Operators"
      description="Federation staff who use this console, with their roles (admin, finance, membership, read-only)."
    >
      <ListWithDetail>
        <ListPlaceholder>The operators list is not built yet.</ListPlaceholder>
      </ListWithDetail>
    </Screen>
  );
}
