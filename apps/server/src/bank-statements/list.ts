import type {
  TBankStatementListItem,
  TBankStatementsListPage,
  TBankStatementsListQuery,
} from '@ops/contract/bank-statements';
import { bankStatementsList as bankStatementsListColumns } from '@ops/contract/lists/bank-statements';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type ListDefinition, type ListSpec, runList } from '../lists';

// The entries list lives beside it; exported here too so that `lists/index-per-sort.test.ts`,
// which reads each area's `list.ts`, walks its sorts as well.
export { bankEntriesListDefinition, bankEntriesListSpec } from './entries-list';

/** Whether a statement still has entries waiting for an operator, as its index holds it. */
const hasOpenExpression =
  "(CASE WHEN bs.suggested + bs.unmatched > 0 THEN 'true' ELSE 'false' END)";

/** Sort and filter expressions equal the indexes of migration 0027 (else they are not used). */
export const bankStatementsListSpec: ListSpec<typeof bankStatementsListColumns> = {
  definition: bankStatementsListColumns,
  id: 'bs.bsid',
  columns: {
    importedAt: { sortExpression: 'bs.imported_at' },
    toDate: { sortExpression: "coalesce(bs.to_date, '0001-01-01'::date)" },
    account: { column: 'bs.bank_account_id' },
    kind: { column: 'bs.message_kind' },
    hasOpen: { column: hasOpenExpression },
  },
};

/** The text the search box looks in, as the trigram index of migration 0027 holds it. */
const searchedText = sql.raw(
  "lower(bs.statement_id || ' ' || bs.account_iban || ' ' || coalesce(bs.file_name, ''))",
);

/** `%q%` for LIKE, with `%`, `_` and `\` taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Any part of the statement id, the IBAN (typed with or without spaces) or the file name. */
function statementSearch(q: string) {
  const text = q.trim().toLowerCase();
  const compact = text.replace(/\s+/g, '');
  return sql<boolean>`(${searchedText} LIKE ${containsPattern(text)} OR ${searchedText} LIKE ${containsPattern(compact)})`;
}

export type BankStatementListRow = {
  bsid: string;
  bank_account_id: string;
  account_label: string;
  account_iban: string;
  message_kind: 'camt.053' | 'camt.054';
  message_version: string;
  statement_id: string;
  from_date: string | null;
  to_date: string | null;
  currency: string | null;
  entries: number;
  booked: number;
  suggested: number;
  unmatched: number;
  duplicates: number;
  credited_minor: string;
  imported_at: Date;
  version: number;
};

/** The columns of a list row (and of the detail). */
export const bankStatementListColumns = [
  'bs.bsid',
  'bs.bank_account_id',
  'a.label as account_label',
  'bs.account_iban',
  'bs.message_kind',
  'bs.message_version',
  'bs.statement_id',
  'bs.from_date',
  'bs.to_date',
  'bs.currency',
  'bs.entries',
  'bs.booked',
  'bs.suggested',
  'bs.unmatched',
  'bs.duplicates',
  'bs.credited_minor',
  'bs.imported_at',
  'bs.version',
] as const;

export function bankStatementItemOf(row: BankStatementListRow): TBankStatementListItem {
  return {
    bsid: row.bsid,
    bankAccount: { id: row.bank_account_id, label: row.account_label },
    importedAt: new Date(row.imported_at).toISOString(),
    accountIban: row.account_iban,
    kind: row.message_kind,
    statementId: row.statement_id,
    fromDate: row.from_date,
    toDate: row.to_date,
    entries: row.entries,
    booked: row.booked,
    open: row.suggested + row.unmatched,
    duplicates: row.duplicates,
    currency: row.currency?.trim() ?? null,
    creditedMinor: Number(row.credited_minor),
    suggested: row.suggested,
    unmatched: row.unmatched,
    messageVersion: row.message_version,
    version: row.version,
  };
}

/** The bank statements list: filtered by account, kind and open entries; searched by id, IBAN, file. */
export const bankStatementsListDefinition: ListDefinition<
  BankStatementListRow,
  TBankStatementListItem
> = {
  spec: bankStatementsListSpec,
  from: (db) => db.selectFrom('bank_statements as bs'),
  search: statementSearch,
  select: (matching) =>
    matching
      .innerJoin('bank_accounts as a', 'a.id', 'bs.bank_account_id')
      .select([...bankStatementListColumns]),
  toItem: bankStatementItemOf,
};

/** A page of the bank statements list. */
export function listBankStatements(
  db: Kysely<Database>,
  query: TBankStatementsListQuery,
): Promise<TBankStatementsListPage> {
  return runList(db, bankStatementsListDefinition, query);
}
