import type { TStatementSendRequest, TStatementSendResult } from '@ops/contract';
import { formatMoney } from '@ops/contract/display-format';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { queueEmail, statementOfAccountEmail } from '../../emails';
import { badInput } from '../../errors';
import { longDay } from '../../lib/dates';
import { checkStatementRange, statementPdfFileName } from './data';
import { renderStatementPdf } from './render';

/** "CHF 120.00 owed", "CHF 50.00 in your favour", "CHF 0.00 (settled)". */
function closingWords(currency: string, minor: number): string {
  if (minor > 0) return `${formatMoney(minor, currency)} owed`;
  if (minor < 0) return `${formatMoney(-minor, currency)} in your favour`;
  return `${formatMoney(0, currency)} (settled)`;
}

/**
 * E-mails a member its statement of account for a period, the PDF attached, through the outbox
 * in one transaction (the e-mail log shows it under the member). The member needs an address.
 */
export async function sendStatement(
  db: Kysely<Database>,
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
    const eid = await queueEmail(trx, context.mailFrom, {
      to: [data.email],
      ...statementOfAccountEmail({
        memberName: data.memberName,
        period,
        closingBalances: data.sections.map((section) =>
          closingWords(section.currency, section.closingMinor),
        ),
      }),
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
    return { eid, message: `Statement of account for ${period} e-mailed to ${data.email}.` };
  });
}
