import type { TUserBulkResult, TUserListItem, usersList } from '@ops/contract';
import type {
  DataListBulkResult,
  DataListScreenDefinition,
  ListSelectionTarget,
} from '@/components/data-list';
import { MemberCellLink } from '@/components/member-link';
import { paths } from '@/config/paths';
import { setUsersDisabled } from '../api/set-users-disabled';
import { memberRoleLabels, signInMethodLabels, signInMethodsText } from './user-labels';
import { userQueryOptions } from '../api/get-user';
import { dateTimeCell } from '@/components/data-list/date-cells';
import { emailCell, personRows } from '@/components/data-list/people-rows';

/** What a bulk disable or enable did, in a sentence. */
export function describeBulkResult(result: TUserBulkResult, verb: 'disabled' | 'enabled'): string {
  const parts = [`${result.changed} ${result.changed === 1 ? 'user' : 'users'} ${verb}.`];
  if (result.unchanged > 0) parts.push(`${result.unchanged} already were.`);
  if (result.refused.length > 0) {
    parts.push(
      `${result.refused.length} refused: ${result.refused.map((item) => item.reason).join(' ')}`,
    );
  }
  return parts.join(' ');
}

async function runBulk(
  selection: ListSelectionTarget,
  disabled: boolean,
): Promise<DataListBulkResult> {
  const result = await setUsersDisabled(selection, disabled);
  return {
    message: describeBulkResult(result, disabled ? 'disabled' : 'enabled'),
    undo: result.undo,
  };
}

/** The users list: its columns, filters and bulk actions, for the list kit. */
export const usersListDefinition: DataListScreenDefinition<TUserListItem, typeof usersList> = {
  name: 'users',
  noun: { one: 'user', many: 'users' },
  screen: {
    title: 'Users',
    description:
      'People who sign in: e-mail, display name, member and role at the member, sign-in methods and last sign-in.',
  },
  apiPath: '/api/users',
  exportPath: '/api/users/export',
  // A renamed member renames it on its users' rows, which the users feed announces.
  liveTables: ['users', 'operators'],
  // Keyed by uid, named by display name or e-mail; the record fetched ahead for `[`/`]`.
  ...personRows<TUserListItem>(paths.user.getHref, userQueryOptions),
  defaultSort: 'email',
  searchLabel: 'Search users',
  searchPlaceholder: 'Name, e-mail or member',
  columns: [
    { id: 'email', sortable: true, ...emailCell<TUserListItem>() },
    {
      id: 'displayName',
      label: 'Name',
      width: 'minmax(8rem,1.5fr)',
      sortable: true,
      render: (user) => (
        <span className="inline-flex items-center gap-2">
          <span>{user.displayName ?? ''}</span>
          {user.isOperator ? (
            <span className="rounded-sm bg-red-50 px-1 text-xs font-semibold text-red-700 ring-1 ring-red-600/20 ring-inset">
              Operator
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'member',
      label: 'Member',
      width: 'minmax(9rem,1.5fr)',
      sortable: true,
      render: (user) =>
        user.memberName ? <MemberCellLink mid={user.memberMid} name={user.memberName} /> : '',
    },
    {
      id: 'role',
      label: 'Role',
      width: '6rem',
      render: (user) => (user.memberRole ? memberRoleLabels[user.memberRole] : ''),
    },
    {
      id: 'signInMethods',
      label: 'Sign-in methods',
      width: 'minmax(8rem,1fr)',
      isHiddenByDefault: true,
      render: (user) => signInMethodsText(user.signInMethods),
    },
    {
      id: 'lastSignIn',
      label: 'Last sign-in',
      sortable: true,
      ...dateTimeCell((user) => user.lastSignInAt, 'Never'),
    },
    {
      id: 'disabled',
      label: 'Status',
      width: '6.5rem',
      render: (user) =>
        user.disabled ? (
          <span className="rounded-sm bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800">
            Disabled
          </span>
        ) : (
          <span className="text-xs text-emerald-800">Enabled</span>
        ),
    },
    {
      id: 'created',
      label: 'Created',
      sortable: true,
      isHiddenByDefault: true,
      ...dateTimeCell((user) => user.createdAt),
    },
  ],
  filters: [
    {
      name: 'disabled',
      label: 'Status',
      kind: 'one-of',
      options: [
        { value: 'false', label: 'Enabled' },
        { value: 'true', label: 'Disabled' },
      ],
    },
    {
      name: 'role',
      label: 'Role at member',
      kind: 'one-of',
      options: Object.entries(memberRoleLabels).map(([value, label]) => ({ value, label })),
      allowsEmpty: true,
    },
    {
      name: 'signInMethods',
      label: 'Sign-in method',
      kind: 'one-of',
      options: Object.entries(signInMethodLabels).map(([value, label]) => ({ value, label })),
      allowsEmpty: true,
    },
    { name: 'member', label: 'Member', kind: 'member' },
    { name: 'lastSignIn', label: 'Last sign-in', kind: 'range', input: 'date', allowsEmpty: true },
  ],
  bulkActions: [
    {
      id: 'disable',
      label: 'Disable',
      permission: 'users.manage',
      confirm:
        'Disable the selected users? They can no longer sign in, and their open sessions end at once.',
      run: (selection) => runBulk(selection, true),
    },
    {
      id: 'enable',
      label: 'Enable',
      permission: 'users.manage',
      confirm: 'Enable the selected users? They can sign in again.',
      run: (selection) => runBulk(selection, false),
    },
  ],
  // Issue 19: disabling or enabling can be undone for a few seconds.
  bulkUndoPath: '/api/users/bulk/undo',
};
