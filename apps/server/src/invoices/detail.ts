import { invoiceActionsOf, type TInvoiceDetail, type TInvoiceLine } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { todayAtHeadquarters } from '../lib/dates';
import { invoiceMoneyOf, invoiceMovementsOf } from './detail-money';

type Db = Kysely<Database> | Transaction<Database>;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * One invoice with its member, bank account, certificate, money (balance, movements, credit
 * notes) and authors; null if unknown.
 */
export async function getInvoiceDetail(db: Db, iid: string): Promise<TInvoiceDetail | null> {
  const row = await db
    .selectFrom('invoices as i')
    .leftJoin('members as m', 'm.mid', 'i.member_mid')
    .leftJoin('bank_accounts as b', 'b.id', 'i.bank_account_id')
    .leftJoin('users as cu', 'cu.uid', 'i.created_by')
    .leftJoin('users as uu', 'uu.uid', 'i.updated_by')
    .selectAll('i')
    .select([
      'm.number as member_number',
      'm.legal_name as member_name',
      'm.status as member_status',
      'm.email as member_email',
      'm.paid_through_year as member_paid_through_year',
      'm.deleted_at as member_deleted_at',
      'b.label as bank_label',
      'b.iban as bank_iban',
      'b.qr_iban as bank_qr_iban',
      'b.currency as bank_currency',
      'b.active as bank_active',
      'cu.email as created_by_email',
      'uu.email as updated_by_email',
    ])
    .where('i.iid', '=', iid)
    .executeTakeFirst();
  if (!row) return null;
  const [certificate, money, dunning] = await Promise.all([
    db
      .selectFrom('certificates')
      .select(['cid', 'number', 'status'])
      .where('invoice_iid', '=', iid)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    invoiceMovementsOf(db, iid),
    // Issue 17: the dunning levels sent for it (`dunning_notices`, one per level).
    db
      .selectFrom('dunning_notices as n')
      .leftJoin('dunning_levels as l', 'l.level', 'n.level')
      // Issue 32: a postal notice's letter, confirmed posted by whom.
      .leftJoin('users as pu', 'pu.uid', 'n.letter_posted_by')
      .select([
        'n.level',
        'l.name as level_name',
        'n.as_of',
        'n.created_at',
        'n.channel',
        'n.email_id',
        'n.letter_posted_at',
        'pu.email as letter_posted_by',
      ])
      .where('n.invoice_iid', '=', iid)
      .orderBy('n.level')
      .execute(),
  ]);
  const today = todayAtHeadquarters();
  return {
    iid: row.iid,
    number: row.number,
    member:
      row.member_mid && row.member_number
        ? {
            mid: row.member_mid,
            number: row.member_number,
            name: row.member_name ?? '',
            status: row.member_status ?? '',
            email: row.member_email,
            paidThroughYear: row.member_paid_through_year,
            isDeleted: row.member_deleted_at !== null,
          }
        : null,
    kind: row.kind,
    year: row.year,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    currency: row.currency.trim(),
    lines: row.lines as TInvoiceLine[],
    subtotalMinor: String(row.subtotal_minor),
    vatMinor: String(row.vat_minor),
    donationMinor: String(row.donation_minor),
    totalMinor: String(row.total_minor),
    bankAccount:
      row.bank_account_id && row.bank_iban
        ? {
            id: row.bank_account_id,
            label: row.bank_label ?? '',
            iban: row.bank_iban,
            qrIban: row.bank_qr_iban,
            currency: (row.bank_currency ?? '').trim(),
            active: row.bank_active ?? false,
          }
        : null,
    paymentReference: row.payment_reference,
    status: row.status,
    isOverdue: row.status === 'issued' && row.due_date !== null && row.due_date < today,
    paidAt: row.paid_at ? iso(row.paid_at) : null,
    paidAmountMinor: row.paid_amount_minor === null ? null : String(row.paid_amount_minor),
    paidMethod: row.paid_method,
    paidReference: row.paid_reference,
    hasPdfFile: row.pdf_file !== null,
    source: row.source,
    importBatch: row.import_batch,
    cardInvoiceSid: row.card_invoice_sid,
    certificate: certificate ?? null,
    ...invoiceMoneyOf(row),
    ...money,
    dunningLevel: row.dunning_level,
    dunning: dunning.map((notice) => ({
      level: notice.level,
      levelName: notice.level_name ?? `Level ${notice.level}`,
      asOf: notice.as_of,
      createdAt: iso(notice.created_at),
      channel: notice.channel,
      emailId: notice.email_id,
      letterPostedAt: notice.letter_posted_at ? iso(notice.letter_posted_at) : null,
      letterPostedBy: notice.letter_posted_by,
    })),
    actions: invoiceActionsOf(row.status),
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    createdBy: row.created_by_email ?? row.created_by,
    updatedBy: row.updated_by_email ?? row.updated_by,
  };
}

/** The detail, or the 404 naming the id. */
export async function requireInvoiceDetail(db: Db, iid: string): Promise<TInvoiceDetail> {
  const detail = await getInvoiceDetail(db, iid);
  if (!detail) throw new AppError('not-found', `No invoice has the id ${iid}.`);
  return detail;
}
