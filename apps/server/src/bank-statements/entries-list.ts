import type {
  TBankEntriesListPage,
  TBankEntriesListQuery,
  TBankEntryListItem,
} from '@ops/contract/bank-statements';
import { bankEntriesList as bankEntriesListColumns } from '@ops/contract/lists/bank-entries';
import { sql, type Kysely } from 'kysely';
import type { BankEntriesTable, Database } from '../db/schema';
import { type ListDefinition, type ListSpec, runList, sortAndFilterBy } from '../lists';
import type { Selectable } from 'kysely';

/** The booking day as the indexes of migration 0027 hold it (never NULL: last when newest first). */
const bookingDayExpression = "coalesce(be.booking_date, '0001-01-01'::date)";

/** Sort and filter expressions equal the indexes of migration 0027 (else they are not used). */
export const bankEntriesListSpec: ListSpec<typeof bankEntriesListColumns> = {
  definition: bankEntriesListColumns,
  id: 'be.beid',
  columns: {
    bookingDate: sortAndFilterBy(bookingDayExpression),
    amount: { sortExpression: 'be.amount_minor' },
    // Alphabetical: "suggested" sorts before "unmatched", the order of the queue.
    state: sortAndFilterBy('be.state'),
    currency: { column: 'be.currency' },
    statement: { column: 'be.statement_bsid' },
  },
};

/** The text the search box looks in, as the trigram index of migration 0027 holds it. */
const searchedText = sql.raw(
  "lower(coalesce(be.payer_name, '') || ' ' || coalesce(be.payer_iban, '') || ' ' || coalesce(be.structured_reference, '') || ' ' || coalesce(be.unstructured_text, '') || ' ' || coalesce(be.account_servicer_reference, '') || ' ' || coalesce(be.end_to_end_id, ''))",
);

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Any part of the payer's name or IBAN, the reference, the payment text or the bank's
 * reference; an IBAN or a QR reference typed with spaces is found as well.
 */
export function bankEntrySearch(q: string) {
  const text = q.trim().toLowerCase();
  const compact = text.replace(/\s+/g, '');
  return sql<boolean>`(${searchedText} LIKE ${containsPattern(text)} OR ${searchedText} LIKE ${containsPattern(compact)})`;
}

export type BankEntryListRow = Pick<
  Selectable<BankEntriesTable>,
  | 'beid'
  | 'statement_bsid'
  | 'entry_position'
  | 'transaction_position'
  | 'direction'
  | 'amount_minor'
  | 'currency'
  | 'booking_date'
  | 'value_date'
  | 'payer_name'
  | 'payer_iban'
  | 'structured_reference'
  | 'unstructured_text'
  | 'account_servicer_reference'
  | 'end_to_end_id'
  | 'state'
  | 'outcome'
  | 'match_rule'
  | 'match_reason'
  | 'unmatched_reason'
  | 'ignored_reason'
  | 'invoice_iid'
  | 'duplicate_of'
  | 'batch_reference'
  | 'version'
> & {
  invoice_number: string | null;
  invoice_status: string | null;
  invoice_currency: string | null;
  invoice_balance_minor: string | null;
  invoice_member_mid: string | null;
  member_name: string | null;
};

/** The columns of a list row (and of the detail), with the invoice and its member. */
export const bankEntryListColumns = [
  'be.beid',
  'be.statement_bsid',
  'be.entry_position',
  'be.transaction_position',
  'be.direction',
  'be.amount_minor',
  'be.currency',
  'be.booking_date',
  'be.value_date',
  'be.payer_name',
  'be.payer_iban',
  'be.structured_reference',
  'be.unstructured_text',
  'be.account_servicer_reference',
  'be.end_to_end_id',
  'be.state',
  'be.outcome',
  'be.match_rule',
  'be.match_reason',
  'be.unmatched_reason',
  'be.ignored_reason',
  'be.invoice_iid',
  'be.duplicate_of',
  'be.batch_reference',
  'be.version',
  'i.number as invoice_number',
  'i.status as invoice_status',
  'i.currency as invoice_currency',
  'i.balance_minor as invoice_balance_minor',
  'i.member_mid as invoice_member_mid',
  'm.legal_name as member_name',
] as const;

export function bankEntryItemOf(row: BankEntryListRow): TBankEntryListItem {
  return {
    beid: row.beid,
    statementBsid: row.statement_bsid,
    entryPosition: row.entry_position,
    transactionPosition: row.transaction_position,
    direction: row.direction,
    amountMinor: Number(row.amount_minor),
    currency: row.currency.trim(),
    bookingDate: row.booking_date,
    valueDate: row.value_date,
    payerName: row.payer_name,
    payerIban: row.payer_iban,
    structuredReference: row.structured_reference,
    unstructuredText: row.unstructured_text,
    accountServicerReference: row.account_servicer_reference,
    endToEndId: row.end_to_end_id,
    state: row.state,
    outcome: row.outcome,
    matchRule: row.match_rule,
    matchReason: row.match_reason,
    unmatchedReason: row.unmatched_reason,
    ignoredReason: row.ignored_reason,
    invoice:
      row.invoice_iid && row.invoice_number
        ? {
            iid: row.invoice_iid,
            number: row.invoice_number,
            status: row.invoice_status ?? '',
            currency: (row.invoice_currency ?? row.currency).trim(),
            balanceMinor: Number(row.invoice_balance_minor ?? 0),
            memberMid: row.invoice_member_mid,
            memberName: row.member_name,
          }
        : null,
    duplicateOf: row.duplicate_of,
    isBatch: row.batch_reference !== null,
    version: row.version,
  };
}

/**
 * The bank entries list (a statement's entries, the Unmatched payments queue): filtered by
 * statement, state, currency and booking day; searched by payer, IBAN, references and text.
 */
export const bankEntriesListDefinition: ListDefinition<BankEntryListRow, TBankEntryListItem> = {
  spec: bankEntriesListSpec,
  from: (db) => db.selectFrom('bank_entries as be'),
  search: bankEntrySearch,
  select: (matching) =>
    matching
      .leftJoin('invoices as i', 'i.iid', 'be.invoice_iid')
      .leftJoin('members as m', 'm.mid', 'i.member_mid')
      .select([...bankEntryListColumns]),
  toItem: bankEntryItemOf,
};

/** A page of the bank entries list. */
export function listBankEntries(
  db: Kysely<Database>,
  query: TBankEntriesListQuery,
): Promise<TBankEntriesListPage> {
  return runList(db, bankEntriesListDefinition, query);
}
