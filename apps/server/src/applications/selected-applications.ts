import { ZApplicationsListQuery, type TListSelection } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type AnySelect, matchingRows, parseSelectionView } from '../lists';
import { applicationsList } from './list';

/**
 * The applications a selection names (alias `a`, not deleted): the ids picked on screen, or
 * every application the list's view shows (its filters and search, read with the list's own
 * schema and rules, as the members' bulk actions read theirs).
 */
export function selectedApplications(db: Kysely<Database>, selection: TListSelection): AnySelect {
  if (selection.kind === 'ids') {
    return applicationsList
      .from(db)
      .where('a.aid', '=', sql<string>`ANY(${selection.ids}::text[])`);
  }
  const view = parseSelectionView(
    ZApplicationsListQuery.omit({ cursor: true, limit: true }),
    selection.listParams,
  );
  return matchingRows(db, applicationsList, view);
}
