import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { renderEmail } from '../email-templates';
import { queueEmail } from '../emails';
import { badInput } from '../errors';
import { getCreditNoteDetail } from './detail';
import { creditNotePdfFileName } from './pdf/data';
import { renderCreditNotePdf } from './pdf/render';
import { formatMemberDay, formatMemberMoney } from '@ops/contract/member-formats';

type Trx = Transaction<Database>;

/**
 * Queues the credit note's e-mail with its PDF attached, in the caller's transaction (the
 * e-mail exists exactly when the credit note does). It is related to the invoice it credits,
 * so the invoice's e-mails list it. To the member's address unless `to` gives another (Send
 * again, issue 32); always in the member's language. Answers the address; 400 naming `field`
 * when there is none.
 */
export async function queueCreditNoteEmailIn(
  trx: Trx,
  mailFrom: string,
  cnid: string,
  options: { field?: string; to?: string | null } = {},
): Promise<string> {
  const note = await getCreditNoteDetail(trx, cnid);
  const email = options.to ?? note.member?.email;
  if (!note.member || !email) {
    throw badInput(
      options.field ?? 'body.sendEmail',
      'no-address',
      `${note.member ? `Member ${note.member.number}` : 'The invoice'} has no e-mail address: add one first, or send the PDF another way.`,
    );
  }
  const pdf = await renderCreditNotePdf(trx, cnid);
  const credit = Number(note.creditMinor);
  const member = await trx
    .selectFrom('members')
    .select('preferred_language')
    .where('mid', '=', note.member.mid)
    .executeTakeFirst();
  const language = member?.preferred_language ?? 'en';
  const { subject, text, html } = await renderEmail(trx, 'credit-note', language, {
    member: { name: note.member.name, number: note.member.number },
    creditNote: {
      number: note.number,
      total: formatMemberMoney(note.totalMinor, note.currency, language),
      issueDate: formatMemberDay(note.issueDate, language),
      reason: note.reason,
    },
    invoice: { number: note.invoice.number },
    creditAmount: credit > 0 ? formatMemberMoney(credit, note.currency, language) : null,
  });
  await queueEmail(trx, mailFrom, {
    to: [email],
    subject,
    text,
    html,
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
