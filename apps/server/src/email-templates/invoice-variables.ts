import type { Language } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  type BankAccountVariables,
  type InvoiceVariables,
  type MemberVariables,
} from './variables';
import {
  formatMemberDay,
  formatMemberIban,
  formatMemberMoney,
  formatMemberReference,
} from '@ops/contract/member-formats';

/** What an invoice e-mail (or a dunning level's) needs of one invoice: who, in which language, what. */
export type InvoiceEmailFacts = {
  iid: string;
  /** The member's address, null when it has none. */
  email: string | null;
  language: Language;
  /** The due date as `YYYY-MM-DD` (the variables write it out in the member's language). */
  dueDay: string | null;
  member: MemberVariables;
  invoice: InvoiceVariables;
  bankAccount: BankAccountVariables | null;
};

/**
 * The e-mail facts of many invoices in one query (a renewal batch's thousand): the member, its
 * language, the amounts formatted, the account to pay into and the card-payment page when the
 * invoice has an open one. Keyed by invoice id; an invoice without a member is left out.
 */
export async function loadInvoiceEmailFacts(
  db: Kysely<Database>,
  iids: readonly string[],
): Promise<Map<string, InvoiceEmailFacts>> {
  if (iids.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoices as i')
    .innerJoin('members as m', 'm.mid', 'i.member_mid')
    .leftJoin('bank_accounts as b', 'b.id', 'i.bank_account_id')
    .leftJoin('stripe_invoices as s', 's.sid', 'i.card_invoice_sid')
    .select([
      'i.iid',
      'i.number',
      'i.currency',
      'i.total_minor',
      'i.balance_minor',
      'i.issue_date',
      'i.due_date',
      'i.payment_reference',
      'm.legal_name',
      'm.number as member_number',
      // Invoices go to the billing address when the member names one (issue 35).
      sql<string | null>`coalesce(m.billing_email, m.email)`.as('email'),
      'm.preferred_language',
      'b.holder_name',
      'b.bank_name',
      'b.iban',
      'b.qr_iban',
      'b.bic',
      's.hosted_invoice_url',
      's.status as card_status',
    ])
    .where('i.iid', '=', sql<string>`ANY(${[...iids]}::text[])`)
    .execute();
  return new Map(
    rows.map((row) => {
      const currency = row.currency.trim();
      return [
        row.iid,
        {
          iid: row.iid,
          email: row.email,
          language: row.preferred_language,
          dueDay: row.due_date,
          member: { name: row.legal_name, number: row.member_number },
          invoice: {
            number: row.number,
            // In the member's language and its locale's formats (issue 32), as the PDF reads.
            total: formatMemberMoney(row.total_minor, currency, row.preferred_language),
            balance: formatMemberMoney(row.balance_minor, currency, row.preferred_language),
            currency,
            issueDate: row.issue_date && formatMemberDay(row.issue_date, row.preferred_language),
            dueDate: row.due_date && formatMemberDay(row.due_date, row.preferred_language),
            // Grouped as the QR-bill prints it (a bank reads it with or without the spaces).
            paymentReference: row.payment_reference && formatMemberReference(row.payment_reference),
            // Only a page that still takes a payment: a paid or void card invoice's page does not.
            cardPaymentUrl: row.card_status === 'open' ? row.hosted_invoice_url : null,
          },
          bankAccount:
            row.iban && row.holder_name && row.bank_name
              ? {
                  holderName: row.holder_name,
                  bankName: row.bank_name,
                  iban: formatMemberIban(row.iban),
                  qrIban: row.qr_iban ? formatMemberIban(row.qr_iban) : null,
                  bic: row.bic,
                }
              : null,
        },
      ];
    }),
  );
}
