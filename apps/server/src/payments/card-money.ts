import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Trx = Transaction<Database>;

/**
 * What the money engine has booked from one card-payment invoice so far, by kind, less what was
 * reversed: a provider object is delivered again and again (every `invoice.*` event carries the
 * whole invoice, every `charge.refunded` the charge's whole refunded amount), so each event books
 * only what its figure adds to this.
 */
export async function cardMoneyBooked(
  trx: Trx,
  kind: 'payment' | 'refund',
  match: { cardInvoiceSid: string } | { reference: string },
): Promise<number> {
  const row = await trx
    .selectFrom('money_movements as m')
    .leftJoin('money_movements as r', 'r.reverses_id', 'm.id')
    .select(sql<string>`coalesce(sum(m.amount_minor) FILTER (WHERE r.id IS NULL), 0)`.as('booked'))
    .where('m.kind', '=', kind)
    .where('m.source', '=', 'card')
    .where((eb) =>
      'cardInvoiceSid' in match
        ? eb('m.card_invoice_sid', '=', match.cardInvoiceSid)
        : eb('m.reference', '=', match.reference),
    )
    .executeTakeFirstOrThrow();
  return Number(row.booked);
}
