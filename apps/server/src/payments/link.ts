import type { TLinkPaymentRequest } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { OperatorActor } from '../db/audit';
import { lockRecord, updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import { settleLinkedInvoice, type WebhookOptions } from './webhook';
import { clock } from '../lib/clock';

const field = 'body.invoiceNumber';

/**
 * Links an unlinked card-payment invoice to one of our invoices, by its number (an operator's
 * reconciliation, audited). When the card invoice is paid and ours is issued, ours is marked
 * paid by card at once (rule 2), as the webhook would have done. Returns what it did in words.
 */
export async function linkPayment(
  db: Kysely<Database>,
  actor: OperatorActor,
  sid: string,
  request: TLinkPaymentRequest,
  options: WebhookOptions,
): Promise<string> {
  return writeTransaction(db, async (trx) => {
    // A row the webhooks wrote names them in the 409 ("changed by a webhook of the card-payment
    // provider"): the records store knows that of this table.
    const current = await lockRecord(trx, 'stripe_invoices', sid, { version: request.version });
    const label = `Card-payment invoice ${current.number ?? current.provider_invoice_id}`;
    if (current.invoice_iid) {
      const linked = await trx
        .selectFrom('invoices')
        .select('number')
        .where('iid', '=', current.invoice_iid)
        .executeTakeFirst();
      throw badInput(
        field,
        'transition',
        `${label} is already linked to invoice ${linked?.number ?? current.invoice_iid}.`,
      );
    }
    const number = request.invoiceNumber.trim();
    const invoice = await trx
      .selectFrom('invoices')
      .select(['iid', 'number', 'member_mid', 'currency', 'card_invoice_sid'])
      .where('number', '=', number)
      .executeTakeFirst();
    if (!invoice) throw badInput(field, 'exists', `No invoice has the number ${number}.`);
    if (invoice.card_invoice_sid && invoice.card_invoice_sid !== sid) {
      throw badInput(
        field,
        'unique',
        `Invoice ${invoice.number} is already paid through another card-payment invoice (${invoice.card_invoice_sid}).`,
      );
    }
    if (invoice.currency !== current.currency) {
      throw badInput(
        field,
        'currency',
        `Invoice ${invoice.number} is in ${invoice.currency}; this card payment is in ${current.currency}.`,
      );
    }

    const linked = await updateRecord(
      trx,
      actor,
      'stripe_invoices',
      current,
      { invoice_iid: invoice.iid, member_mid: invoice.member_mid ?? current.member_mid },
      {
        action: 'link',
        reason: `Linked to invoice ${invoice.number}`,
        view: (row) => ({
          invoice_iid: row.invoice_iid,
          member_mid: row.member_mid,
          version: row.version,
        }),
      },
    );
    const notes = await settleLinkedInvoice(trx, linked, clock.now(), { ...options, actor });
    return notes.length > 0 ? notes.join(' ') : `Linked to invoice ${invoice.number}.`;
  });
}
