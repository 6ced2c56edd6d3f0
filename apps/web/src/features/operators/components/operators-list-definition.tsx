import type { operatorsList, TOperatorListItem } from '@ops/contract';
import type { DataListDefinition } from '@/components/data-list';
import { paths } from '@/config/paths';
import { operatorRoleLabels, operatorRoleOrder } from './operator-labels';
import { operatorQueryOptions } from '../api/get-operator';
import { dateTimeCell } from '@/components/data-list/date-cells';
import { yesNoFilter } from '@/components/data-list/yes-no-filter';

/** The operators list: its columns and filters, for the list kit. */
export const operatorsListDefinition: DataListDefinition<TOperatorListItem, typeof operatorsList> =
  {
    name: 'operators',
    noun: { one: 'operator', many: 'operators' },
    apiPath: '/api/operators',
    liveTables: ['operators', 'users'],
    rowKey: (operator) => operator.uid,
    rowHref: (operator) => paths.operator.getHref({ uid: operator.uid }),
    // Fetched ahead for the open record's neighbours (`[`/`]`, issue 19).
    detailQuery: (operator) => operatorQueryOptions(operator.uid),
    rowLabel: (operator) => operator.displayName ?? operator.email,
    defaultSort: 'email',
    emptyMessage: 'No operators yet.',
    columns: [
      {
        id: 'email',
        label: 'E-mail',
        width: 'minmax(12rem,3fr)',
        sortable: true,
        isPrimary: true,
        render: (operator) => operator.email,
      },
      {
        id: 'name',
        label: 'Name',
        width: 'minmax(8rem,1.5fr)',
        render: (operator) => operator.displayName ?? '',
      },
      {
        id: 'roles',
        label: 'Roles',
        width: 'minmax(8rem,1.5fr)',
        render: (operator) => operator.roles.map((role) => operatorRoleLabels[role]).join(', '),
      },
      {
        id: 'active',
        label: 'Access',
        width: '7rem',
        render: (operator) =>
          operator.active ? (
            operator.userDisabled ? (
              <span className="text-xs text-amber-800">User disabled</span>
            ) : (
              <span className="text-xs text-emerald-800">Active</span>
            )
          ) : (
            <span className="rounded-sm bg-slate-200 px-1.5 py-0.5 text-xs font-medium text-slate-800">
              Revoked
            </span>
          ),
      },
      {
        id: 'since',
        label: 'Since',
        sortable: true,
        ...dateTimeCell((operator) => operator.since),
      },
    ],
    filters: [
      {
        name: 'roles',
        label: 'Role',
        kind: 'one-of',
        options: operatorRoleOrder.map((role) => ({
          value: role,
          label: operatorRoleLabels[role],
        })),
      },
      yesNoFilter('active', 'Access', 'Active', 'Revoked'),
    ],
  };
