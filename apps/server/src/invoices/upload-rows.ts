import {
  invoiceUploadFieldLabels,
  invoiceUploadFields,
  ZInvoiceUploadRow,
  type TInvoiceUploadMapping,
  type TInvoiceUploadRowInput,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { todayAtHeadquarters } from '../lib/dates';
import { cellsByField, compiledRowSchema, schemaReasons, type RowOutcome } from '../uploads';

/**
 * The invoice upload's row validation: each row through the contract's ZInvoiceUploadRow
 * (amounts exact in minor units, totals by computeInvoiceTotals), its member looked up by
 * membership number (existing, not deleted) and its bank account (IBAN or label, else the
 * currency's default account).
 */

/** A paid day as a moment: noon at headquarters, the same calendar day in every time zone we use. */
const paidAtOf = (day: string) => `${day} 12:00:00 Europe/Zurich`;

const invoiceRowSchema = compiledRowSchema(ZInvoiceUploadRow);

/** One row through the shared schema. */
export function validateInvoiceCells(
  cells: readonly string[],
  mapping: TInvoiceUploadMapping,
  today: string,
): { reason: string; number: string | null } | { values: Record<string, unknown> } {
  const input: Record<string, string | undefined> = cellsByField(
    cells,
    invoiceUploadFields,
    mapping,
  );
  const number = input.number?.trim() || null;
  const parsed = invoiceRowSchema.safeParse(input as TInvoiceUploadRowInput);
  if (!parsed.success) {
    const reasons = schemaReasons(parsed.error.issues, invoiceUploadFieldLabels);
    return { reason: reasons.join('; '), number };
  }
  const row = parsed.data;
  if (row.paidOn !== null && row.paidOn > today) {
    return { reason: `Paid on ${row.paidOn} is in the future`, number };
  }
  return {
    values: {
      number: row.number,
      member_number: row.memberNumber,
      kind: row.kind,
      year: row.year,
      issue_date: row.issueDate,
      due_date: row.dueDate,
      currency: row.currency,
      lines: JSON.stringify(row.lines),
      subtotal_minor: row.subtotalMinor,
      vat_minor: row.vatMinor,
      donation_minor: row.donationMinor,
      total_minor: row.totalMinor,
      bank_account: row.bankAccount,
      payment_reference: row.paymentReference,
      status: row.status,
      paid_at: row.paidOn === null ? null : paidAtOf(row.paidOn),
      paid_amount_minor: row.paidAmountMinor,
      paid_method: row.paidMethod,
      paid_reference: row.paidReference,
    },
  };
}

type Lookups = {
  /** Membership number → member id, or null for a deleted member. */
  members: Map<string, string | null>;
  defaultAccounts: Map<string, string>;
  findAccount(named: string): { id: string; currency: string } | undefined;
};

const compactIban = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * What rows are checked against, loaded once per validation: every member's number (about
 * 100 bytes each, 10 MB at 100,000 members: cheaper than rewriting every staged row with a
 * set-based lookup) and the bank accounts, by IBAN (spaces ignored), label or id.
 */
async function loadLookups(db: Kysely<Database>): Promise<Lookups> {
  const members = new Map<string, string | null>();
  const rows = await sql<{ number: string; mid: string; is_deleted: boolean }>`
    SELECT number, mid, deleted_at IS NOT NULL AS is_deleted FROM members`.execute(db);
  for (const row of rows.rows) members.set(row.number, row.is_deleted ? null : row.mid);
  const accounts = await db
    .selectFrom('bank_accounts')
    .select(['id', 'label', 'iban', 'currency', 'is_default', 'active'])
    .execute();
  const defaultAccounts = new Map<string, string>();
  const byName = new Map<string, { id: string; currency: string }>();
  for (const account of accounts) {
    const found = { id: account.id, currency: account.currency.trim() };
    if (account.is_default && account.active) defaultAccounts.set(found.currency, account.id);
    byName.set(`id:${account.id}`, found);
    byName.set(`iban:${compactIban(account.iban)}`, found);
    byName.set(`label:${account.label.trim().toLowerCase()}`, found);
  }
  return {
    members,
    defaultAccounts,
    findAccount: (named) =>
      byName.get(`iban:${compactIban(named)}`) ??
      byName.get(`label:${named.trim().toLowerCase()}`) ??
      byName.get(`id:${named}`),
  };
}

/**
 * The validator of one row (the kind's `prepareRows`): the row through the schema, then its
 * member and bank account looked up; a valid row gets its invoice's new id.
 */
export async function invoiceRowValidator(
  db: Kysely<Database>,
  mapping: TInvoiceUploadMapping,
  newId: () => string,
): Promise<(cells: readonly string[]) => RowOutcome> {
  const today = todayAtHeadquarters();
  const lookups = await loadLookups(db);
  return (cells): RowOutcome => {
    const outcome = validateInvoiceCells(cells, mapping, today);
    if (!('values' in outcome)) return { reason: outcome.reason, key: outcome.number };
    const values = outcome.values;
    const reasons: string[] = [];
    const memberNumber = values.member_number as string;
    const mid = lookups.members.get(memberNumber);
    if (mid === undefined) reasons.push(`Membership number ${memberNumber} is not a member`);
    else if (mid === null) {
      reasons.push(`Membership number ${memberNumber} belongs to a deleted member`);
    }
    const currency = values.currency as string;
    const named = values.bank_account as string | null;
    let bankAccountId: string | null;
    if (named === null) bankAccountId = lookups.defaultAccounts.get(currency) ?? null;
    else {
      const account = lookups.findAccount(named);
      bankAccountId = account?.id ?? null;
      if (!account) {
        reasons.push(`Bank account "${named}" is not one of our accounts (IBAN or label)`);
      } else if (account.currency !== currency) {
        reasons.push(
          `Bank account "${named}" holds ${account.currency}, the invoice is in ${currency}`,
        );
      }
    }
    if (reasons.length > 0) return { reason: reasons.join('; '), key: values.number as string };
    // Set on the row's own fresh object: a copy per row (twenty-odd keys) cost a tenth of
    // the validation at 100,000 rows.
    values.member_mid = mid;
    values.bank_account_id = bankAccountId;
    values.new_iid = newId();
    return { values };
  };
}
