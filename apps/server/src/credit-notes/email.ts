import type { Transaction } from 'kysely';
import { formatMoney } from '@ops/contract/display-format';
import type { Database } from '../db/schema';
import { creditNoteEmail, queueEmail } from '../emails';
import { badInput } from '../errors';
import { getCreditNoteDetail } from './detail';
import { creditNotePdfFileName } from './pdf/data';
import { renderCreditNotePdf } from './pdf/render';

type Trx = Transaction<Database>;

/**
 * Queues the credit note's e-mail with its PDF attached, in the caller's transaction (the
 * e-mail exists exactly when the credit note does). It is related to the invoice it credits,
 * so the invoice's e-mails list it. Answers the address; 400 when the member has none.
 */
export async function queueCreditNoteEmailIn(
  trx: Trx,
  mailFrom: string,
  cnid: string,
  field = 'body.sendEmail',
): Promise<string> {
  const note = await getCreditNoteDetail(trx, cnid);
  const email = note.member?.email;
  if (!note.member || !email) {
    throw badInput(
      field,
      'no-address',
      `${note.member ? `Member ${note.member.number}` : 'The invoice'} has no e-mail address: add one first, or send the PDF another way.`,
    );
  }
  const pdf = await renderCreditNotePdf(trx, cnid);
  const credit = Number(note.creditMinor);
  await queueEmail(trx, mailFrom, {
    to: [email],
    ...creditNoteEmail({
      memberName: note.member.name,
      creditNoteNumber: note.number,
      invoiceNumber: note.invoice.number,
      amount: formatMoney(note.totalMinor, note.currency),
      reason: note.reason,
      creditAmount: credit > 0 ? formatMoney(credit, note.currency) : null,
    }),
    kind: 'credit-note',
    related: { table: 'invoices', id: note.invoice.iid },
    attachments: [
      {
        filename: creditNotePdfFileName(note.number),
        contentType: 'application/pdf',
        content: pdf,
      },
    ],
  });
  return email;
}
