import { DataList } from '@/components/data-list';
import { ListWithDetail, Screen } from '@/components/screen';
import { usersListDefinition } from '../components/users-list-definition';

export function UsersRoute() {
  return (
    <Screen
      title="Users"
      description="People who sign in: e-mail, display name, member and role at the member, sign-in methods and last sign-in."
    >
      <ListWithDetail>
        <DataList definition={usersListDefinition} />
      </ListWithDetail>
    </Screen>
  );
}
