import type { TPortalCreditNote } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { creditNotePdfFileName } from '../pdf/data';
import { renderCreditNotePdf } from '../pdf/render';

/**
 * The member's credit notes for the portal (issue 35), newest first, each with the invoice it
 * credits. `credit_notes_member_idx` (member, issue day) answers it.
 */
export async function listMemberCreditNotes(
  db: Kysely<Database>,
  mid: string,
): Promise<TPortalCreditNote[]> {
  const rows = await db
    .selectFrom('credit_notes as n')
    .innerJoin('invoices as i', 'i.iid', 'n.invoice_iid')
    .select([
      'n.cnid',
      'n.number',
      'i.number as invoice_number',
      'n.issue_date',
      'n.currency',
      'n.total_minor',
      'n.reason',
    ])
    .where('n.member_mid', '=', mid)
    .orderBy('n.issue_date', 'desc')
    .orderBy('n.number', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    cnid: row.cnid,
    number: row.number,
    invoiceNumber: row.invoice_number,
    issueDate: row.issue_date,
    currency: row.currency,
    totalMinor: String(row.total_minor),
    reason: row.reason,
  }));
}

/** One of the member's credit notes as a PDF; another member's or an unknown id is a 404. */
export async function getMemberCreditNotePdf(db: Kysely<Database>, mid: string, cnid: string) {
  const note = await db
    .selectFrom('credit_notes')
    .select(['cnid', 'number'])
    .where('cnid', '=', cnid)
    .where('member_mid', '=', mid)
    .executeTakeFirst();
  if (!note) throw new AppError('not-found', `Your member has no credit note ${cnid}.`);
  return {
    fileName: creditNotePdfFileName(note.number),
    content: await renderCreditNotePdf(db, note.cnid),
  };
}
