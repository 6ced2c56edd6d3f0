import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';
import { recordColumns } from './record-columns';

/**
 * Issue 19, saved views: a list's search, filters, sort and columns kept under a name, by the
 * operator who saved it (`owner_uid`), personal or shared with every operator.
 *
 * - `id` is an opaque 20-character id (`lib/ids.ts`), the records store's key, the audit
 *   trail's record id and the change event's id.
 * - `list` is the contract's list name (`savedViewLists`); no CHECK, so a list the console no
 *   longer has leaves its views in place rather than failing a migration (the API skips them).
 * - `params` is the view as the list's URL carries it (without "?"), kept as saved: what no
 *   longer applies is dropped when it is read, not rewritten here (`saved-views/params.ts`).
 * - A name is unique per owner and list, whatever its case: the unique index on
 *   `(owner_uid, list, lower(name))` also serves the owner's views of a list (its prefix).
 *   Shared views are read by list through their own partial index.
 * - `saved_view_defaults`: the operator's default view of a list, one per list (the key). Its
 *   view must be of the same list (the foreign key on `(view_id, list)`); deleting the view
 *   deletes the defaults naming it.
 * - Both tables are on the change feed (`notify_statement_changes`, as 0019 does), so a shared
 *   view edited in one console changes in every other, and a default set in one tab in the
 *   operator's others (`saved_view_defaults` announces the operator's uid).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE saved_views (
  id text PRIMARY KEY,
  owner_uid text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  list text NOT NULL,
  name text NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 80),
  params text NOT NULL CHECK (length(params) <= 4000),
  is_shared boolean NOT NULL DEFAULT false,
  ${recordColumns},
  UNIQUE (id, list)
);
CREATE UNIQUE INDEX saved_views_owner_list_name ON saved_views (owner_uid, list, lower(name));
CREATE INDEX saved_views_shared ON saved_views (list) WHERE is_shared;

CREATE TABLE saved_view_defaults (
  uid text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  list text NOT NULL,
  view_id text NOT NULL,
  PRIMARY KEY (uid, list),
  FOREIGN KEY (view_id, list) REFERENCES saved_views (id, list) ON DELETE CASCADE
);
-- The cascade from a deleted view, and unsharing (other operators' defaults of the view go).
CREATE INDEX saved_view_defaults_view ON saved_view_defaults (view_id);


${changeFeedTriggers([
  ['saved_views', 'id'],
  ['saved_view_defaults', 'uid'],
])}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE saved_view_defaults, saved_views`.execute(db);
}
