import type { operatorsList, TOperatorListItem } from '@ops/contract';
import type { DataListDefinition } from '@/components/data-list';
import { paths } from '@/config/paths';
import { operatorRoleLabels, operatorRoleOrder } from './operator-labels';
import { operatorQueryOptions } from '../api/get-operator';
import { dateTimeCell } from '@/components/data-list/date-cells';
import { emailCell, personRows } from '@/components/data-list/people-rows';
import { yesNoFilter } from '@/components/data-list/yes-no-filter';

/** The operators list: its columns and filters, for the list kit. */
export const operatorsListDefinition: DataListDefinition<TOperatorListItem, typeof operatorsList> =
  {
    name: 'operators',
    noun: { one: 'operator', many: 'operators' },
    apiPath: '/api/operators',
    liveTables: ['operators', 'users'],
    // Keyed by uid, named by display name or e-mail; the record fetched ahead for `[`/`]`.
    ...personRows<TOperatorListItem>(paths.operator.getHref, operatorQueryOptions),
    defaultSort: 'email',
    emptyMessage: 'No operators yet.',
    columns: [
      { id: 'email', sortable: true, ...emailCell<TOperatorListItem>() },
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
