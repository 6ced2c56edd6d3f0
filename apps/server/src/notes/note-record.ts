import type { NoteRecordTable } from '@ops/contract/notes';
import type { Kysely, Transaction } from 'kysely';
import { findRecord, recordNotFound } from '../db/records';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The record a note is (to be) on must exist: the 404 of its own table ("No member has the id
 * …"), as its detail words it. A deleted member or application still exists (its detail opens,
 * with Restore), so its notes stay readable and writable.
 */
export async function requireNoteRecord(db: Db, table: NoteRecordTable, id: string): Promise<void> {
  const row = await findRecord(db, table, id);
  if (!row) throw recordNotFound(table, id);
}
