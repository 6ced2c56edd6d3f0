import type { TInvoiceDetail, TInvoiceMovement } from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

type Minor = string | number | bigint;

/** An invoice row's money columns (migration 0026) as the list and the detail show them. */
export function invoiceMoneyOf(row: {
  status: string;
  paid_minor: Minor;
  credited_minor: Minor;
  written_off_minor: Minor;
  balance_minor: Minor;
}) {
  const paid = Number(row.paid_minor);
  const balance = Number(row.balance_minor);
  return {
    balanceMinor: String(row.balance_minor),
    paidMinor: String(row.paid_minor),
    creditedMinor: String(row.credited_minor),
    writtenOffMinor: String(row.written_off_minor),
    // The same condition as the partial index `invoices_partially_paid_idx` (balance aside:
    // an issued invoice with money received and nothing left would be paid).
    isPartiallyPaid: row.status === 'issued' && paid > 0 && balance > 0,
  };
}

/**
 * The invoice's movements of money, oldest first, each with what reversed it (or what it
 * reverses), its credit note, and the bank entry it came from; and its credit notes.
 */
export async function invoiceMovementsOf(
  db: Db,
  iid: string,
): Promise<Pick<TInvoiceDetail, 'movements' | 'creditNotes'>> {
  const [movements, creditNotes] = await Promise.all([
    db
      .selectFrom('money_movements as mm')
      .leftJoin('money_movements as rv', 'rv.reverses_id', 'mm.id')
      .leftJoin('credit_notes as cn', 'cn.cnid', 'mm.credit_note_id')
      .leftJoin('users as u', 'u.uid', 'mm.created_by')
      .leftJoin('bank_entries as be', 'be.beid', 'mm.bank_entry_id')
      .select([
        'mm.id',
        'mm.kind',
        'mm.booked_on',
        'mm.amount_minor',
        'mm.settles_minor',
        'mm.credit_minor',
        'mm.method',
        'mm.source',
        'mm.reference',
        'mm.reason',
        'mm.bank_entry_id',
        'be.statement_bsid',
        'mm.reverses_id',
        'mm.created_by',
        'u.email as created_by_email',
        'cn.cnid',
        'cn.number as credit_note_number',
        'rv.id as reversal_id',
        'rv.booked_on as reversal_booked_on',
        'rv.reason as reversal_reason',
      ])
      .where('mm.invoice_iid', '=', iid)
      // One transaction stamps its movements alike: a booking before its write-off (`related`),
      // bookings before their reversals.
      .orderBy('mm.created_at')
      .orderBy(sql`mm.reverses_id IS NOT NULL`)
      .orderBy(sql`mm.related_id IS NOT NULL`)
      .orderBy('mm.id')
      .execute(),
    db
      .selectFrom('credit_notes')
      .select(['cnid', 'number', 'issue_date', 'total_minor'])
      .where('invoice_iid', '=', iid)
      .orderBy('issue_date')
      .orderBy('number')
      .execute(),
  ]);
  return {
    movements: movements.map((row): TInvoiceMovement => ({
      id: row.id,
      kind: row.kind,
      bookedOn: row.booked_on,
      amountMinor: String(row.amount_minor),
      settlesMinor: String(row.settles_minor),
      creditMinor: String(row.credit_minor),
      method: row.method,
      source: row.source,
      reference: row.reference,
      reason: row.reason,
      bankEntryId: row.bank_entry_id,
      bankStatementBsid: row.statement_bsid,
      creditNote:
        row.cnid && row.credit_note_number
          ? { cnid: row.cnid, number: row.credit_note_number }
          : null,
      reversedBy:
        row.reversal_id && row.reversal_booked_on
          ? { id: row.reversal_id, bookedOn: row.reversal_booked_on, reason: row.reversal_reason }
          : null,
      reverses: row.reverses_id,
      createdBy: row.created_by_email ?? row.created_by,
    })),
    creditNotes: creditNotes.map((note) => ({
      cnid: note.cnid,
      number: note.number,
      issueDate: note.issue_date,
      totalMinor: String(note.total_minor),
    })),
  };
}
