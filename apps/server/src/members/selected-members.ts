import { ZMembersListQuery, type TListSelection } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { type AnySelect, matchingRows } from '../lists';
import { membersList, membersListFor } from './list';

function badSelection(message: string): AppError {
  return new AppError('invalid-argument', `body.selection.listParams: ${message}`, {
    issues: [{ path: 'body.selection.listParams', rule: 'invalid_value', message }],
  });
}

/**
 * The members a selection names (alias `m`, live members only): the ids picked on screen, or
 * every member the list's view shows (its filters and search, read with the list's own schema
 * and rules).
 */
export function selectedMembers(db: Kysely<Database>, selection: TListSelection): AnySelect {
  if (selection.kind === 'ids') {
    return membersList.from(db).where('m.mid', '=', sql<string>`ANY(${selection.ids}::text[])`);
  }
  const params = Object.fromEntries(new URLSearchParams(selection.listParams));
  const parsed = ZMembersListQuery.omit({ cursor: true, limit: true }).safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badSelection(`${issue?.path.join('.') ?? 'view'}: ${issue?.message ?? 'not a view'}`);
  }
  return matchingRows(db, membersListFor(parsed.data), parsed.data);
}
