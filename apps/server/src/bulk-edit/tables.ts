import { sql, type RawBuilder } from 'kysely';

/** The versioned tables whose bulk changes the generic undo restores. */
export type VersionedBulkTable = 'members' | 'invoices' | 'applications' | 'users';

type VersionedUndoTable = {
  /** The key column. */
  key: string;
  /** The noun of a 404 ("No bulk change of members has the id …"). */
  noun: string;
  /** How a skipped row is named, over the table's alias `t`. */
  label: RawBuilder<string>;
  /**
   * The columns an undo may write back: exactly those the table's bulk actions change. An
   * operation naming another column is refused (it was not written by these actions).
   */
  columns: readonly string[];
  /** The columns the audit entry keeps, when not the whole row (users: never the hash). */
  auditColumns?: readonly string[];
};

/** Each versioned table with bulk actions: how its undo finds, names and restores rows. */
export const undoTables: Record<VersionedBulkTable, VersionedUndoTable> = {
  members: {
    key: 'mid',
    noun: 'members',
    label: sql<string>`t.legal_name || ' (' || t.number || ')'`,
    // Bulk status (status, joined_on) and bulk edit (the five fields).
    columns: [
      'status',
      'joined_on',
      'category',
      'national_association_mid',
      'preferred_language',
      'billing_currency',
      'directory_visible',
    ],
  },
  invoices: {
    key: 'iid',
    noun: 'invoices',
    label: sql<string>`'Invoice ' || t.number`,
    columns: ['due_date', 'bank_account_id'],
  },
  applications: {
    key: 'aid',
    noun: 'applications',
    label: sql<string>`t.legal_name || ' (' || t.number || ')'`,
    columns: ['reviewer_uid'],
  },
  users: {
    key: 'uid',
    noun: 'users',
    label: sql<string>`t.email`,
    columns: ['disabled'],
    // As users/user-writes.ts audits a user.
    auditColumns: [
      'email',
      'display_name',
      'member_mid',
      'member_role',
      'preferred_language',
      'disabled',
      'version',
      'updated_at',
      'updated_by',
    ],
  },
};
