import {
  savedViewListNames,
  type SavedViewListName,
  type TSavedView,
} from '@ops/contract/saved-views';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { canEdit, type Caller } from './caller';
import { finishResolution, referencesOf, resolveParams } from './params';
import { findMissingRecords } from './references';

type Db = Kysely<Database> | Transaction<Database>;

/** The lists the console has now; a view of a list it no longer has is not shown. */
const knownLists: ReadonlySet<string> = new Set(savedViewListNames);

export function isKnownList(list: string): list is SavedViewListName {
  return knownLists.has(list);
}

/** A view as read for the caller: its owner, and whether it is the caller's default. */
export function selectViews(db: Db, caller: Caller) {
  return db
    .selectFrom('saved_views as v')
    .innerJoin('users as u', 'u.uid', 'v.owner_uid')
    .leftJoin('saved_view_defaults as d', (join) =>
      join.onRef('d.view_id', '=', 'v.id').on('d.uid', '=', caller.uid),
    )
    .select([
      'v.id',
      'v.owner_uid',
      'v.list',
      'v.name',
      'v.params',
      'v.is_shared',
      'v.version',
      'v.created_at',
      'v.updated_at',
      'u.email',
      'u.display_name',
      'd.view_id as default_view_id',
    ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

/** The lists in the sidebar's order (the contract's), then the names as a person reads them. */
const listOrder = new Map<string, number>(savedViewListNames.map((name, i) => [name, i]));
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The views as the API answers them: each resolved against its list as it is now (what no
 * longer applies left out and said), with the records every view names checked at once: one
 * query per kind of record for the whole response, however many views.
 */
export async function toSavedViews(
  db: Db,
  caller: Caller,
  rows: readonly ViewRow[],
): Promise<TSavedView[]> {
  const known = rows.filter((row) => isKnownList(row.list));
  const resolutions = known.map((row) => resolveParams(row.list as SavedViewListName, row.params));
  const missing = await findMissingRecords(db, resolutions.flatMap(referencesOf));
  const views = known.map((row, i): TSavedView => {
    const resolved = finishResolution(resolutions[i] as (typeof resolutions)[number], missing);
    return {
      id: row.id,
      list: row.list as SavedViewListName,
      name: row.name,
      isShared: row.is_shared,
      isDefault: row.default_view_id !== null,
      params: row.params,
      ...resolved,
      owner: { uid: row.owner_uid, email: row.email, displayName: row.display_name },
      isOwn: row.owner_uid === caller.uid,
      canEdit: canEdit(caller, row),
      version: row.version,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  });
  return views.sort(
    (a, b) =>
      (listOrder.get(a.list) ?? 0) - (listOrder.get(b.list) ?? 0) ||
      byName.compare(a.name, b.name) ||
      a.id.localeCompare(b.id),
  );
}

/** One view as the caller sees it now (after a write, in its transaction). */
export async function readView(db: Db, caller: Caller, id: string): Promise<TSavedView> {
  const row = await selectViews(db, caller).where('v.id', '=', id).executeTakeFirst();
  const [view] = row ? await toSavedViews(db, caller, [row]) : [];
  if (!view) throw new Error(`The saved view ${id} vanished within its transaction`);
  return view;
}
