import type { TPortalInvoice } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { clock } from '../../lib/clock';
import { formatMemberIban } from '@ops/contract/member-formats';
import { getInvoicePdf } from '../pdf-upload';
import { hasOpenCardPage, isPayable } from './card-payment';

/** A member has a few invoices a year: twenty years of history fit well below this. */
const maxInvoicesShown = 500;

/**
 * The member's invoices for the portal (issue 35), newest first: everything but drafts (staff's
 * work in progress), with what is still to pay after payments, credit notes and write-offs.
 */
export async function listMemberInvoices(
  db: Kysely<Database>,
  mid: string,
): Promise<TPortalInvoice[]> {
  const today = clock.today();
  const rows = await db
    .selectFrom('invoices as i')
    .leftJoin('bank_accounts as b', 'b.id', 'i.bank_account_id')
    .select([
      'i.iid',
      'i.number',
      'i.kind',
      'i.year',
      'i.issue_date',
      'i.due_date',
      'i.currency',
      'i.total_minor',
      'i.balance_minor',
      'i.status',
      'i.paid_at',
      'i.payment_reference',
      'b.holder_name',
      'b.bank_name',
      'b.iban',
      'b.bic',
      hasOpenCardPage.as('has_card_page'),
    ])
    .where('i.member_mid', '=', mid)
    .where('i.status', '!=', 'draft')
    .orderBy('i.issue_date', 'desc')
    .orderBy('i.number', 'desc')
    .limit(maxInvoicesShown)
    .execute();
  return rows.map((row) => ({
    iid: row.iid,
    number: row.number,
    kind: row.kind,
    year: row.year,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    currency: row.currency,
    totalMinor: String(row.total_minor),
    balanceMinor: String(row.balance_minor),
    status: row.status,
    isOverdue: isPayable(row) && row.due_date !== null && row.due_date < today,
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    paymentReference: row.payment_reference,
    payByCard: Boolean(row.has_card_page) && isPayable(row),
    transfer:
      row.iban && row.holder_name && isPayable(row)
        ? {
            holderName: row.holder_name,
            bankName: row.bank_name ?? '',
            iban: formatMemberIban(row.iban),
            bic: row.bic,
          }
        : null,
  }));
}

/**
 * One of the member's invoices as a PDF: the uploaded one when it has one, else generated. Another
 * member's, a draft and an unknown id answer alike, a 404 naming only the id asked for.
 */
export async function getMemberInvoicePdf(db: Kysely<Database>, mid: string, iid: string) {
  const invoice = await db
    .selectFrom('invoices')
    .select('iid')
    .where('iid', '=', iid)
    .where('member_mid', '=', mid)
    .where('status', '!=', 'draft')
    .executeTakeFirst();
  if (!invoice) throw new AppError('not-found', `Your member has no invoice ${iid}.`);
  return getInvoicePdf(db, invoice.iid);
}
