import type { TSavedViews, TSavedViewsQuery } from '@ops/contract/saved-views';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Caller } from './caller';
import { selectViews, toSavedViews } from './view-row';

/**
 * GET /api/saved-views?list=: the caller's own views and every shared view (of one list, or of
 * all), by list then name, each resolved: what no longer applies is left out of what opens
 * (`openParams`, `listParams`) and said in `dropped`. Another operator's personal view is never
 * read. A handful of queries whatever the number of views: the views, then one per kind of
 * record their filters name.
 */
export async function listSavedViews(
  db: Kysely<Database>,
  caller: Caller,
  query: TSavedViewsQuery,
): Promise<TSavedViews> {
  let select = selectViews(db, caller).where((eb) =>
    eb.or([eb('v.owner_uid', '=', caller.uid), eb('v.is_shared', '=', true)]),
  );
  if (query.list) select = select.where('v.list', '=', query.list);
  return { views: await toSavedViews(db, caller, await select.execute()) };
}
