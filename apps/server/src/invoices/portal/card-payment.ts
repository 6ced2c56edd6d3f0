import type { TPortalCardPayment } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { formatMemberReference } from '@ops/contract/member-formats';

/**
 * Whether a card-payment page is open for the invoice aliased `i`: the provider's invoice it
 * names, or one whose metadata names it (before a payment links them), still open and with its
 * hosted page. The webhook keeps these rows current (`payments/webhook.ts`).
 */
export const hasOpenCardPage = sql<boolean>`EXISTS (
  SELECT 1 FROM stripe_invoices s
  WHERE s.status = 'open' AND s.hosted_invoice_url IS NOT NULL
    AND (s.sid = i.card_invoice_sid OR s.invoice_iid = i.iid))`;

/** An invoice the member can still pay: issued with something left on it. */
export function isPayable(invoice: { status: string; balance_minor: number | string | bigint }) {
  return invoice.status === 'issued' && BigInt(invoice.balance_minor) > 0n;
}

/**
 * `POST /api/invoices/{iid}/pay` (issue 35): the card-payment page of one of the member's
 * invoices. The page is the provider's (the existing card-payment flow); the payment comes back
 * by the signed webhook, which books it on the invoice as any card payment. Another member's
 * invoice or a draft is a 404; one with nothing to pay, or with no card page open (paid by
 * transfer, with its reference), a 409 naming the invoice and the rule.
 */
export async function cardPaymentPageOf(
  db: Kysely<Database>,
  mid: string,
  iid: string,
): Promise<TPortalCardPayment> {
  const invoice = await db
    .selectFrom('invoices as i')
    .select(['i.number', 'i.status', 'i.balance_minor', 'i.payment_reference'])
    .select(
      sql<string | null>`(SELECT s.hosted_invoice_url FROM stripe_invoices s
        WHERE s.status = 'open' AND s.hosted_invoice_url IS NOT NULL
          AND (s.sid = i.card_invoice_sid OR s.invoice_iid = i.iid)
        ORDER BY s.sid = i.card_invoice_sid DESC, s.provider_created_at DESC LIMIT 1)`.as('url'),
    )
    .where('i.iid', '=', iid)
    .where('i.member_mid', '=', mid)
    .where('i.status', '!=', 'draft')
    .executeTakeFirst();
  if (!invoice) throw new AppError('not-found', `Your member has no invoice ${iid}.`);
  if (!isPayable(invoice)) {
    const message = `Invoice ${invoice.number} has nothing left to pay.`;
    throw new AppError('aborted', message, {
      issues: [{ path: 'params.iid', rule: 'status', message }],
    });
  }
  if (!invoice.url) {
    const reference = invoice.payment_reference
      ? ` with the reference ${formatMemberReference(invoice.payment_reference)}`
      : '';
    const message = `Invoice ${invoice.number} cannot be paid by card: pay it by bank transfer${reference}.`;
    throw new AppError('aborted', message, {
      issues: [{ path: 'params.iid', rule: 'no-card-page', message }],
    });
  }
  return { url: invoice.url };
}
