import {
  isInvoiceSendable,
  type TDocumentSendRequest,
  type TInvoiceSendResult,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import { recordAudit, type OperatorActor } from '../db/audit';
import { recordNotFound } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { refuseRepeatedSend } from '../emails';
import { badInput } from '../errors';
import { queueInvoiceEmailIn } from './invoice-email';

/** Why an invoice in this status is not e-mailed, in the words of the refusal. */
const unsendableWhy: Record<string, string> = {
  draft: 'it is a draft: issue it first',
  void: 'it is void, so it is no longer asked for',
  uncollectible: 'it is written off as uncollectible',
  credited: 'it is credited in full: send its credit note instead',
};

/**
 * Send again (issue 32): e-mails an issued (partly paid, overdue) or paid invoice with its PDF
 * once more, in the member's language, to the member's address (its billing address) or to the
 * address `to` names. The e-mail and the audit entry on the invoice (who sent it to whom) are
 * one transaction; the same invoice to the same address within a minute is a 429.
 */
export async function sendInvoiceAgain(
  db: Kysely<Database>,
  actor: OperatorActor,
  iid: string,
  request: TDocumentSendRequest,
  mailFrom: string,
): Promise<TInvoiceSendResult> {
  return writeTransaction(db, async (trx) => {
    const invoice = await trx
      .selectFrom('invoices as i')
      .leftJoin('members as m', 'm.mid', 'i.member_mid')
      .select(['i.number', 'i.status', 'i.member_mid'])
      .select(sql<string | null>`coalesce(m.billing_email, m.email)`.as('email'))
      .where('i.iid', '=', iid)
      .executeTakeFirst();
    if (!invoice) throw recordNotFound('invoices', iid);
    if (!isInvoiceSendable(invoice.status)) {
      throw badInput(
        'params.iid',
        'status',
        `Invoice ${invoice.number} cannot be sent: ${unsendableWhy[invoice.status] ?? `it is ${invoice.status}`}.`,
      );
    }
    const send = { table: 'invoices', recordId: iid, action: 'send' } as const;
    // The address is part of what makes a send the same: to the member, then to its accountant
    // seconds later, is two sends; twice to one address is a double click.
    const sentTo = request.to ?? invoice.email ?? '';
    await refuseRepeatedSend(trx, send, { sentTo }, `Invoice ${invoice.number}`);
    const address = await queueInvoiceEmailIn(trx, mailFrom, iid, {
      kind: 'invoice-sent-again',
      to: request.to ?? null,
      field: request.to === undefined ? 'params.iid' : 'body.to',
    });
    await recordAudit(trx, actor, {
      ...send,
      before: null,
      after: { sentTo: address, number: invoice.number, memberMid: invoice.member_mid },
    });
    return { message: `Invoice ${invoice.number} e-mailed to ${address} with its PDF.` };
  });
}
