import {
  filterSyntax,
  operatorListSorts,
  operatorRoles,
  type TOperatorListItem,
  type TOperatorsListPage,
  type TOperatorsListQuery,
} from '@ops/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, OperatorRole } from '../db/schema';
import { AppError } from '../errors';
import type { ListSpec } from '../lists/list-spec';
import { runList, type ListDefinition } from '../lists/run-list';

/**
 * The operators list. Operators are federation staff (a few dozen rows at most): "since" and
 * the active filter have indexes (migration 0011); sorting by e-mail joins each operator's user
 * by primary key and sorts those few rows.
 */
export const operatorsListSpec: ListSpec = {
  id: 'o.uid',
  columns: {
    email: { column: 'u.email', sortExpression: 'u.email', kind: 'text' },
    since: { column: 'o.created_at', sortExpression: 'o.created_at', kind: 'text' },
    active: {
      column: 'o.active::text',
      sortExpression: 'o.active::text',
      kind: 'text',
      values: ['true', 'false'],
    },
  },
  defaultSort: [{ field: 'email', isDescending: false }],
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

function badQuery(field: string, rule: string, message: string): AppError {
  return new AppError('invalid-argument', `query.${field}: ${message}`, {
    issues: [{ path: `query.${field}`, rule, message }],
  });
}

function checkOperatorSort(sort: string | undefined): void {
  for (const part of sort?.split(',') ?? []) {
    const field = part.replace(/^-/, '');
    if (!(operatorListSorts as readonly string[]).includes(field)) {
      throw badQuery(
        'sort',
        'invalid_value',
        `"${field}" cannot be sorted by; use one of ${operatorListSorts.join(', ')}`,
      );
    }
  }
}

/** `roles`: operators holding any of these roles. */
function rolesCondition(raw: string): RawBuilder<boolean> {
  const values = raw.split(filterSyntax.separator).map((value) => value.trim());
  for (const value of values) {
    if (!(operatorRoles as readonly string[]).includes(value)) {
      throw badQuery(
        'roles',
        'invalid_value',
        `"${value}" is not one of ${operatorRoles.join(', ')}`,
      );
    }
  }
  return sql<boolean>`o.roles && ${values}::text[]`;
}

const baseOperatorsList: ListDefinition<OperatorListRow, TOperatorListItem> = {
  spec: operatorsListSpec,
  filterFields: ['active'],
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
  toItem: (row) => ({
    uid: row.uid,
    email: row.email,
    displayName: row.display_name,
    roles: row.roles,
    active: row.active,
    since: new Date(row.created_at).toISOString(),
    userDisabled: row.disabled,
  }),
};

export function operatorsListFor(
  query: Pick<TOperatorsListQuery, 'roles' | 'sort'>,
): ListDefinition<OperatorListRow, TOperatorListItem> {
  checkOperatorSort(query.sort);
  if (!query.roles) return baseOperatorsList;
  const condition = rolesCondition(query.roles);
  return { ...baseOperatorsList, from: (db) => baseOperatorsList.from(db).where(condition) };
}

/** A page of the operators list: the role and active filters, sorted by e-mail or since. */
export function listOperators(
  db: Kysely<Database>,
  query: TOperatorsListQuery,
): Promise<TOperatorsListPage> {
  return runList(db, operatorsListFor(query), query);
}
