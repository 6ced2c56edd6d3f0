import type { TFixCardInvoice } from '@ops/contract';
import type { Selectable } from 'kysely';
import type { StripeInvoicesTable } from '../../db/schema';

/** A card-payment invoice (the payment provider's) as stored. */
export type CardRow = Selectable<StripeInvoicesTable>;

/** A card-payment invoice as findings show it. */
export function toFixCard(row: CardRow): TFixCardInvoice {
  return {
    sid: row.sid,
    providerInvoiceId: row.provider_invoice_id,
    number: row.number,
    customerEmail: row.customer_email,
    customerName: row.customer_name,
    status: row.status,
    amountDueMinor: Number(row.amount_due_minor),
    amountPaidMinor: Number(row.amount_paid_minor),
    currency: row.currency.toUpperCase(),
    createdAt: row.provider_created_at ? new Date(row.provider_created_at).toISOString() : null,
    memberMid: row.member_mid,
    invoiceIid: row.invoice_iid,
    version: row.version,
  };
}
