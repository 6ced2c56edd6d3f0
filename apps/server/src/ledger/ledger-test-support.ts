import type { Kysely } from 'kysely';
import type { Actor } from '../db/audit';
import { lockRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import {
  addMovement,
  bookInvoicePaymentIn,
  refundMemberCreditIn,
  reverseMovementIn,
  settleInvoiceIn,
} from '../invoices';
import { newId } from '../lib/ids';

export const systemActor: Actor = { kind: 'system', uid: null };
export const mailContext = { publicUrl: 'http://localhost:3000', mailFrom: 'ops@example.org' };

/** Money received for an invoice on a day (noon UTC), booked through the engine. */
export function pay(db: Kysely<Database>, iid: string, amountMinor: number, day: string) {
  return payAt(db, iid, amountMinor, new Date(`${day}T12:00:00Z`), `PAY-${day}`);
}

/** A payment received at an exact instant (its day is headquarters' day of that instant). */
export function payAt(
  db: Kysely<Database>,
  iid: string,
  amountMinor: number,
  paidAt: Date,
  reference = `PAY-${paidAt.toISOString()}`,
) {
  return writeTransaction(db, (trx) =>
    bookInvoicePaymentIn(
      trx,
      systemActor,
      iid,
      {
        amountMinor,
        paidAt,
        method: 'bank-transfer',
        source: 'manual',
        reference,
      },
      { ...mailContext, onPaidInvoice: 'credit' },
    ),
  );
}

/**
 * A credit note of `amountMinor` on an invoice, as the design books one: the open balance is
 * settled first, what was already paid beyond it goes to the member's credit.
 */
export function creditNote(
  db: Kysely<Database>,
  iid: string,
  amountMinor: number,
  day: string,
  number: string,
) {
  return writeTransaction(db, async (trx) => {
    const invoice = await lockRecord(trx, 'invoices', iid);
    const cnid = newId();
    await trx
      .insertInto('credit_notes')
      .values({
        cnid,
        number,
        year: Number(day.slice(0, 4)),
        invoice_iid: iid,
        member_mid: invoice.member_mid,
        currency: invoice.currency,
        issue_date: day,
        lines: JSON.stringify([]),
        total_minor: amountMinor,
        reason: 'Seminar cancelled',
      })
      .execute();
    const open = Math.max(0, Number(invoice.balance_minor));
    const settles = Math.min(amountMinor, open);
    const movement = await addMovement(trx, systemActor, {
      kind: 'credit-note',
      member_mid: invoice.member_mid,
      invoice_iid: iid,
      currency: invoice.currency.trim(),
      method: null,
      source: 'manual',
      booked_on: day,
      amount_minor: amountMinor,
      settlesMinor: settles,
      creditMinor: amountMinor - settles,
      reference: number,
      reason: 'Seminar cancelled',
      credit_note_id: cnid,
    });
    await trx
      .updateTable('credit_notes')
      .set({ movement_id: movement.id })
      .where('cnid', '=', cnid)
      .execute();
    await settleInvoiceIn(
      trx,
      systemActor,
      invoice,
      { creditedMinor: amountMinor, paidMinor: -(amountMinor - settles) },
      { action: 'credit-note', toCredited: true },
    );
    return { cnid, movement };
  });
}

export function refund(db: Kysely<Database>, memberMid: string, amountMinor: number, day: string) {
  return writeTransaction(db, (trx) =>
    refundMemberCreditIn(trx, systemActor, {
      memberMid,
      currency: 'CHF',
      amountMinor,
      method: 'bank-transfer',
      bookedOn: day,
      reference: `REF-${day}`,
      reason: 'Asked for the surplus back',
    }),
  );
}

export function reverse(db: Kysely<Database>, movementId: string) {
  return writeTransaction(db, (trx) =>
    reverseMovementIn(trx, systemActor, movementId, 'Booked to the wrong invoice'),
  );
}
