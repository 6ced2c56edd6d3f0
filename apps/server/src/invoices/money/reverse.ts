import type { Transaction } from 'kysely';
import { formatMoney } from '@ops/contract/display-format';
import type { Actor } from '../../db/audit';
import { lockRecord } from '../../db/records';
import type { Database } from '../../db/schema';
import { AppError, badInput } from '../../errors';
import type { InvoiceRow } from '../payment-rule-two';
import { addMovement, memberCreditOf, type MovementRow } from './movements';
import { settleInvoiceIn } from './settle';
import { todayAtHeadquarters } from '../../lib/dates';

type Trx = Transaction<Database>;

/** Movements an operator may reverse; a credit note is a document of its own and stays. */
const reversibleKinds = new Set(['payment', 'write-off', 'credit-applied', 'refund']);

export type ReversedBooking = {
  invoice: InvoiceRow | null;
  reversals: MovementRow[];
  message: string;
};

/**
 * Undoes a booking by counter-booking, never by deletion (issue 16): a reversal row for the
 * movement and for the bank charges written off with it, each naming what it reverses (once:
 * `reverses_id` is unique). The invoice returns to its earlier state: its balance reopens and a
 * paid invoice whose balance is open again is issued once more. What rule 2 did to the member
 * (status, paid-through year, certificate) is left as it is and said so: undoing it is a
 * decision of its own. Refused when the member's credit from the payment was already used.
 */
export async function reverseMovementIn(
  trx: Trx,
  actor: Actor,
  movementId: string,
  reason: string,
  field = 'params.id',
): Promise<ReversedBooking> {
  const movement = await trx
    .selectFrom('money_movements')
    .selectAll()
    .where('id', '=', movementId)
    .forUpdate()
    .executeTakeFirst();
  if (!movement) throw new AppError('not-found', `No booking has the id ${movementId}.`);
  if (!reversibleKinds.has(movement.kind)) {
    throw badInput(
      field,
      'not-reversible',
      movement.kind === 'reversal'
        ? 'This is a reversal already; book the payment again instead.'
        : 'A credit note is final: issue a new invoice instead.',
    );
  }
  // The invoice first, as every booking path locks it first: no deadlock with a payment.
  const invoice = movement.invoice_iid
    ? await lockRecord(trx, 'invoices', movement.invoice_iid)
    : null;
  const related = await trx
    .selectFrom('money_movements')
    .selectAll()
    .where('related_id', '=', movement.id)
    .execute();
  const targets = [movement, ...related];
  const reversed = await trx
    .selectFrom('money_movements')
    .select('reverses_id')
    .where(
      'reverses_id',
      'in',
      targets.map((target) => target.id),
    )
    .execute();
  if (reversed.some((row) => row.reverses_id === movement.id)) {
    throw badInput(field, 'already-reversed', 'This booking was reversed already.');
  }
  const open = targets.filter((target) => !reversed.some((row) => row.reverses_id === target.id));
  const currency = movement.currency.trim();
  const creditTaken = open.reduce((sum, target) => sum + Number(target.credit_minor), 0);
  if (creditTaken > 0 && movement.member_mid) {
    const credit = await memberCreditOf(trx, movement.member_mid, currency);
    if (credit < creditTaken) {
      throw badInput(
        field,
        'credit-used',
        `${formatMoney(creditTaken, currency)} of this payment went to the member's credit, and only ${formatMoney(Math.max(credit, 0), currency)} of it is left: reverse what used it first.`,
      );
    }
  }

  const reversals: MovementRow[] = [];
  let paid = 0;
  let writtenOff = 0;
  for (const target of open) {
    reversals.push(
      await addMovement(trx, actor, {
        kind: 'reversal',
        member_mid: target.member_mid,
        invoice_iid: target.invoice_iid,
        currency,
        method: target.method,
        source: target.source,
        booked_on: todayAtHeadquarters(),
        amount_minor: target.amount_minor,
        settlesMinor: -Number(target.settles_minor),
        creditMinor: -Number(target.credit_minor),
        reference: target.reference,
        reason,
        reverses_id: target.id,
        related_id: target.id === movement.id ? null : (reversals[0]?.id ?? null),
        bank_entry_id: target.bank_entry_id,
      }),
    );
    if (target.kind === 'write-off') writtenOff -= Number(target.settles_minor);
    else paid -= Number(target.settles_minor);
  }

  const settled =
    invoice && (paid !== 0 || writtenOff !== 0)
      ? await settleInvoiceIn(
          trx,
          actor,
          invoice,
          { paidMinor: paid, writtenOffMinor: writtenOff },
          { action: 'reverse-payment', reason },
        )
      : invoice;
  const what = `${movement.kind === 'refund' ? 'Refund' : 'Booking'} of ${formatMoney(Number(movement.amount_minor), currency)} reversed`;
  const where = settled
    ? settled.status === 'issued' && invoice?.status === 'paid'
      ? `: invoice ${settled.number} is open again with ${formatMoney(Number(settled.balance_minor), currency)} to pay. What its payment did to the member (status, paid-through year, certificate) stays as it is.`
      : `: invoice ${settled.number} has ${formatMoney(Number(settled.balance_minor), currency)} open.`
    : '.';
  return { invoice: settled, reversals, message: `${what}${where}` };
}
