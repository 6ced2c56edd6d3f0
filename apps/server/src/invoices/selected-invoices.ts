import { ZInvoicesListQuery, type TListSelection } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badInput } from '../errors';
import { type AnySelect, matchingRows } from '../lists';
import { invoicesListFor } from './list';

/**
 * The invoices a selection names (alias `i`): the ids picked on screen, or every invoice the
 * list's view shows (its filters and search, read with the list's own schema and rules, as the
 * members' bulk actions read theirs).
 */
export function selectedInvoices(db: Kysely<Database>, selection: TListSelection): AnySelect {
  if (selection.kind === 'ids') {
    return db
      .selectFrom('invoices as i')
      .where('i.iid', '=', sql<string>`ANY(${selection.ids}::text[])`);
  }
  const params = Object.fromEntries(new URLSearchParams(selection.listParams));
  const parsed = ZInvoicesListQuery.omit({ cursor: true, limit: true }).safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badInput(
      'body.selection.listParams',
      'invalid_value',
      `${issue?.path.join('.') ?? 'view'}: ${issue?.message ?? 'not a view'}`,
    );
  }
  return matchingRows(db, invoicesListFor(parsed.data), parsed.data);
}
