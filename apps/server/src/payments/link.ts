import { auditReasonKey, type TLinkPaymentRequest } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import { recordAudit, type OperatorActor } from '../audit/record';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { changedSinceOpened, describeAuthor } from '../db/versioned-write';
import { AppError, badInput } from '../errors';
import { settleLinkedInvoice, type WebhookOptions } from './webhook';

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
    const current = await trx
      .selectFrom('stripe_invoices')
      .selectAll()
      .where('sid', '=', sid)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new AppError('not-found', `There is no card-payment invoice ${sid}.`);
    const label = `Card-payment invoice ${current.number ?? current.provider_invoice_id}`;
    if (current.version !== request.version) {
      const who =
        (await describeAuthor(trx, current.updated_by)) ?? 'a webhook of the card-payment provider';
      throw changedSinceOpened(label, who, current.updated_at);
    }
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
    if (!invoice) throw badInput(field, 'exists', `There is no invoice ${number}.`);
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

    const linked = await trx
      .updateTable('stripe_invoices')
      .set({
        invoice_iid: invoice.iid,
        member_mid: invoice.member_mid ?? current.member_mid,
        version: sql<number>`version + 1`,
        updated_at: sql<Date>`now()`,
        updated_by: actor.uid,
      })
      .where('sid', '=', sid)
      .where('version', '=', request.version)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      table: 'stripe_invoices',
      recordId: sid,
      action: 'link',
      before: {
        invoice_iid: current.invoice_iid,
        member_mid: current.member_mid,
        version: current.version,
      },
      after: {
        invoice_iid: linked.invoice_iid,
        member_mid: linked.member_mid,
        version: linked.version,
        [auditReasonKey]: `Linked to invoice ${invoice.number}`,
      },
    });
    const notes = await settleLinkedInvoice(trx, linked, new Date(), { ...options, actor });
    return notes.length > 0 ? notes.join(' ') : `Linked to invoice ${invoice.number}.`;
  });
}
