import { sql, type Selectable, type Transaction } from 'kysely';
import type { Actor } from '../../db/audit';
import type { BankEntriesTable, Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { ParsedEntry, ParsedTransaction } from '../camt/types';
import { EntryIdentities } from './identity';
import type { PlannedStatement } from './statements';

type Trx = Transaction<Database>;

/** A bank entry row as the importer writes it (every column but the stamps). */
export type NewEntry = Omit<
  Selectable<BankEntriesTable>,
  'amount_minor' | 'version' | 'created_at' | 'updated_at' | 'created_by' | 'updated_by'
> & { amount_minor: number };

/** Entries the bank has not booked yet: they are not money on the account, so not imported. */
const notYetBooked: readonly ParsedEntry['status'][] = ['pending', 'info'];

/** Rows per insert statement: 27 columns × 2,000 rows stays under PostgreSQL's 65,535 parameters. */
const rowsPerInsert = 2_000;

export type PlannedEntries = {
  /** The entries to write, in file order: credits still to match, debits and duplicates. */
  rows: NewEntry[];
  /** Transactions of statements imported before (nothing written for them). */
  duplicateStatementEntries: number;
  /** Entries the bank reports as pending or for information only (not imported). */
  notBooked: number;
};

function newEntry(
  statement: PlannedStatement,
  entry: ParsedEntry,
  transaction: ParsedTransaction,
  identity: string,
): NewEntry {
  return {
    beid: newId(),
    statement_bsid: statement.bsid,
    bank_account_id: statement.account.id,
    entry_position: entry.position,
    transaction_position: transaction.position,
    identity,
    duplicate_of: null,
    direction: transaction.direction,
    amount_minor: transaction.amountMinor,
    currency: transaction.currency,
    booking_date: entry.bookingDate,
    value_date: entry.valueDate,
    batch_reference: entry.isBatch
      ? (entry.accountServicerReference ?? entry.entryReference)
      : null,
    // A single transaction is its entry: the entry's reference is the bank's for it.
    account_servicer_reference:
      transaction.accountServicerReference ??
      (entry.isBatch ? null : entry.accountServicerReference),
    end_to_end_id: transaction.endToEndId,
    structured_reference: transaction.structuredReference,
    unstructured_text: transaction.unstructuredText,
    payer_name: transaction.payerName,
    payer_iban: transaction.payerIban,
    state: transaction.direction === 'debit' ? 'debit' : 'unmatched',
    outcome: null,
    invoice_iid: null,
    member_mid: null,
    match_rule: null,
    match_reason: null,
    unmatched_reason: null,
    ignored_reason: null,
    movement_id: null,
  };
}

/**
 * One row per transaction of the new statements (a batch booking's details are rows of their
 * own), each with its identity. An identity seen before, in an earlier file or earlier in this
 * one, makes the row a duplicate naming the first sighting: listed on its statement, never
 * booked again.
 */
export async function planEntries(
  trx: Trx,
  statements: readonly PlannedStatement[],
): Promise<PlannedEntries> {
  const rows: NewEntry[] = [];
  const identitiesOf = new Map<string, EntryIdentities>();
  let duplicateStatementEntries = 0;
  let notBooked = 0;
  for (const statement of statements) {
    const count = statement.parsed.entries.reduce(
      (sum, entry) => sum + (notYetBooked.includes(entry.status) ? 0 : entry.transactions.length),
      0,
    );
    if (statement.isDuplicate) {
      duplicateStatementEntries += count;
      continue;
    }
    const accountId = statement.account.id;
    let identities = identitiesOf.get(accountId);
    if (!identities) identitiesOf.set(accountId, (identities = new EntryIdentities(accountId)));
    for (const entry of statement.parsed.entries) {
      if (notYetBooked.includes(entry.status)) {
        notBooked += entry.transactions.length;
        continue;
      }
      for (const transaction of entry.transactions) {
        rows.push(newEntry(statement, entry, transaction, identities.of(entry, transaction)));
      }
    }
  }
  await markDuplicates(trx, rows);
  return { rows, duplicateStatementEntries, notBooked };
}

/** Rows whose identity is known (stored before, or earlier in this file) become duplicates. */
async function markDuplicates(trx: Trx, rows: NewEntry[]): Promise<void> {
  if (rows.length === 0) return;
  const stored = await sql<{ bank_account_id: string; identity: string; beid: string }>`
    SELECT e.bank_account_id, e.identity, e.beid
      FROM unnest(${rows.map((row) => row.bank_account_id)}::text[],
                  ${rows.map((row) => row.identity)}::text[]) AS k(account, identity)
      JOIN bank_entries e ON e.bank_account_id = k.account AND e.identity = k.identity
     WHERE e.duplicate_of IS NULL`.execute(trx);
  const firstSeen = new Map<string, string>();
  for (const row of stored.rows) firstSeen.set(`${row.bank_account_id} ${row.identity}`, row.beid);
  for (const row of rows) {
    const key = `${row.bank_account_id} ${row.identity}`;
    const first = firstSeen.get(key);
    if (first === undefined) {
      firstSeen.set(key, row.beid);
      continue;
    }
    row.duplicate_of = first;
    row.state = 'duplicate';
  }
}

/** Writes the rows set-based: one multi-row insert per 2,000 entries. */
export async function insertEntries(
  trx: Trx,
  actor: Actor,
  rows: readonly NewEntry[],
): Promise<void> {
  const author = actor.uid ?? actor.kind;
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    await trx
      .insertInto('bank_entries')
      .values(
        rows
          .slice(start, start + rowsPerInsert)
          .map((row) => ({ ...row, created_by: author, updated_by: author })),
      )
      .execute();
  }
}
