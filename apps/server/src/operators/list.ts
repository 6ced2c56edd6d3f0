import {
  operatorRoles,
  operatorsList as operatorsListColumns,
  type TOperatorListItem,
  type TOperatorsListPage,
  type TOperatorsListQuery,
} from '@ops/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, OperatorRole } from '../db/schema';
import {
  type ListDefinition,
  type ListSpec,
  ownFilterValues,
  parseSort,
  runList,
  withOwnConditions,
} from '../lists';

/**
 * The operators list. Operators are federation staff (a few dozen rows at most): "since" and
 * the active filter have indexes (migration 0011); sorting by e-mail joins each operator's user
 * by primary key and sorts those few rows.
 */
export const operatorsListSpec: ListSpec<typeof operatorsListColumns> = {
  definition: operatorsListColumns,
  id: 'o.uid',
  columns: {
    email: { sortExpression: 'u.email' },
    since: { sortExpression: 'o.created_at' },
    active: { column: 'o.active::text' },
    // Tests an array: the list's own condition (operatorsListFor).
    roles: { isOwnFilter: true },
  },
  unindexedSorts: { fields: ['email'], reason: 'a few dozen operators, sorted in memory' },
};

type OperatorListRow = {
  uid: string;
  email: string;
  display_name: string | null;
  roles: OperatorRole[];
  active: boolean;
  created_at: Date;
  disabled: boolean;
};

/** An operator as the list and the detail both show it: who, with which roles, since when. */
export function operatorFieldsOf(
  row: Pick<OperatorListRow, 'uid' | 'email' | 'display_name' | 'roles' | 'active' | 'created_at'>,
) {
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.display_name,
    roles: row.roles,
    active: row.active,
    since: new Date(row.created_at).toISOString(),
  };
}

/** `roles`: operators holding any of these roles. */
function rolesCondition(raw: string): RawBuilder<boolean> {
  const values = ownFilterValues('roles', raw, operatorRoles);
  return sql<boolean>`o.roles && ${values}::text[]`;
}

const baseOperatorsList: ListDefinition<OperatorListRow, TOperatorListItem> = {
  spec: operatorsListSpec,
  from: (db) => db.selectFrom('operators as o').innerJoin('users as u', 'u.uid', 'o.uid'),
  select: (matching) =>
    matching.select([
      'o.uid',
      'u.email',
      'u.display_name',
      'o.roles',
      'o.active',
      'o.created_at',
      'u.disabled',
    ]),
  toItem: (row) => ({ ...operatorFieldsOf(row), userDisabled: row.disabled }),
};

export function operatorsListFor(
  query: Pick<TOperatorsListQuery, 'roles' | 'sort'>,
): ListDefinition<OperatorListRow, TOperatorListItem> {
  parseSort(query.sort, operatorsListSpec);
  return withOwnConditions(baseOperatorsList, query.roles ? [rolesCondition(query.roles)] : []);
}

/** A page of the operators list: the role and active filters, sorted by e-mail or since. */
export function listOperators(
  db: Kysely<Database>,
  query: TOperatorsListQuery,
): Promise<TOperatorsListPage> {
  return runList(db, operatorsListFor(query), query);
}
