import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors';

/** How long an identical send of the same document is refused after one (issue 31). */
export const repeatSendSeconds = 60;

/** The audit entry a document's send writes: `after` holds who it went to and which one. */
export type DocumentSend = {
  table: 'members' | 'invoices' | 'credit_notes';
  recordId: string;
  action: string;
};

/**
 * Before an operator e-mails a document (a statement, an invoice, a credit note), whose send is
 * then audited in the same transaction (who sent what to whom: the record's history and the
 * activity log show it): an identical send (same record, action and `same` fields in the entry's
 * `after`) within a minute is refused with a 429. A double click, or a script, would otherwise
 * send the member the same PDF again and again, each rendering it. Under a lock per record and
 * action, so two at once count as two.
 */
export async function refuseRepeatedSend(
  trx: Transaction<Database>,
  entry: DocumentSend,
  same: Record<string, string>,
  what: string,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`${entry.table}:${entry.recordId}:${entry.action}`}))`.execute(
    trx,
  );
  const recent = await trx
    .selectFrom('audit_log')
    .select('id')
    .where('table_name', '=', entry.table)
    .where('record_id', '=', entry.recordId)
    .where('action', '=', entry.action)
    .where(sql<boolean>`at > now() - make_interval(secs => ${repeatSendSeconds})`)
    .where(sql<boolean>`after @> ${JSON.stringify(same)}::jsonb`)
    .limit(1)
    .executeTakeFirst();
  if (recent) {
    throw new AppError(
      'resource-exhausted',
      `${what} was e-mailed less than a minute ago; it is in the e-mail log. Wait a minute to send it again.`,
    );
  }
}
