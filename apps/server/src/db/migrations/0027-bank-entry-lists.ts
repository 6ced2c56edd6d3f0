import { sql, type Kysely } from 'kysely';

/**
 * Issue 16: the bank statements list and the bank entries list (with the Unmatched payments
 * queue, its view `state=suggested,unmatched`). One index per sort, with the id after it, equal
 * to the list's sort expression (`bank-statements/list.ts`, `entries-list.ts`), so every first
 * page reads an index (`lists/index-per-sort.test.ts`); one per filter, so a statement's entries,
 * an account's statements and the queue are read without walking the table; and a trigram index
 * for the search box. Entries arrive 10,000 at a time (a camt.054 of QR payments): the trigram
 * index keeps its pending list (`fastupdate`, PostgreSQL's default), so an import's insert stays
 * one cheap statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
-- Statements: sorts (imported, to date) and filters (account, kind, has open entries).
CREATE INDEX bank_statements_list_imported_idx ON bank_statements (imported_at, bsid);
CREATE INDEX bank_statements_list_to_date_idx
  ON bank_statements ((coalesce(to_date, '0001-01-01'::date)), bsid);
CREATE INDEX bank_statements_list_account_idx
  ON bank_statements (bank_account_id, imported_at, bsid);
CREATE INDEX bank_statements_list_kind_idx ON bank_statements (message_kind, imported_at, bsid);
CREATE INDEX bank_statements_list_open_idx ON bank_statements (
  (CASE WHEN suggested + unmatched > 0 THEN 'true' ELSE 'false' END), imported_at, bsid);
CREATE INDEX bank_statements_search_idx ON bank_statements USING gin (
  (lower(statement_id || ' ' || account_iban || ' ' || coalesce(file_name, ''))) gin_trgm_ops);

-- Entries: sorts (booking date, amount, state) and filters (booking date, state, currency,
-- statement); the queue (suggested, then unmatched, newest first) as a partial index.
CREATE INDEX bank_entries_list_booking_date_idx
  ON bank_entries ((coalesce(booking_date, '0001-01-01'::date)), beid);
CREATE INDEX bank_entries_list_amount_idx ON bank_entries (amount_minor, beid);
CREATE INDEX bank_entries_list_state_sort_idx ON bank_entries (state, beid);
CREATE INDEX bank_entries_list_state_idx
  ON bank_entries (state, (coalesce(booking_date, '0001-01-01'::date)), beid);
CREATE INDEX bank_entries_list_queue_idx
  ON bank_entries (state, (coalesce(booking_date, '0001-01-01'::date)) DESC, beid DESC)
  WHERE state IN ('suggested', 'unmatched');
CREATE INDEX bank_entries_list_currency_idx ON bank_entries (currency, beid);
CREATE INDEX bank_entries_list_statement_idx
  ON bank_entries (statement_bsid, (coalesce(booking_date, '0001-01-01'::date)), beid);
CREATE INDEX bank_entries_search_idx ON bank_entries USING gin (
  (lower(coalesce(payer_name, '') || ' ' || coalesce(payer_iban, '') || ' ' ||
         coalesce(structured_reference, '') || ' ' || coalesce(unstructured_text, '') || ' ' ||
         coalesce(account_servicer_reference, '') || ' ' || coalesce(end_to_end_id, '')))
  gin_trgm_ops);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
DROP INDEX bank_statements_list_imported_idx, bank_statements_list_to_date_idx,
  bank_statements_list_account_idx, bank_statements_list_kind_idx, bank_statements_list_open_idx,
  bank_statements_search_idx, bank_entries_list_booking_date_idx, bank_entries_list_amount_idx,
  bank_entries_list_state_sort_idx, bank_entries_list_state_idx, bank_entries_list_queue_idx,
  bank_entries_list_currency_idx, bank_entries_list_statement_idx, bank_entries_search_idx;
`,
    )
    .execute(db);
}
