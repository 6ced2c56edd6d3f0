import { formatDate } from '@ops/contract/display-format';
import { sql } from 'kysely';
import { badInput } from '../errors';
import { selectedInvoices } from '../invoices';
import { noValue, type EditTarget } from './edit-target';

const ref = (row: string, column: string) => sql.ref(`${row}.${column}`);

/**
 * Draft invoices in bulk (issue 19): due date and bank account, with the draft form's rules
 * (`invoices/drafts.ts`, `invoice-uploads.ts`): only drafts change (`onlyStatuses`, applied by
 * the preview and the commit); the bank account exists and is active (a 400, rules `exists`
 * and `active`), and is in the invoice's currency — a draft in another currency is counted as
 * not editable, so one account can go to the drafts of its currency in a mixed selection; a
 * due date is never before the draft's issue date (rule `order`), those drafts not editable.
 */
export const invoicesEditTarget: EditTarget = {
  list: 'invoices',
  table: 'invoices',
  key: 'iid',
  selected: (db, selection) => selectedInvoices(db, selection).select('i.iid as id'),
  label: (row) => sql<string>`'Invoice ' || ${ref(row, 'number')}`,
  order: (row) => ref(row, 'number'),
  fields: {
    dueDate: {
      column: 'due_date',
      type: 'date',
      notEditable: (row, value) =>
        sql<boolean>`coalesce(${ref(row, 'issue_date')} > ${value}::date, false)`,
      words: async () => (value) =>
        value === null || value === undefined ? noValue : formatDate(String(value)),
    },
    bankAccount: {
      column: 'bank_account_id',
      type: 'text',
      check: async (db, value) => {
        const account = await db
          .selectFrom('bank_accounts')
          .select(['id', 'label', 'currency', 'active'])
          .where('id', '=', String(value))
          .executeTakeFirst();
        if (!account)
          throw badInput('body.value', 'exists', `No bank account has the id ${value}.`);
        if (!account.active) {
          throw badInput(
            'body.value',
            'active',
            `The bank account "${account.label}" is not active.`,
          );
        }
        return { currency: account.currency.trim() };
      },
      notEditable: (row, _value, facts) =>
        sql<boolean>`btrim(${ref(row, 'currency')}) <> ${String(facts.currency)}`,
      words: async (db, values) => {
        const ids = [...new Set(values.filter((value) => typeof value === 'string'))] as string[];
        const names = new Map(
          ids.length === 0
            ? []
            : (
                await db
                  .selectFrom('bank_accounts')
                  .select(['id', 'label', 'iban', 'qr_iban'])
                  .where('id', 'in', ids)
                  .execute()
              ).map((account) => [
                account.id,
                `${account.label} · ${account.qr_iban ?? account.iban}`,
              ]),
        );
        return (value) =>
          value === null || value === undefined
            ? noValue
            : (names.get(String(value)) ?? String(value));
      },
    },
  },
};
