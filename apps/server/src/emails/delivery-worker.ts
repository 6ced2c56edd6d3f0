import { sql, type Kysely, type Selectable } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database, EmailsTable } from '../db/schema';
import type { Notifications } from '../db/notifications';
import type { Logger } from '../logger';
import { outboxChannel } from './outbox';

type EmailRow = Selectable<EmailsTable>;

/** A delivery attempt holds its e-mail this long; a worker that dies loses it after that. */
const leaseSeconds = 60;
/** Attempts before a temporarily failing e-mail is given up as ERROR. */
export const maxDeliveryAttempts = 5;
const batchSize = 10;

export type SendResult = { messageId: string | null; accepted: string[]; rejected: string[] };
/** Where e-mails go: an SMTP server, or the server log when none is configured. */
export type Transport = { send(email: EmailRow): Promise<SendResult>; close(): void };

function addresses(list: unknown): string[] {
  return Array.isArray(list)
    ? list.map((entry) =>
        typeof entry === 'string' ? entry : String((entry as { address?: string }).address),
      )
    : [];
}

export function smtpTransport(smtpUrl: string): Transport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      const info = await transporter.sendMail({
        from: email.from_address,
        to: email.to_addresses,
        cc: email.cc_addresses,
        bcc: email.bcc_addresses,
        replyTo: email.reply_to ?? undefined,
        subject: email.subject,
        text: email.text_body ?? undefined,
        html: email.html_body ?? undefined,
      });
      return {
        messageId: info.messageId ?? null,
        accepted: addresses(info.accepted),
        rejected: addresses(info.rejected),
      };
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP_URL, e-mails are kept in the e-mail log and printed to the server log. */
export function logTransport(logger: Logger): Transport {
  return {
    async send(email) {
      logger.info(
        { eid: email.eid, to: email.to_addresses, subject: email.subject },
        `e-mail not delivered (SMTP_URL is not set); its text:\n${email.text_body ?? ''}`,
      );
      return { messageId: null, accepted: [], rejected: [] };
    },
    close: () => undefined,
  };
}

/** SMTP 5xx answers are permanent; everything else (4xx, connection trouble) may pass later. */
function isPermanentFailure(error: unknown): boolean {
  const responseCode = (error as { responseCode?: unknown }).responseCode;
  return typeof responseCode === 'number' && responseCode >= 500;
}

/** Exponential back-off: 30 s, 1 min, 2 min, 4 min, ... at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3_600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Takes due e-mails with FOR UPDATE SKIP LOCKED, so any number of workers (in any number of
 * server instances) share the outbox without sending a message twice. An e-mail whose lease ran
 * out (its worker died) is taken again.
 */
async function claimBatch(db: Kysely<Database>): Promise<EmailRow[]> {
  const { rows } = await sql<EmailRow>`
    UPDATE emails SET state = 'PROCESSING', attempts = attempts + 1,
      lease_expires_at = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    WHERE eid IN (
      SELECT eid FROM emails
      WHERE (state IN ('PENDING', 'RETRY') AND next_attempt_at <= now())
         OR (state = 'PROCESSING' AND lease_expires_at < now())
      ORDER BY next_attempt_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
    RETURNING *`.execute(db);
  return rows;
}

async function deliver(
  db: Kysely<Database>,
  transport: Transport,
  email: EmailRow,
  logger: Logger,
) {
  try {
    const result = await transport.send(email);
    await db
      .updateTable('emails')
      .set({
        state: 'SUCCESS',
        provider_message_id: result.messageId,
        accepted: result.accepted,
        rejected: result.rejected,
        delivered_at: new Date(),
        lease_expires_at: null,
        error: null,
        updated_at: new Date(),
      })
      .where('eid', '=', email.eid)
      .where('state', '=', 'PROCESSING')
      .execute();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const isFinal = isPermanentFailure(error) || email.attempts >= maxDeliveryAttempts;
    logger.warn(
      { eid: email.eid, attempts: email.attempts, isFinal, err: message },
      'e-mail delivery failed',
    );
    await db
      .updateTable('emails')
      .set({
        state: isFinal ? 'ERROR' : 'RETRY',
        error: message,
        lease_expires_at: null,
        next_attempt_at: isFinal
          ? new Date()
          : new Date(Date.now() + retryDelaySeconds(email.attempts) * 1_000),
        updated_at: new Date(),
      })
      .where('eid', '=', email.eid)
      .where('state', '=', 'PROCESSING')
      .execute();
  }
}

export type EmailWorker = {
  /** Delivers what is due now; resolves with the number of e-mails it handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
};

/**
 * The outbox's delivery worker: wakes on each queued e-mail (NOTIFY) and every `pollMs` (retries
 * that came due, leases that ran out), and delivers in batches until nothing is due.
 */
export function startEmailWorker(options: {
  db: Kysely<Database>;
  transport: Transport;
  notifications: Notifications;
  logger: Logger;
  pollMs?: number;
}): EmailWorker {
  const { db, transport, logger } = options;
  let running: Promise<number> | undefined;
  let isAgainWanted = false;
  let isStopped = false;

  const drain = async (): Promise<number> => {
    let handled = 0;
    for (;;) {
      const batch = await claimBatch(db);
      if (batch.length === 0) return handled;
      await Promise.all(batch.map((email) => deliver(db, transport, email, logger)));
      handled += batch.length;
      if (isStopped) return handled;
    }
  };

  const runOnce = (): Promise<number> => {
    if (running) {
      isAgainWanted = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'e-mail delivery round failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (isAgainWanted && !isStopped) {
          isAgainWanted = false;
          void runOnce();
        }
      });
    return running;
  };

  const unsubscribe = options.notifications.subscribe(outboxChannel, () => void runOnce());
  const timer = setInterval(() => void runOnce(), options.pollMs ?? 5_000);
  timer.unref();
  void runOnce();

  return {
    runOnce,
    async stop() {
      isStopped = true;
      clearInterval(timer);
      unsubscribe();
      await running;
      transport.close();
    },
  };
}
