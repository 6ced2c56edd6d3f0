import { sql, type RawBuilder } from 'kysely';

/**
 * An operator's workspace is theirs (issue 31): their personal saved views, their default views
 * and their mention read marks are nobody else's business, and a personal view is a 404 on its
 * own route to others. The audit trail must not show them either, in the activity log, its
 * export or a record's history: an entry of these tables is seen by the operator who made it,
 * and an entry of a view shared with every operator (as the entry records it) by everyone.
 */
const personalTables = ['saved_views', 'saved_view_defaults', 'note_mentions'];

/** The condition on `audit_log as a` that keeps other operators' personal entries out. */
export function visibleTo(viewerUid: string): RawBuilder<boolean> {
  return sql<boolean>`(a.table_name <> ALL(${personalTables}::text[])
    OR a.actor_uid = ${viewerUid}
    OR (a.table_name = 'saved_views'
        AND coalesce((a.after ->> 'is_shared')::boolean, (a.before ->> 'is_shared')::boolean, false)))`;
}
