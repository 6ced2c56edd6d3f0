import type { TCardVoidInvoiceFinding, TInvoiceFixFindingsQuery } from '@ops/contract';
import { sql } from 'kysely';
import { countOf } from './count-of';
import { toFixCard } from './fix-card';
import { loadInvoices } from './fix-invoice';
import { money } from './money';
import type { Db, InvoiceFixOperations } from './operations';

/** 7. Card payments paid on a void invoice: guidance only, a void invoice is never brought back. */
const cardOnVoid = sql`FROM invoices v JOIN stripe_invoices s ON s.invoice_iid = v.iid
  WHERE v.status = 'void' AND s.status = 'paid' AND s.deleted_at IS NULL`;

function count(db: Db) {
  return countOf(db, sql`SELECT count(*)::int AS count ${cardOnVoid}`);
}

async function find(db: Db, query: TInvoiceFixFindingsQuery) {
  const [{ rows }, total] = await Promise.all([
    sql<{ sid: string; iid: string }>`SELECT s.sid, v.iid ${cardOnVoid}
      ORDER BY v.number, s.sid LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    count(db),
  ]);
  const [cards, invoices] = await Promise.all([
    rows.length === 0
      ? []
      : db
          .selectFrom('stripe_invoices')
          .selectAll()
          .where(
            'sid',
            'in',
            rows.map((row) => row.sid),
          )
          .execute(),
    loadInvoices(
      db,
      rows.map((row) => row.iid),
    ),
  ]);
  const findings = rows.flatMap((row): TCardVoidInvoiceFinding[] => {
    const card = cards.find((c) => c.sid === row.sid);
    const invoice = invoices.find((i) => i.iid === row.iid);
    if (!card || !invoice) return [];
    return [
      {
        card: toFixCard(card),
        invoice,
        proposal: `No automatic repair: ${money(Number(card.amount_paid_minor), card.currency.toUpperCase())} was paid by card for void invoice ${invoice.number}. Refund the payment at the payment provider, or, if the member owes another invoice, record the payment there and refund nothing; a void invoice is never brought back.`,
      },
    ];
  });
  return { count: total, findings };
}

export const cardVoidInvoiceFix: InvoiceFixOperations<'card-void-invoice'> = {
  count,
  find,
  repair: null,
};
