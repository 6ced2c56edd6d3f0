import type { Selectable, Transaction } from 'kysely';
import type { Actor } from '../../db/audit';
import type { Database, InvoicesTable } from '../../db/schema';
import { todayAtHeadquarters } from '../../lib/dates';
import { addMovement } from '../money/movements';
import { money } from './money';

type Trx = Transaction<Database>;

/** What the corrected total of a paid invoice does to its money (issue 16). */
export type CorrectedTotalSettlement = {
  /** The invoice's new aggregates, written with the totals in the same update. */
  changes: { paid_minor?: number; written_off_minor?: number };
  /** The outcome in words, for the message and the audit reason. */
  note: string;
};

/**
 * A paid invoice may not keep a balance (`invoices_paid_is_settled`, migration 0026), and its
 * payments are never rewritten. So when the lines of a paid invoice add up to another total than
 * what settled it, the difference is booked as a movement of its own, visible on the invoice and
 * the member's ledger:
 * - a higher total: the difference is written off ("totals corrected after payment"), so the
 *   invoice stays paid; if the member owes it, a further invoice bills it;
 * - a lower total: what the member paid beyond the new total goes to the member's credit (as an
 *   overpayment does), to be applied to the next invoice or refunded.
 * Returns null for an invoice that is not paid or whose settlement already equals the new total.
 */
export async function settleCorrectedTotalIn(
  trx: Trx,
  actor: Actor,
  invoice: Selectable<InvoicesTable>,
  newTotalMinor: number,
): Promise<CorrectedTotalSettlement | null> {
  if (invoice.status !== 'paid') return null;
  const paid = Number(invoice.paid_minor);
  const writtenOff = Number(invoice.written_off_minor);
  const settled = paid + Number(invoice.credited_minor) + writtenOff;
  const difference = newTotalMinor - settled;
  if (difference === 0) return null;
  const currency = invoice.currency.trim();
  const common = {
    member_mid: invoice.member_mid,
    invoice_iid: invoice.iid,
    currency,
    method: null,
    source: 'manual' as const,
    booked_on: todayAtHeadquarters(),
    reference: null,
  };
  if (difference > 0) {
    await addMovement(trx, actor, {
      ...common,
      kind: 'write-off',
      amount_minor: difference,
      settlesMinor: difference,
      creditMinor: 0,
      reason: 'totals corrected after payment',
    });
    return {
      changes: { written_off_minor: writtenOff + difference },
      note: `${money(difference, currency)} written off on the invoice ("totals corrected after payment"), so it stays paid; bill it with a further invoice if the member owes it`,
    };
  }
  // Money paid beyond the new total: off the invoice, onto the member's credit.
  const surplus = Math.min(-difference, paid);
  await addMovement(trx, actor, {
    ...common,
    kind: 'payment',
    amount_minor: 0,
    settlesMinor: -surplus,
    creditMinor: surplus,
    reason: "totals corrected after payment: the surplus goes to the member's credit",
  });
  return {
    changes: { paid_minor: paid - surplus },
    note: `${money(surplus, currency)} of it goes to the member's credit`,
  };
}
