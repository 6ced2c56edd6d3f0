import type { TFieldChange, TPortalChangeRequest } from '@ops/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MemberChangeRequestsTable, StoredFieldChange } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type ChangeRequestRow = Selectable<MemberChangeRequestsTable>;

/** A request with the e-mail addresses of who asked and who decided. */
export type ChangeRequestWithPeople = ChangeRequestRow & {
  requested_by_email: string | null;
  decided_by_email: string | null;
};

/** Requests joined to their people; the caller adds its conditions. */
export function changeRequestsWithPeople(db: Db) {
  return db
    .selectFrom('member_change_requests as r')
    .leftJoin('users as asker', 'asker.uid', 'r.requested_by')
    .leftJoin('users as decider', 'decider.uid', 'r.decided_by')
    .selectAll('r')
    .select(['asker.email as requested_by_email', 'decider.email as decided_by_email']);
}

const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** The stored `{field, from, to}` list, as the contract types it. */
export function fieldChangesOf(stored: StoredFieldChange[] | null): TFieldChange[] {
  return (stored ?? []).map((change) => ({
    field: change.field as TFieldChange['field'],
    from: asText(change.from),
    to: asText(change.to),
  }));
}

/** A request as the member sees it (the console's detail adds to this). */
export function toPortalChangeRequest(row: ChangeRequestWithPeople): TPortalChangeRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    requestedAt: new Date(row.created_at).toISOString(),
    requestedBy: row.requested_by_email,
    changes: fieldChangesOf(row.changes),
    note: row.note,
    document:
      row.document_file_name && row.document_content_type && row.document_size_bytes !== null
        ? {
            fileName: row.document_file_name,
            contentType: row.document_content_type,
            sizeBytes: row.document_size_bytes,
          }
        : null,
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    decisionReason: row.decision_reason,
    applied: row.applied ? fieldChangesOf(row.applied) : null,
  };
}
