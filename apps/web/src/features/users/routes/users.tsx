import { ListPlaceholder, ListWithDetail, Screen } from '@/components/screen';

export function UsersRoute() {
  return (
    <Screen
      title="Users"
      description="People who sign in: e-mail, display name, member and role at the member, sign-in methods and last sign-in."
    >
      <ListWithDetail>
        <ListPlaceholder>The users list is not built yet.</ListPlaceholder>
      </ListWithDetail>
    </Screen>
  );
}
