import { emailMaxDeliveryAttempts, type TEmailDetail } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { messageIdOf } from './delivery-worker';
import { relatedLabelSql, relatedRecordOf } from './list';

const iso = (value: Date | null) => value?.toISOString() ?? null;

function notFound(eid: string): AppError {
  return new AppError('not-found', `There is no e-mail ${eid}.`);
}

/** One e-mail: headers, text, attachments (names and sizes), and every delivery attempt. */
export async function getEmail(db: Kysely<Database>, eid: string): Promise<TEmailDetail> {
  // One snapshot for the e-mail and its attempts: read apart, a delivery finishing between the
  // reads could show the e-mail sent beside an attempt still under way.
  const [email, attachments, deliveries] = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => readEmail(trx, eid));
  if (!email) throw notFound(eid);
  return {
    eid: email.eid,
    state: email.state,
    from: email.from_address,
    to: email.to_addresses,
    cc: email.cc_addresses,
    bcc: email.bcc_addresses,
    replyTo: email.reply_to,
    subject: email.subject,
    messageId: email.provider_message_id ?? messageIdOf(email),
    kind: email.kind,
    template: email.template,
    templateData: email.template_data,
    related: relatedRecordOf(email),
    text: email.text_body,
    hasHtml: email.has_html,
    attachments: attachments.map((file) => ({
      position: file.position,
      filename: file.filename,
      contentType: file.content_type,
      byteSize: file.byte_size,
    })),
    attempts: email.delivery_count,
    attemptsInBudget: email.attempts,
    maxAttempts: emailMaxDeliveryAttempts,
    nextAttemptAt:
      email.state === 'PENDING' || email.state === 'RETRY' ? iso(email.next_attempt_at) : null,
    leaseExpiresAt: email.state === 'PROCESSING' ? iso(email.lease_expires_at) : null,
    workerId: email.worker_id,
    lastError: email.error,
    providerMessageId: email.provider_message_id,
    accepted: email.accepted,
    rejected: email.rejected,
    deliveredAt: iso(email.delivered_at),
    deliveryMode: email.delivery_mode,
    createdAt: email.created_at.toISOString(),
    updatedAt: email.updated_at.toISOString(),
    deliveries: deliveries.map((delivery) => ({
      attempt: delivery.attempt,
      workerId: delivery.worker_id,
      startedAt: delivery.started_at.toISOString(),
      finishedAt: iso(delivery.finished_at),
      outcome: delivery.outcome,
      smtpResponse: delivery.smtp_response,
      error: delivery.error,
      providerMessageId: delivery.provider_message_id,
      accepted: delivery.accepted,
      rejected: delivery.rejected,
      deliveryMode: delivery.delivery_mode,
    })),
  };
}

/** The HTML body as stored; shown only in a sandboxed frame (see the route's headers). */
export async function getEmailHtml(db: Kysely<Database>, eid: string): Promise<string> {
  const row = await db
    .selectFrom('emails')
    .select('html_body')
    .where('eid', '=', eid)
    .executeTakeFirst();
  if (!row) throw notFound(eid);
  if (!row.html_body) throw new AppError('not-found', `E-mail ${eid} has no HTML body.`);
  return row.html_body;
}

export async function getEmailAttachment(db: Kysely<Database>, eid: string, position: number) {
  const file = await db
    .selectFrom('email_attachments')
    .select(['filename', 'content_type', 'content'])
    .where('eid', '=', eid)
    .where('position', '=', position)
    .executeTakeFirst();
  if (!file) throw new AppError('not-found', `E-mail ${eid} has no attachment ${position}.`);
  return file;
}

/** The e-mail row, its attachments and its delivery attempts (run in one transaction). */
function readEmail(db: Kysely<Database>, eid: string) {
  return Promise.all([
    db
      .selectFrom('emails as e')
      .selectAll('e')
      .select([
        relatedLabelSql.as('related_label'),
        sql<boolean>`e.html_body IS NOT NULL AND e.html_body <> ''`.as('has_html'),
      ])
      .where('e.eid', '=', eid)
      .executeTakeFirst(),
    db
      .selectFrom('email_attachments')
      .select(['position', 'filename', 'content_type', 'byte_size'])
      .where('eid', '=', eid)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('email_deliveries')
      .selectAll()
      .where('eid', '=', eid)
      .orderBy('attempt')
      .orderBy('id')
      .execute(),
  ]);
}
