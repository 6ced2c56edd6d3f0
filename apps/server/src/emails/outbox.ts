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
  templateData?: Record<string, unknown>;
  cc?: string[];
  bcc?: string[];
  replyTo?: string;
  /** Files sent with the message (an invoice's PDF), stored with it in `email_attachments`. */
  attachments?: EmailAttachment[];
};

export type EmailAttachment = { filename: string; contentType: string; content: Buffer };

/** An attachment larger than this is refused when queued (SMTP servers commonly cap at 25 MB). */
export const maxAttachmentBytes = 15 * 1024 * 1024;

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
  const attachments = email.attachments ?? [];
  for (const attachment of attachments) {
    if (attachment.content.length > maxAttachmentBytes) {
      throw new Error(
        `Attachment ${attachment.filename} has ${attachment.content.length} bytes; at most ${maxAttachmentBytes} can be e-mailed.`,
      );
    }
  }
  await trx
    .insertInto('emails')
    .values({
      eid,
      to_addresses: email.to,
      cc_addresses: email.cc ?? [],
      bcc_addresses: email.bcc ?? [],
      reply_to: email.replyTo ?? null,
      from_address: from,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
      template: email.template ?? email.kind,
      template_data: email.templateData ? JSON.stringify(email.templateData) : null,
      kind: email.kind,
      related_table: email.related?.table ?? null,
      related_id: email.related?.id ?? null,
      next_attempt_at: new Date(),
    })
    .execute();
  if (attachments.length > 0) {
    await trx
      .insertInto('email_attachments')
      .values(
        attachments.map((attachment, position) => ({
          eid,
          position,
          filename: attachment.filename,
          content_type: attachment.contentType,
          content: attachment.content,
          byte_size: attachment.content.length,
        })),
      )
      .execute();
  }
  await sql`SELECT pg_notify(${outboxChannel}, ${eid})`.execute(trx);
  return eid;
}
