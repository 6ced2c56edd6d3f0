import type { TCreditNoteSendResult } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { getCreditNoteDetail } from './detail';
import { queueCreditNoteEmailIn } from './email';

/** E-mails a credit note's PDF to its member (again), through the outbox. */
export async function sendCreditNote(
  db: Kysely<Database>,
  cnid: string,
  mailFrom: string,
): Promise<TCreditNoteSendResult> {
  return writeTransaction(db, async (trx) => {
    const note = await getCreditNoteDetail(trx, cnid);
    const address = await queueCreditNoteEmailIn(trx, mailFrom, cnid, 'params.cnid');
    return { message: `Credit note ${note.number} e-mailed to ${address} with its PDF.` };
  });
}
