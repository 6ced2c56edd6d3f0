import {
  emailsList as emailsListColumns,
  type TEmailListItem,
  type TEmailsListPage,
  type TEmailsListQuery,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database, EmailDeliveryMode, EmailState } from '../db/schema';
import { type ListDefinition, type ListSpec, runList, sortAndFilterBy } from '../lists';

/**
 * Sort expressions match the indexes of migration 0020 exactly (else they are not used). Times
 * sort as integer microseconds (`email_time_key`), so that cursors carry them exactly.
 */
export const emailsListSpec: ListSpec<typeof emailsListColumns> = {
  definition: emailsListColumns,
  id: 'e.eid',
  columns: {
    eid: sortAndFilterBy('e.eid'),
    createdAt: {
      // Filters compare days (UTC): "..2026-01-31" includes the whole 31st.
      column: 'email_day(e.created_at)',
      sortExpression: 'email_time_key(e.created_at)',
    },
    state: sortAndFilterBy('e.state'),
    to: { sortExpression: 'email_first_recipient(e.to_addresses)' },
    attempts: { sortExpression: 'e.delivery_count' },
    kind: sortAndFilterBy('e.kind'),
    deliveryMode: { column: 'e.delivery_mode', sortExpression: "coalesce(e.delivery_mode, '~~')" },
    relatedTable: {
      column: 'e.related_table',
      sortExpression: "coalesce(e.related_table, '~~')",
    },
  },
};

/**
 * What a person calls an e-mail's related record: the invoice or certificate number, the
 * member's name, the user's e-mail. One indexed lookup per row shown.
 */
export const relatedLabelSql = sql<string | null>`CASE e.related_table
  WHEN 'invoices' THEN (SELECT r.number FROM invoices r WHERE r.iid = e.related_id)
  WHEN 'certificates' THEN (SELECT r.number FROM certificates r WHERE r.cid = e.related_id)
  WHEN 'members' THEN (SELECT r.legal_name FROM members r WHERE r.mid = e.related_id)
  WHEN 'applications' THEN (SELECT r.number || ' ' || r.legal_name FROM applications r
                             WHERE r.aid = e.related_id)
  WHEN 'users' THEN (SELECT r.email FROM users r WHERE r.uid = e.related_id)
  WHEN 'stripe_invoices' THEN (SELECT coalesce(r.number, r.provider_invoice_id)
                                FROM stripe_invoices r WHERE r.sid = e.related_id)
  END`;

/**
 * The record an e-mail is about, as the log and the e-mail's detail show it: none unless both its
 * table and id are known, with the label `relatedLabelSql` read.
 */
export function relatedRecordOf(row: {
  related_table: string | null;
  related_id: string | null;
  related_label: string | null;
}): { table: string; id: string; label: string | null } | null {
  return row.related_table && row.related_id
    ? { table: row.related_table, id: row.related_id, label: row.related_label }
    : null;
}

type EmailListRow = {
  eid: string;
  state: EmailState;
  to_addresses: string[];
  subject: string;
  kind: string;
  related_table: string | null;
  related_id: string | null;
  related_label: string | null;
  delivery_count: number;
  error: string | null;
  created_at: Date;
  updated_at: Date;
  delivered_at: Date | null;
  delivery_mode: EmailDeliveryMode | null;
};

/** The e-mail log: every e-mail, filtered per column, searched by subject and recipients. */
export const emailsList: ListDefinition<EmailListRow, TEmailListItem> = {
  spec: emailsListSpec,
  from: (db) => db.selectFrom('emails as e'),
  // Every word typed, the last as a prefix, among the words of subject and addresses
  // (GIN index emails_list_search_idx): "alice@exa" finds alice@example.org.
  search: (q) =>
    sql<boolean>`email_search_terms(e.subject, e.to_addresses) @@ search_prefix_query(${q})`,
  select: (matching) =>
    matching.select([
      'e.eid',
      'e.state',
      'e.to_addresses',
      'e.subject',
      'e.kind',
      'e.related_table',
      'e.related_id',
      relatedLabelSql.as('related_label'),
      'e.delivery_count',
      'e.error',
      'e.created_at',
      'e.updated_at',
      'e.delivered_at',
      'e.delivery_mode',
    ]),
  toItem: (row) => ({
    eid: row.eid,
    state: row.state,
    to: row.to_addresses,
    subject: row.subject,
    kind: row.kind,
    related: relatedRecordOf(row),
    attempts: row.delivery_count,
    lastError: row.error,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    deliveryMode: row.delivery_mode,
  }),
};

/** A page of the e-mail log: newest first unless another sort is asked. */
export function listEmails(
  db: Kysely<Database>,
  query: TEmailsListQuery,
  options: { withEstimate?: boolean } = {},
): Promise<TEmailsListPage> {
  return runList(db, emailsList, query, options);
}
