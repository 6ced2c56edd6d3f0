import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../lib/ids';

/** Channel the delivery workers LISTEN on, so that a queued e-mail leaves at once. */
export const outboxChannel = 'email_outbox';

export type OutgoingEmail = {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** What kind of message this is (sign-in-link, password-reset, ...), for the e-mail log. */
  kind: string;
  related?: { table: keyof Database; id: string };
  template?: string;
};

/**
 * Puts an e-mail in the outbox inside the caller's transaction: the message exists exactly when
 * the change that caused it is committed, and a delivery worker sends it afterwards.
 */
export async function queueEmail(
  trx: Transaction<Database>,
  from: string,
  email: OutgoingEmail,
): Promise<string> {
  const eid = newId();
  await trx
    .insertInto('emails')
    .values({
      eid,
      to_addresses: email.to,
      from_address: from,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
      template: email.template ?? email.kind,
      kind: email.kind,
      related_table: email.related?.table ?? null,
      related_id: email.related?.id ?? null,
      next_attempt_at: new Date(),
    })
    .execute();
  await sql`SELECT pg_notify(${outboxChannel}, ${eid})`.execute(trx);
  return eid;
}
