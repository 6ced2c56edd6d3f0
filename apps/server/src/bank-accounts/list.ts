import {
  bankAccountsList as bankAccountsListColumns,
  type TBankAccountListItem,
  type TBankAccountsListPage,
  type TBankAccountsListQuery,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type ListDefinition, type ListSpec, runList, sortAndFilterBy } from '../lists';

const isDefaultText = "(CASE WHEN b.is_default THEN 'true' ELSE 'false' END)";
const activeText = "(CASE WHEN b.active THEN 'true' ELSE 'false' END)";

/** A handful of rows: no index per sort is worth keeping (migration 0012 says why). */
export const bankAccountsListSpec: ListSpec<typeof bankAccountsListColumns> = {
  definition: bankAccountsListColumns,
  id: 'b.id',
  columns: {
    label: { sortExpression: 'b.label' },
    bankName: { sortExpression: 'b.bank_name' },
    currency: sortAndFilterBy('b.currency'),
    isDefault: sortAndFilterBy(isDefaultText),
    active: sortAndFilterBy(activeText),
  },
  unindexedSorts: { fields: 'all', reason: 'a handful of rows (migration 0012)' },
};

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export const bankAccountsList: ListDefinition<BankAccountListRow, TBankAccountListItem> = {
  spec: bankAccountsListSpec,
  from: (db) => db.selectFrom('bank_accounts as b'),
  // Words of a label, bank or holder; an IBAN or BIC typed with or without its spaces.
  search: (q) => {
    const text = likePattern(q.trim());
    const code = likePattern(q.replace(/\s+/g, '').toUpperCase());
    return sql<boolean>`(b.label ILIKE ${text} OR b.bank_name ILIKE ${text} OR b.holder_name ILIKE ${text}
                         OR b.iban LIKE ${code} OR b.qr_iban LIKE ${code} OR b.bic LIKE ${code})`;
  },
  select: (matching) =>
    matching.select([
      'b.id',
      'b.label',
      'b.bank_name',
      'b.holder_name',
      'b.iban',
      'b.qr_iban',
      'b.bic',
      'b.currency',
      'b.is_default',
      'b.active',
    ]),
  toItem: bankAccountFieldsOf,
};

/**
 * An account's own fields as the list shows them; the detail adds the holder's address, its
 * version and authors to the same fields.
 */
export function bankAccountFieldsOf(row: BankAccountListRow): TBankAccountListItem {
  return {
    id: row.id,
    label: row.label,
    bankName: row.bank_name,
    holderName: row.holder_name,
    iban: row.iban,
    qrIban: row.qr_iban,
    bic: row.bic,
    currency: row.currency,
    isDefault: row.is_default,
    active: row.active,
  };
}

type BankAccountListRow = {
  id: string;
  label: string;
  bank_name: string;
  holder_name: string;
  iban: string;
  qr_iban: string | null;
  bic: string | null;
  currency: string;
  is_default: boolean;
  active: boolean;
};

/** A page of the federation's bank accounts. */
export function listBankAccounts(
  db: Kysely<Database>,
  query: TBankAccountsListQuery,
): Promise<TBankAccountsListPage> {
  return runList(db, bankAccountsList, query);
}
