import {
  changeRequestsList as changeRequestsListColumns,
  companyFields,
  type CompanyField,
  type TChangeRequestListItem,
  type TChangeRequestsListPage,
  type TChangeRequestsListQuery,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database, StoredFieldChange } from '../db/schema';
import { runList, searchDocumentIds, type ListDefinition, type ListSpec } from '../lists';

/** The sort's expression matches `member_change_requests_created_idx` (migration 0063). */
export const changeRequestsListSpec: ListSpec<typeof changeRequestsListColumns> = {
  definition: changeRequestsListColumns,
  id: 'r.id',
  columns: {
    requestedAt: { sortExpression: 'r.created_at' },
    kind: { column: 'r.kind' },
    status: { column: 'r.status' },
    member: { column: 'r.member_mid' },
  },
};

type ChangeRequestListRow = {
  id: string;
  kind: TChangeRequestListItem['kind'];
  status: TChangeRequestListItem['status'];
  member_mid: string;
  member_name: string;
  member_number: string;
  changes: StoredFieldChange[];
  requested_by_email: string | null;
  created_at: Date;
  decided_at: Date | null;
  document_file_name: string | null;
};

/**
 * The console's change-request queue: searched by the member's name (its search document, as the
 * members list searches) or its membership number.
 */
export const changeRequestsList: ListDefinition<ChangeRequestListRow, TChangeRequestListItem> = {
  spec: changeRequestsListSpec,
  from: (db) => db.selectFrom('member_change_requests as r'),
  search: (q) => {
    const text = q.trim();
    return sql<boolean>`r.member_mid IN (
      SELECT m.mid FROM members m WHERE m.number = ${text.toUpperCase()}
      UNION ALL
      ${searchDocumentIds('member', text)})`;
  },
  select: (matching) =>
    matching
      .innerJoin('members as m', 'm.mid', 'r.member_mid')
      .leftJoin('users as u', 'u.uid', 'r.requested_by')
      .select([
        'r.id',
        'r.kind',
        'r.status',
        'r.member_mid',
        'm.legal_name as member_name',
        'm.number as member_number',
        'r.changes',
        'u.email as requested_by_email',
        'r.created_at',
        'r.decided_at',
        'r.document_file_name',
      ]),
  toItem: (row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    memberMid: row.member_mid,
    memberName: row.member_name,
    memberNumber: row.member_number,
    fields: companyFields.filter((field: CompanyField) =>
      row.changes.some((change) => change.field === field),
    ),
    requestedBy: row.requested_by_email,
    requestedAt: row.created_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
    hasDocument: row.document_file_name !== null,
  }),
};

/** A page of the change-request queue. */
export function listChangeRequests(
  db: Kysely<Database>,
  query: TChangeRequestsListQuery,
  options: { withEstimate?: boolean } = {},
): Promise<TChangeRequestsListPage> {
  return runList(db, changeRequestsList, query, options);
}
