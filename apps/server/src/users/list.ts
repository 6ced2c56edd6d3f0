import {
  filterSyntax,
  signInMethods,
  usersList as usersListColumns,
  type TUserListItem,
  type TUsersListPage,
  type TUsersListQuery,
} from '@ops/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import {
  type ListDefinition,
  type ListSpec,
  ownFilterValues,
  parseSort,
  runList,
  searchDocumentMatch,
  withOwnConditions,
} from '../lists';

/** Never-signed-in users sort as if they had signed in at the epoch: first going up, last going down. */
const neverSignedIn = "'1970-01-01 00:00:00+00'::timestamptz";

/**
 * Sort expressions equal the indexes of migration 0011 exactly (else they are not used). The
 * filter-only columns (disabled, role, member, lastSignIn's day) are filtered through their
 * `column`; only the contract's sorts may be sorted by (a filter column is not a sort).
 */
export const usersListSpec: ListSpec<typeof usersListColumns> = {
  definition: usersListColumns,
  id: 'u.uid',
  columns: {
    email: { sortExpression: 'u.email' },
    displayName: { sortExpression: "coalesce(u.display_name, '~~')" },
    member: { column: 'u.member_mid', sortExpression: "coalesce(u.member_name, '~~')" },
    lastSignIn: {
      column: "(u.last_sign_in_at AT TIME ZONE 'UTC')::date",
      sortExpression: `coalesce(u.last_sign_in_at, ${neverSignedIn})`,
    },
    created: { sortExpression: 'u.created_at' },
    disabled: { column: 'u.disabled::text' },
    role: { column: 'u.member_role' },
    // Tests an array: the list's own condition (usersListFor).
    signInMethods: { isOwnFilter: true },
  },
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

/** The generated column that says whether a user has a sign-in method. */
const signInFlagColumns: Record<string, string> = {
  password: 'has_password_sign_in',
  emailLink: 'has_email_link_sign_in',
  microsoft: 'has_microsoft_sign_in',
};

/** `signInMethods`: users having any of the methods, or none at all. */
function signInMethodsCondition(raw: string): RawBuilder<boolean> {
  if (raw === filterSyntax.empty) return sql<boolean>`cardinality(u.sign_in_methods) = 0`;
  const values = ownFilterValues('signInMethods', raw, signInMethods);
  // One flag per method (migration 0014): estimated from their statistics, each with an index.
  const flags = [...new Set(values)].map((value) => sql.raw(`u.${signInFlagColumns[value]}`));
  return sql<boolean>`(${sql.join(flags, sql` OR `)})`;
}

const baseUsersList: ListDefinition<UserListRow, TUserListItem> = {
  spec: usersListSpec,
  from: (db) => db.selectFrom('users as u').where('u.deleted_at', 'is', null),
  // A semi-join on the user's profile document (name, e-mail, member name and number).
  search: (q) => searchDocumentMatch('u.uid', 'profile', q),
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
  // The sort is checked before the sign-in methods, as it always was.
  parseSort(query.sort, usersListSpec);
  const methods = query.signInMethods;
  return withOwnConditions(baseUsersList, methods ? [signInMethodsCondition(methods)] : []);
}

/** A page of the users list: filters, full-text `q`, sort, and the cursor of the last page. */
export function listUsers(
  db: Kysely<Database>,
  query: TUsersListQuery,
  options: { withEstimate?: boolean } = {},
): Promise<TUsersListPage> {
  return runList(db, usersListFor(query), query, options);
}
