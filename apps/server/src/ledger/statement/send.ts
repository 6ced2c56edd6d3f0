import type { TStatementSendRequest, TStatementSendResult } from '@ops/contract';
import type { Kysely } from 'kysely';
import { recordAudit, type Actor } from '../../db/audit';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { renderEmail, type ClosingBalance } from '../../email-templates';
import { queueEmail, refuseRepeatedSend } from '../../emails';
import { badInput } from '../../errors';
import { longDay } from '../../lib/dates';
import { checkStatementRange, statementPdfFileName } from './data';
import { renderStatementPdf } from './render';
import { formatMemberDay, formatMemberMoney } from '@ops/contract/member-formats';
import type { Language } from '@ops/contract';

/** A currency's closing balance for the e-mail, in the member's language and formats. */
function closingBalance(currency: string, minor: number, language: Language): ClosingBalance {
  const amount = (value: number) => formatMemberMoney(value, currency, language);
  if (minor > 0) return { amount: amount(minor), position: 'owed' };
  if (minor < 0) return { amount: amount(-minor), position: 'in-favour' };
  return { amount: amount(0), position: 'settled' };
}

/**
 * E-mails a member its statement of account for a period, the PDF attached, through the outbox
 * in one transaction (the e-mail log shows it under the member). The member needs an address.
 */
export async function sendStatement(
  db: Kysely<Database>,
  actor: Actor,
  mid: string,
  request: TStatementSendRequest,
  context: { mailFrom: string },
): Promise<TStatementSendResult> {
  checkStatementRange(request, 'body');
  return writeTransaction(db, async (trx) => {
    const { data, pdf } = await renderStatementPdf(trx, mid, request);
    if (!data.email) {
      throw badInput(
        'params.mid',
        'no-address',
        `Member ${data.memberNumber} has no e-mail address: add one first, or download the statement.`,
      );
    }
    const period = `${longDay(data.from)} – ${longDay(data.to)}`;
    const same = { from: data.from, to: data.to, sentTo: data.email };
    const send = { table: 'members', recordId: mid, action: 'send-statement' } as const;
    await refuseRepeatedSend(trx, send, same, `The statement for ${period}`);
    const { preferred_language: language } = await trx
      .selectFrom('members')
      .select('preferred_language')
      .where('mid', '=', mid)
      .executeTakeFirstOrThrow();
    const { subject, text, html } = await renderEmail(trx, 'statement-of-account', language, {
      member: { name: data.memberName, number: data.memberNumber },
      period: {
        from: formatMemberDay(data.from, language),
        to: formatMemberDay(data.to, language),
      },
      closingBalances: data.sections.map((section) =>
        closingBalance(section.currency, section.closingMinor, language),
      ),
    });
    const eid = await queueEmail(trx, context.mailFrom, {
      to: [data.email],
      subject,
      text,
      html,
      kind: 'statement-of-account',
      related: { table: 'members', id: mid },
      attachments: [
        {
          filename: statementPdfFileName(data.memberNumber, request),
          contentType: 'application/pdf',
          content: pdf,
        },
      ],
    });
    await recordAudit(trx, actor, { ...send, before: null, after: { ...same, eid } });
    return { eid, message: `Statement of account for ${period} e-mailed to ${data.email}.` };
  });
}
