import { sql, type Insertable, type Transaction } from 'kysely';
import type { Database, EmailsTable } from '../db/schema';
import { newId } from '../lib/ids';
import { redactCode, sealSecret } from './sealed-secrets';
import { machineTime } from '../lib/clock';

/** Channel the delivery workers LISTEN on, so that a queued e-mail leaves at once. */
export const outboxChannel = 'email_outbox';

export type OutgoingEmail = {
  /**
   * The row's id, when the caller records it in the same transaction (a dunning notice names
   * its e-mail); a new one otherwise.
   */
  eid?: string;
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
  /**
   * Files made when the message is sent rather than stored with it: a renewal run queues
   * thousands of invoices, whose PDFs the worker renders one by one as it delivers them.
   */
  generatedAttachments?: GeneratedAttachment[];
  /**
   * The single-use code of a sign-in or reset link in this message. It is stored only sealed
   * with the outbox key; the stored text and HTML say `oobCode=[redacted]` (sealed-secrets.ts).
   */
  secret?: {
    code: string;
    /** The console's link that carries the code: the code may appear nowhere else. */
    link?: string;
    outboxKey: Buffer;
  };
};

/**
 * A file the delivery worker makes at sending time (`startEmailWorker`'s `generateAttachment`):
 * an invoice's PDF in its member's language, or with `reminder` the invoice sent again by a
 * dunning level, titled "Reminder 2" / "Final notice" (issue 17).
 */
export type GeneratedAttachment = {
  kind: 'invoice-pdf';
  iid: string;
  reminder?: { level: number; final?: boolean };
};

/** Whether a stored reminder is usable: a positive level, `final` a boolean when present. */
function isReminder(value: unknown): value is GeneratedAttachment['reminder'] {
  const reminder = value as { level?: unknown; final?: unknown } | null;
  return (
    typeof reminder === 'object' &&
    reminder !== null &&
    Number.isInteger(reminder.level) &&
    (reminder.level as number) > 0 &&
    (reminder.final === undefined || typeof reminder.final === 'boolean')
  );
}

/** The generated attachments an e-mail row asks for (kept in its template data). */
export function generatedAttachmentsOf(templateData: unknown): GeneratedAttachment[] {
  const specs = (templateData as { generatedAttachments?: unknown } | null)?.generatedAttachments;
  return Array.isArray(specs)
    ? specs.filter(
        (spec): spec is GeneratedAttachment =>
          (spec as GeneratedAttachment).kind === 'invoice-pdf' &&
          typeof (spec as GeneratedAttachment).iid === 'string' &&
          ((spec as GeneratedAttachment).reminder === undefined ||
            isReminder((spec as GeneratedAttachment).reminder)),
      )
    : [];
}

function templateDataOf(email: OutgoingEmail): string | null {
  const data = email.generatedAttachments?.length
    ? { ...email.templateData, generatedAttachments: email.generatedAttachments }
    : email.templateData;
  return data ? JSON.stringify(data) : null;
}

export type EmailAttachment = { filename: string; contentType: string; content: Buffer };

/** An attachment larger than this is refused when queued (SMTP servers commonly cap at 25 MB). */
export const maxAttachmentBytes = 15 * 1024 * 1024;

/** The outbox row of an e-mail, due now; a link's code is kept only sealed. */
function emailRowOf(eid: string, from: string, email: OutgoingEmail): Insertable<EmailsTable> {
  const secret = email.secret;
  const hide = (text: string) => (secret ? redactCode(text, secret.code, secret.link) : text);
  const templateData = templateDataOf(email);
  if (secret && (email.subject.includes(secret.code) || templateData?.includes(secret.code))) {
    throw new Error('A secret-bearing e-mail carries its code outside the link.');
  }
  return {
    eid,
    to_addresses: email.to,
    cc_addresses: email.cc ?? [],
    bcc_addresses: email.bcc ?? [],
    reply_to: email.replyTo ?? null,
    from_address: from,
    subject: email.subject,
    text_body: hide(email.text),
    html_body: email.html === undefined ? null : hide(email.html),
    template: email.template ?? email.kind,
    template_data: templateData,
    kind: email.kind,
    related_table: email.related?.table ?? null,
    related_id: email.related?.id ?? null,
    next_attempt_at: machineTime.now(),
    sealed_secret: secret ? sealSecret(secret.outboxKey, eid, secret.code) : null,
  };
}

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
    .values(emailRowOf(eid, from, email))
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

/**
 * Queues many e-mails in one statement (and one NOTIFY): a renewal run's batch of invoices.
 * Attachments stored with the message are not taken here; use generated ones.
 */
export async function queueEmails(
  trx: Transaction<Database>,
  from: string,
  emails: Omit<OutgoingEmail, 'attachments'>[],
): Promise<number> {
  if (emails.length === 0) return 0;
  await trx
    .insertInto('emails')
    .values(emails.map((email) => emailRowOf(email.eid ?? newId(), from, email)))
    .execute();
  await sql`SELECT pg_notify(${outboxChannel}, 'batch')`.execute(trx);
  return emails.length;
}
