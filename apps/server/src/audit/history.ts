import {
  auditBookkeepingFields,
  auditReasonKey,
  type AuditTable,
  type TAuditEntry,
  type TAuditFieldChange,
  type TAuditHistoryPage,
} from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { auditSecretColumns } from '../db/audit';
import { visibleTo } from './personal-entries';

/** Never shown, even if an old entry carried them (recordAudit strips them when writing). */
const hiddenFields = new Set<string>([...auditSecretColumns, ...auditBookkeepingFields]);

type Row = Record<string, unknown> | null;

function asRow(value: unknown): Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Values compare by their JSON: `{"a":1}` equals `{"a":1}` whatever object holds it. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The fields an entry changed, by name (jsonb keeps no column order): every key of before or
 * after whose value differs, except bookkeeping, secrets and metadata (`_reason`, …). A
 * creation lists the fields it set; a removal the fields it had.
 */
export function changedFields(before: unknown, after: unknown): TAuditFieldChange[] {
  const old = asRow(before);
  const next = asRow(after);
  const keys = [...new Set([...Object.keys(old ?? {}), ...Object.keys(next ?? {})])].sort();
  const changes: TAuditFieldChange[] = [];
  for (const field of keys) {
    if (hiddenFields.has(field) || field.startsWith('_')) continue;
    const was = old?.[field] ?? null;
    const now = next?.[field] ?? null;
    if (sameValue(was, now)) continue;
    changes.push({ field, before: was, after: now });
  }
  return changes;
}

/** The reason a person gave with the change (`_reason`), or null. */
export function reasonOf(after: unknown): string | null {
  const reason = asRow(after)?.[auditReasonKey];
  return typeof reason === 'string' && reason.trim() !== '' ? reason : null;
}

export type AuditHistoryOptions = {
  table: AuditTable;
  id: string;
  /** nextCursor of the previous page: the id of its last (oldest) entry. */
  cursor?: string | undefined;
  limit: number;
  /** Who reads: another operator's personal entries are left out (`personal-entries.ts`). */
  viewerUid: string;
};

/**
 * A record's history, newest first. Entries are ordered by their id, the order they were
 * written in (`at` is the transaction's start, so two overlapping transactions could swap);
 * the record index (table_name, record_id, …) narrows to one record's few entries first.
 */
export async function getAuditHistory(
  db: Kysely<Database>,
  options: AuditHistoryOptions,
): Promise<TAuditHistoryPage> {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.uid', 'a.actor_uid')
    .select([
      'a.id',
      'a.at',
      'a.actor_kind',
      'a.actor_uid',
      'u.email',
      'u.display_name',
      'a.action',
      'a.before',
      'a.after',
    ])
    .where('a.table_name', '=', options.table)
    .where('a.record_id', '=', options.id)
    .where(visibleTo(options.viewerUid));
  if (options.cursor) query = query.where('a.id', '<', options.cursor);
  const rows = await query
    .orderBy('a.id', 'desc')
    .limit(options.limit + 1)
    .execute();

  const hasMore = rows.length > options.limit;
  const page = hasMore ? rows.slice(0, options.limit) : rows;
  const data = page.map((row): TAuditEntry => ({
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actor: {
      kind: row.actor_kind,
      uid: row.actor_uid,
      email: row.email,
      displayName: row.display_name,
    },
    action: row.action,
    reason: reasonOf(row.after),
    changes: changedFields(row.before, row.after),
  }));
  return { data, nextCursor: hasMore ? (data.at(-1)?.id ?? null) : null };
}
