import type { TCreditNoteSendResult } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordAudit, type Actor } from '../db/audit';
import { writeTransaction } from '../db/transaction';
import { refuseRepeatedSend } from '../emails';
import { getCreditNoteDetail } from './detail';
import { queueCreditNoteEmailIn } from './email';

/** E-mails a credit note's PDF to its member (again), through the outbox. */
export async function sendCreditNote(
  db: Kysely<Database>,
  actor: Actor,
  cnid: string,
  mailFrom: string,
): Promise<TCreditNoteSendResult> {
  return writeTransaction(db, async (trx) => {
    const note = await getCreditNoteDetail(trx, cnid);
    const send = { table: 'credit_notes', recordId: cnid, action: 'send' } as const;
    const sentTo = note.member?.email ?? '';
    await refuseRepeatedSend(trx, send, { sentTo }, `Credit note ${note.number}`);
    const address = await queueCreditNoteEmailIn(trx, mailFrom, cnid, 'params.cnid');
    await recordAudit(trx, actor, {
      ...send,
      before: null,
      after: { sentTo: address, number: note.number, memberMid: note.member?.mid ?? null },
    });
    return { message: `Credit note ${note.number} e-mailed to ${address} with its PDF.` };
  });
}
