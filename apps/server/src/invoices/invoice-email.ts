import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { loadInvoiceEmailFacts, renderEmail } from '../email-templates';
import { queueEmail } from '../emails';
import { badInput } from '../errors';
import { invoicePdfFileName, renderInvoicePdf } from './pdf';

type Trx = Transaction<Database>;

/**
 * Why an invoice's e-mail leaves: at its issue (the invoice dialog, an approval's first
 * invoice) or sent again by an operator (issue 32), which the e-mail log tells apart.
 */
export type InvoiceEmailKind = 'invoice-issued' | 'invoice-sent-again';

/**
 * Queues an issued invoice's e-mail in the member's language with its PDF (and QR-bill)
 * attached, in the caller's transaction: the e-mail exists exactly when what caused it is
 * committed. To the member's address unless another is given; answers the address used. 400
 * naming `field` when there is none to send to.
 */
export async function queueInvoiceEmailIn(
  trx: Trx,
  mailFrom: string,
  iid: string,
  options: { kind: InvoiceEmailKind; to?: string | null; field: string },
): Promise<string> {
  const facts = (await loadInvoiceEmailFacts(trx, [iid])).get(iid);
  const address = options.to ?? facts?.email ?? null;
  if (!facts || !address) {
    throw badInput(
      options.field,
      'no-address',
      facts
        ? `Member ${facts.member.number} has no e-mail address: add one first, or give another address.`
        : 'The invoice has no member to send it to.',
    );
  }
  const pdf = await renderInvoicePdf(trx, iid);
  const { subject, text, html } = await renderEmail(trx, 'invoice', facts.language, {
    member: facts.member,
    invoice: facts.invoice,
    bankAccount: facts.bankAccount,
  });
  await queueEmail(trx, mailFrom, {
    to: [address],
    subject,
    text,
    html,
    kind: options.kind,
    related: { table: 'invoices', id: iid },
    attachments: [
      {
        filename: invoicePdfFileName(facts.invoice.number),
        contentType: 'application/pdf',
        content: pdf,
      },
    ],
  });
  return address;
}
