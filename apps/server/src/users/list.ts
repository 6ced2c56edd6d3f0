import {
  filterSyntax,
  memberRoles,
  signInMethods,
  userListSorts,
  type TUserListItem,
  type TUsersListPage,
  type TUsersListQuery,
} from '@ops/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import type { ListSpec } from '../lists/list-spec';
import { runList, type ListDefinition } from '../lists/run-list';

/** Never-signed-in users sort as if they had signed in at the epoch: first going up, last going down. */
const neverSignedIn = "'1970-01-01 00:00:00+00'::timestamptz";

/**
 * Sort expressions equal the indexes of migration 0011 exactly (else they are not used). The
 * filter-only columns (disabled, role, member, lastSignIn's day) are filtered through their
 * `column`; only `userListSorts` may be sorted by (checked before the list runs).
 */
export const usersListSpec: ListSpec = {
  id: 'u.uid',
  columns: {
    email: { column: 'u.email', sortExpression: 'u.email', kind: 'text' },
    displayName: {
      column: 'u.display_name',
      sortExpression: "coalesce(u.display_name, '~~')",
      kind: 'text',
    },
    member: {
      column: 'u.member_mid',
      sortExpression: "coalesce(u.member_name, '~~')",
      kind: 'text',
    },
    lastSignIn: {
      column: "(u.last_sign_in_at AT TIME ZONE 'UTC')::date",
      sortExpression: `coalesce(u.last_sign_in_at, ${neverSignedIn})`,
      kind: 'date',
    },
    created: { column: 'u.created_at', sortExpression: 'u.created_at', kind: 'text' },
    disabled: {
      column: 'u.disabled::text',
      sortExpression: 'u.disabled::text',
      kind: 'text',
      values: ['true', 'false'],
    },
    role: {
      column: 'u.member_role',
      sortExpression: 'u.member_role',
      kind: 'text',
      values: memberRoles,
    },
  },
  defaultSort: [{ field: 'email', isDescending: false }],
};

type UserListRow = {
  uid: string;
  email: string;
  display_name: string | null;
  member_mid: string | null;
  member_name: string | null;
  member_role: TUserListItem['memberRole'];
  sign_in_methods: string[];
  last_sign_in_at: Date | null;
  disabled: boolean;
  is_operator: boolean;
  created_at: Date;
};

function badQuery(field: string, rule: string, message: string): AppError {
  return new AppError('invalid-argument', `query.${field}: ${message}`, {
    issues: [{ path: `query.${field}`, rule, message }],
  });
}

/** Only the offered sorts: each has its index (a filter column is not a sort). */
export function checkUserSort(sort: string | undefined): void {
  for (const part of sort?.split(',') ?? []) {
    const field = part.replace(/^-/, '');
    if (!(userListSorts as readonly string[]).includes(field)) {
      throw badQuery(
        'sort',
        'invalid_value',
        `"${field}" cannot be sorted by; use one of ${userListSorts.join(', ')}`,
      );
    }
  }
}

/** The generated column that says whether a user has a sign-in method. */
const signInFlagColumns: Record<string, string> = {
  password: 'has_password_sign_in',
  emailLink: 'has_email_link_sign_in',
  microsoft: 'has_microsoft_sign_in',
};

/** `signInMethods`: users having any of the methods, or none at all. */
function signInMethodsCondition(raw: string): RawBuilder<boolean> {
  if (raw === filterSyntax.empty) return sql<boolean>`cardinality(u.sign_in_methods) = 0`;
  const values = raw.split(filterSyntax.separator).map((value) => value.trim());
  for (const value of values) {
    if (!(signInMethods as readonly string[]).includes(value)) {
      throw badQuery(
        'signInMethods',
        'invalid_value',
        `"${value}" is not one of ${signInMethods.join(', ')}`,
      );
    }
  }
  // One flag per method (migration 0014): estimated from their statistics, each with an index.
  const flags = [...new Set(values)].map((value) => sql.raw(`u.${signInFlagColumns[value]}`));
  return sql<boolean>`(${sql.join(flags, sql` OR `)})`;
}

const baseUsersList: ListDefinition<UserListRow, TUserListItem> = {
  spec: usersListSpec,
  filterFields: ['disabled', 'role', 'member', 'lastSignIn'],
  from: (db) => db.selectFrom('users as u').where('u.deleted_at', 'is', null),
  // A semi-join on the user's profile document (name, e-mail, member name and number).
  search: (q) =>
    sql<boolean>`u.uid IN (SELECT d.record_id FROM search_documents d
                            WHERE d.type = 'profile' AND d.all_terms @@ search_prefix_query(${q}))`,
  select: (matching) =>
    matching.select([
      'u.uid',
      'u.email',
      'u.display_name',
      'u.member_mid',
      'u.member_name',
      'u.member_role',
      'u.sign_in_methods',
      'u.last_sign_in_at',
      'u.disabled',
      'u.created_at',
      sql<boolean>`EXISTS (SELECT 1 FROM operators o WHERE o.uid = u.uid AND o.active)`.as(
        'is_operator',
      ),
    ]),
  toItem: (row) => ({
    uid: row.uid,
    email: row.email,
    displayName: row.display_name,
    memberMid: row.member_mid,
    memberName: row.member_name,
    memberRole: row.member_role,
    signInMethods: row.sign_in_methods,
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
    disabled: row.disabled,
    isOperator: row.is_operator,
    createdAt: new Date(row.created_at).toISOString(),
  }),
};

/**
 * The users list for one request: the common definition plus the sign-in method filter, which
 * tests an array (the list runner's filters compare one value). Checks the sort too.
 */
export function usersListFor(
  query: Pick<TUsersListQuery, 'signInMethods' | 'sort'>,
): ListDefinition<UserListRow, TUserListItem> {
  checkUserSort(query.sort);
  const methods = query.signInMethods;
  if (!methods) return baseUsersList;
  const condition = signInMethodsCondition(methods);
  return { ...baseUsersList, from: (db) => baseUsersList.from(db).where(condition) };
}

/** A page of the users list: filters, full-text `q`, sort, and the cursor of the last page. */
export function listUsers(
  db: Kysely<Database>,
  query: TUsersListQuery,
  options: { withEstimate?: boolean } = {},
): Promise<TUsersListPage> {
  return runList(db, usersListFor(query), query, options);
}
