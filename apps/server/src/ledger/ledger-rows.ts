import { sql, type Kysely, type Transaction } from 'kysely';
import { recordNotFound } from '../db/records';
import type { Database, InvoiceStatus, MoneyMovementKind } from '../db/schema';

export type Db = Kysely<Database> | Transaction<Database>;

/** An invoice as the ledger reads it: what it asked for, what is left, and when it closed. */
export type LedgerInvoice = {
  iid: string;
  number: string;
  kind: string;
  year: number;
  status: InvoiceStatus;
  currency: string;
  totalMinor: number;
  /** What payments, credit notes and write-offs left open (kept also for void invoices). */
  openMinor: number;
  balanceMinor: number;
  /** Its issue date (an old import without one: the day it was recorded). */
  issuedOn: string;
  createdAt: Date;
  /** Void or uncollectible: the day and moment it became so (from its audit trail). */
  closedOn: string | null;
  closedAt: Date | null;
};

/** A money movement with the documents it names. */
export type LedgerMovement = {
  id: string;
  kind: MoneyMovementKind;
  currency: string;
  bookedOn: string;
  createdAt: Date;
  amountMinor: number;
  settlesMinor: number;
  creditMinor: number;
  method: string | null;
  source: string;
  reference: string | null;
  reason: string | null;
  invoiceIid: string | null;
  invoiceNumber: string | null;
  creditNoteId: string | null;
  creditNoteNumber: string | null;
  bankEntryId: string | null;
  /** For a reversal: the kind of the movement it undoes. */
  reversedKind: MoneyMovementKind | null;
};

/** The calendar day at headquarters of a moment (as bookings are dated). */
const headquartersDay = (moment: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(moment);

/** 404 unless the member exists (a deleted member's ledger is still readable). */
export async function requireLedgerMember(db: Db, mid: string) {
  const member = await db
    .selectFrom('members')
    .select(['mid', 'number', 'legal_name', 'email', 'billing_currency'])
    .where('mid', '=', mid)
    .executeTakeFirst();
  if (!member) throw recordNotFound('members', mid);
  return member;
}

/**
 * The member's invoices that were ever issued: drafts never owed anything, and a void invoice
 * that still has its draft number was never issued either.
 */
export async function readLedgerInvoices(
  db: Db,
  mid: string,
  currency?: string,
): Promise<LedgerInvoice[]> {
  let query = db
    .selectFrom('invoices')
    .select([
      'iid',
      'number',
      'kind',
      'year',
      'status',
      'currency',
      'total_minor',
      'paid_minor',
      'credited_minor',
      'written_off_minor',
      'balance_minor',
      'issue_date',
      'created_at',
      'updated_at',
    ])
    .where('member_mid', '=', mid)
    .where('status', '<>', 'draft')
    .where((eb) => eb.not(eb.and([eb('status', '=', 'void'), eb('number', 'like', 'DRAFT-%')])));
  if (currency) query = query.where('currency', '=', currency);
  const rows = await query.execute();
  const closing = rows.filter((row) => row.status === 'void' || row.status === 'uncollectible');
  const closedAt = await closingMoments(
    db,
    closing.map((row) => row.iid),
  );
  return rows.map((row) => {
    const isClosed = row.status === 'void' || row.status === 'uncollectible';
    const closed = isClosed ? (closedAt.get(row.iid) ?? row.updated_at) : null;
    return {
      iid: row.iid,
      number: row.number,
      kind: row.kind,
      year: row.year,
      status: row.status,
      currency: row.currency.trim(),
      totalMinor: Number(row.total_minor),
      openMinor:
        Number(row.total_minor) -
        Number(row.paid_minor) -
        Number(row.credited_minor) -
        Number(row.written_off_minor),
      balanceMinor: Number(row.balance_minor),
      issuedOn: row.issue_date ?? headquartersDay(row.created_at),
      createdAt: row.created_at,
      closedOn: closed ? headquartersDay(closed) : null,
      closedAt: closed,
    };
  });
}

/** When each of these invoices was voided or written off as uncollectible (its audit entry). */
async function closingMoments(db: Db, iids: string[]): Promise<Map<string, Date>> {
  if (iids.length === 0) return new Map();
  const rows = await db
    .selectFrom('audit_log')
    .select(['record_id', sql<Date>`max(at)`.as('at')])
    .where('table_name', '=', 'invoices')
    .where('record_id', 'in', iids)
    .where('action', 'in', ['void', 'uncollectible'])
    .groupBy('record_id')
    .execute();
  return new Map(rows.map((row) => [row.record_id, new Date(row.at)]));
}

/**
 * Every movement of the member's money: booked to the member, or to one of its invoices (a
 * movement always names both today; the invoices' side keeps the sum equal to their balances
 * should an old row name only the invoice).
 */
export async function readLedgerMovements(
  db: Db,
  mid: string,
  currency?: string,
): Promise<LedgerMovement[]> {
  let query = db
    .selectFrom('money_movements as m')
    .leftJoin('invoices as i', 'i.iid', 'm.invoice_iid')
    .leftJoin('credit_notes as cn', 'cn.cnid', 'm.credit_note_id')
    .leftJoin('money_movements as r', 'r.id', 'm.reverses_id')
    .select([
      'm.id',
      'm.kind',
      'm.currency',
      'm.booked_on',
      'm.created_at',
      'm.amount_minor',
      'm.settles_minor',
      'm.credit_minor',
      'm.method',
      'm.source',
      'm.reference',
      'm.reason',
      'm.invoice_iid',
      'i.number as invoice_number',
      'm.credit_note_id',
      'cn.number as credit_note_number',
      'm.bank_entry_id',
      'r.kind as reversed_kind',
    ])
    .where((eb) =>
      eb.or([
        eb('m.member_mid', '=', mid),
        eb(
          'm.invoice_iid',
          'in',
          eb.selectFrom('invoices').select('iid').where('member_mid', '=', mid),
        ),
      ]),
    );
  if (currency) query = query.where('m.currency', '=', currency);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    currency: row.currency.trim(),
    bookedOn: row.booked_on,
    createdAt: row.created_at,
    amountMinor: Number(row.amount_minor),
    settlesMinor: Number(row.settles_minor),
    creditMinor: Number(row.credit_minor),
    method: row.method,
    source: row.source,
    reference: row.reference,
    reason: row.reason,
    invoiceIid: row.invoice_iid,
    invoiceNumber: row.invoice_number,
    creditNoteId: row.credit_note_id,
    creditNoteNumber: row.credit_note_number,
    bankEntryId: row.bank_entry_id,
    reversedKind: row.reversed_kind,
  }));
}
