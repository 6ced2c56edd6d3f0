import { filterSyntax } from '@ops/contract';
import {
  activityList as activityListColumns,
  type TActivityListItem,
  type TActivityListPage,
  type TActivityListQuery,
} from '@ops/contract/activity';
import { noteRecordTables, type NoteRecordTable } from '@ops/contract/notes';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { badQuery, type ListDefinition, type ListSpec, parseDay, runList } from '../lists';
import { changedFields, reasonOf } from './history';
import { visibleTo } from './personal-entries';

/** The entry's time as integer microseconds: the sort key of migration 0037's indexes. */
const timeKey = 'audit_time_key(a.at)';

/**
 * Sort and filter expressions match the indexes of migration 0037 exactly (else they are not
 * used): each filter's column leads an index with the time key after it. The days filter is this
 * list's own (`activityListFor`): it compares the time key, so the sort's index answers it.
 */
export const activityListSpec: ListSpec<typeof activityListColumns> = {
  definition: activityListColumns,
  id: 'a.id',
  columns: {
    at: { sortExpression: timeKey, isOwnFilter: true },
    operator: { column: 'a.actor_uid' },
    recordType: { column: 'a.table_name' },
    action: { column: 'a.action' },
    // The History tab's index (table_name, record_id, at) finds a record's few entries.
    record: { column: 'a.record_id' },
  },
};

/**
 * Midnight at headquarters at the start of a day (`plusDays` 1: at its end), as the time key:
 * days there are 23 or 25 hours long when the clocks change.
 */
function midnightKey(day: string, plusDays = 0): RawBuilder<unknown> {
  return sql`audit_time_key((${day}::date + ${plusDays}::int)::timestamp AT TIME ZONE 'Europe/Zurich')`;
}

/**
 * Days at headquarters (Europe/Zurich), as the other date filters read them: `from..to` (either
 * end open) includes the whole of both days; `a,b` those days. Each becomes a range of the time
 * key, which the sort's index answers.
 */
export function activityDaysFilter(raw: string): RawBuilder<boolean> {
  const key = sql.raw(timeKey);
  if (raw.includes(filterSyntax.range)) {
    const [fromText = '', toText = '', ...rest] = raw.split(filterSyntax.range);
    if (rest.length > 0 || (fromText.trim() === '' && toText.trim() === '')) {
      throw badQuery('at', 'invalid_format', `"${raw}" is not a range "from..to"`);
    }
    const parts: RawBuilder<boolean>[] = [];
    if (fromText.trim() !== '')
      parts.push(sql<boolean>`${key} >= ${midnightKey(parseDay('at', fromText))}`);
    if (toText.trim() !== '')
      parts.push(sql<boolean>`${key} < ${midnightKey(parseDay('at', toText), 1)}`);
    return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
  }
  // Every entry has a time: "(empty)" matches none.
  if (raw === filterSyntax.empty) return sql<boolean>`false`;
  const days = raw.split(filterSyntax.separator).map((text) => parseDay('at', text));
  if (days.length > 100) throw badQuery('at', 'too_big', 'at most 100 values');
  return sql<boolean>`(${sql.join(
    days.map((day) => sql`(${key} >= ${midnightKey(day)} AND ${key} < ${midnightKey(day, 1)})`),
    sql` OR `,
  )})`;
}

/**
 * What a person calls an entry's record, where one indexed lookup finds it: the member's number
 * and name, the invoice or certificate number, the user's e-mail, … Null for a record that is
 * gone or a table without such a name (the screen shows the id).
 */
