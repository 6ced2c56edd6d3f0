import { ZInvoicesListQuery, type TListSelection } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type AnySelect, matchingRows, parseSelectionView } from '../lists';
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
  const view = parseSelectionView(
    ZInvoicesListQuery.omit({ cursor: true, limit: true }),
    selection.listParams,
  );
  return matchingRows(db, invoicesListFor(view), view);
}
