import type {
  TBankAccountListItem,
  TBankAccountsListPage,
  TBankAccountsListQuery,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ListSpec } from '../lists/list-spec';
import { runList, type ListDefinition } from '../lists/run-list';

const yesNo = ['true', 'false'] as const;

/** A handful of rows: no index per sort is worth keeping (migration 0012 says why). */
export const bankAccountsListSpec: ListSpec = {
  id: 'b.id',
  columns: {
    label: { column: 'b.label', sortExpression: 'b.label', kind: 'text' },
    bankName: { column: 'b.bank_name', sortExpression: 'b.bank_name', kind: 'text' },
    currency: { column: 'b.currency', sortExpression: 'b.currency', kind: 'text' },
    isDefault: {
      column: "(CASE WHEN b.is_default THEN 'true' ELSE 'false' END)",
      sortExpression: "(CASE WHEN b.is_default THEN 'true' ELSE 'false' END)",
      kind: 'text',
      values: yesNo,
    },
    active: {
      column: "(CASE WHEN b.active THEN 'true' ELSE 'false' END)",
      sortExpression: "(CASE WHEN b.active THEN 'true' ELSE 'false' END)",
      kind: 'text',
      values: yesNo,
    },
  },
  defaultSort: [
    { field: 'currency', isDescending: false },
    { field: 'label', isDescending: false },
  ],
};

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export const bankAccountsList: ListDefinition<BankAccountListRow, TBankAccountListItem> = {
  spec: bankAccountsListSpec,
  filterFields: ['currency', 'isDefault', 'active'],
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
  toItem: (row) => ({
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
  }),
};

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