const recordLabelSql = sql<string | null>`CASE a.table_name
  WHEN 'members' THEN (SELECT r.number || ' ' || r.legal_name FROM members r
                        WHERE r.mid = a.record_id)
  WHEN 'applications' THEN (SELECT r.number || ' ' || r.legal_name FROM applications r
                             WHERE r.aid = a.record_id)
  WHEN 'invoices' THEN (SELECT r.number FROM invoices r WHERE r.iid = a.record_id)
  WHEN 'credit_notes' THEN (SELECT r.number FROM credit_notes r WHERE r.cnid = a.record_id)
  WHEN 'certificates' THEN (SELECT r.number FROM certificates r WHERE r.cid = a.record_id)
  WHEN 'stripe_invoices' THEN (SELECT coalesce(r.number, r.provider_invoice_id)
                                FROM stripe_invoices r WHERE r.sid = a.record_id)
  WHEN 'bank_statements' THEN (SELECT r.statement_id FROM bank_statements r
                                WHERE r.bsid = a.record_id)
  WHEN 'users' THEN (SELECT r.email FROM users r WHERE r.uid = a.record_id)
  WHEN 'operators' THEN (SELECT r.email FROM users r WHERE r.uid = a.record_id)
  WHEN 'emails' THEN (SELECT r.subject FROM emails r WHERE r.eid = a.record_id)
  WHEN 'countries' THEN (SELECT r.name FROM countries r WHERE r.iso2 = a.record_id::bpchar)
  WHEN 'bank_accounts' THEN (SELECT r.label FROM bank_accounts r WHERE r.id = a.record_id)
  WHEN 'job_schedules' THEN (SELECT r.title FROM job_schedules r WHERE r.name = a.record_id)
  WHEN 'notes' THEN (SELECT 'Note on ' || CASE n.record_table
      WHEN 'members' THEN (SELECT r.number || ' ' || r.legal_name FROM members r
                            WHERE r.mid = n.record_id)
      WHEN 'applications' THEN (SELECT r.number || ' ' || r.legal_name FROM applications r
                                 WHERE r.aid = n.record_id)
      WHEN 'invoices' THEN (SELECT 'invoice ' || r.number FROM invoices r WHERE r.iid = n.record_id)
      END FROM notes n WHERE n.id = a.record_id)
  WHEN 'saved_views' THEN (SELECT r.name FROM saved_views r WHERE r.id = a.record_id)
  END`;

/**
 * A note's entry (issue 19) opens the Notes tab of the record the note is on: every entry keeps
 * the whole note row, `record_table` and `record_id` with it, so no lookup is needed.
 */
const noteRecordSql = sql<{ table: string; id: string } | null>`CASE WHEN a.table_name = 'notes'
  THEN jsonb_build_object('table', coalesce(a.after, a.before)->>'record_table',
                          'id', coalesce(a.after, a.before)->>'record_id') END`;

/** The record a note's entry names, when it is one that notes can be on. */
function noteRecordOf(
  value: { table: string; id: string } | null,
): { table: NoteRecordTable; id: string } | undefined {
  if (!value?.id || !(noteRecordTables as readonly string[]).includes(value.table)) {
    return undefined;
  }
  return { table: value.table as NoteRecordTable, id: value.id };
}

type ActivityListRow = {
  id: string;
  at: Date;
  actor_kind: TActivityListItem['actor']['kind'];
  actor_uid: string | null;
  email: string | null;
  display_name: string | null;
  table_name: string;
  record_id: string;
  record_label: string | null;
  note_record: { table: string; id: string } | null;
  action: string;
  before: unknown;
  after: unknown;
};

/**
 * The activity log of one request: its days filter joins the fixed part of the list here. Only
 * the changed fields leave the server (`changedFields`: never a secret column, never the raw
 * before/after).
 */
export function activityListFor(
  query: Pick<TActivityListQuery, 'at'>,
  viewerUid: string,
): ListDefinition<ActivityListRow, TActivityListItem> {
  const days = query.at ? activityDaysFilter(query.at) : null;
  return {
    spec: activityListSpec,
    from: (db) => {
      const from = db.selectFrom('audit_log as a').where(visibleTo(viewerUid));
      return days ? from.where(days) : from;
    },
    select: (matching) =>
      matching
        .leftJoin('users as u', 'u.uid', 'a.actor_uid')
        .select([
          'a.id',
          'a.at',
          'a.actor_kind',
          'a.actor_uid',
          'u.email',
          'u.display_name',
          'a.table_name',
          'a.record_id',
          recordLabelSql.as('record_label'),
          noteRecordSql.as('note_record'),
          'a.action',
          'a.before',
          'a.after',
        ]),
    toItem: (row) => ({
      id: String(row.id),
      at: new Date(row.at).toISOString(),
      actor: {
        kind: row.actor_kind,
        uid: row.actor_uid,
        email: row.email,
        displayName: row.display_name,
      },
      recordType: row.table_name,
      record: { id: row.record_id, label: row.record_label, on: noteRecordOf(row.note_record) },
      action: row.action,
      reason: reasonOf(row.after),
      changes: changedFields(row.before, row.after),
    }),
  };
}

/** A page of the activity log: newest first unless another sort is asked. */
export function listActivity(
  db: Kysely<Database>,
  query: TActivityListQuery,
  viewerUid: string,
  options: { withEstimate?: boolean } = {},
): Promise<TActivityListPage> {
  return runList(db, activityListFor(query, viewerUid), query, options);
}
