import { listScreenOf } from '@/components/data-list/list-screen';
import { usersListDefinition } from '../components/users-list-definition';

export const UsersRoute = listScreenOf(usersListDefinition);
