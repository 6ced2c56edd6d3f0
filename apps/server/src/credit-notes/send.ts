import type { TCreditNoteSendResult, TDocumentSendRequest } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordAudit, type Actor } from '../db/audit';
import { writeTransaction } from '../db/transaction';
import { refuseRepeatedSend } from '../emails';
import { getCreditNoteDetail } from './detail';
import { queueCreditNoteEmailIn } from './email';

/**
 * E-mails a credit note's PDF (again), through the outbox: to its member, or to the address
 * `to` names (issue 32), audited on the credit note with the address it went to.
 */
export async function sendCreditNote(
  db: Kysely<Database>,
  actor: Actor,
  cnid: string,
  mailFrom: string,
  request: TDocumentSendRequest = {},
): Promise<TCreditNoteSendResult> {
  return writeTransaction(db, async (trx) => {
    const note = await getCreditNoteDetail(trx, cnid);
    const send = { table: 'credit_notes', recordId: cnid, action: 'send' } as const;
    // The address is part of what makes a send identical: the same note to the member and then
    // to its accountant, seconds apart, is two sends; twice to the same address is a double click.
    const sentTo = request.to ?? note.member?.email ?? '';
    await refuseRepeatedSend(trx, send, { sentTo }, `Credit note ${note.number}`);
    const address = await queueCreditNoteEmailIn(trx, mailFrom, cnid, {
      field: request.to === undefined ? 'params.cnid' : 'body.to',
      to: request.to ?? null,
    });
    await recordAudit(trx, actor, {
      ...send,
      before: null,
      after: { sentTo: address, number: note.number, memberMid: note.member?.mid ?? null },
    });
    return { message: `Credit note ${note.number} e-mailed to ${address} with its PDF.` };
  });
}
