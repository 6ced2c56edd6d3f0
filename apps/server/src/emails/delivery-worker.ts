import { actionLinkParams, emailMaxDeliveryAttempts } from '@ops/contract';
import { hostname } from 'node:os';
import { sql, type Kysely, type Selectable } from 'kysely';
import nodemailer from 'nodemailer';
import type {
  Database,
  EmailAttachmentsTable,
  EmailDeliveryMode,
  EmailDeliveryOutcome,
  EmailsTable,
} from '../db/schema';
import { isDatabaseUnreachable } from '../db/connection-errors';
import { reconnectedChannel, type Notifications } from '../db/notifications';
import { newId } from '../lib/ids';
import type { Logger } from '../logger';
import { getOutboxKey, openSecret, redactedSecret, revealCode } from './sealed-secrets';
import {
  generatedAttachmentsOf,
  outboxChannel,
  type EmailAttachment,
  type GeneratedAttachment,
} from './outbox';
import { machineTime } from '../lib/clock';

type EmailRow = Selectable<EmailsTable>;

/** An e-mail as a worker claimed it: the row (with its lease token) and its attachments. */
export type DeliverableEmail = EmailRow & {
  attachments: Pick<Selectable<EmailAttachmentsTable>, 'filename' | 'content_type' | 'content'>[];
  /**
   * The link's code of a secret-bearing e-mail, opened from `sealed_secret` and already put back
   * into the text and HTML for this send only (sealed-secrets.ts). Never written anywhere.
   */
  revealedCode?: string;
};

/**
 * A delivery attempt holds its e-mail this long; a worker that dies loses it after that. Every
 * SMTP timeout below is far shorter, so a living worker always reports before its lease ends.
 */
export const leaseSeconds = 60;
/** Attempts answered with a temporary failure (4xx) before an e-mail is given up as ERROR. */
export const maxDeliveryAttempts = emailMaxDeliveryAttempts;
/** E-mails claimed per statement; they are sent concurrently over the transport's pool. */
const batchSize = 20;
/** How often the result of an attempt is written again when the database is unreachable. */
const finishWriteAttempts = 5;

export type SendResult = {
  messageId: string | null;
  accepted: string[];
  rejected: string[];
  /** The server's last answer, e.g. "250 OK: queued as 4F2A". */
  response: string | null;
};
/** Where e-mails go: an SMTP server, or the server log when none is configured. */
export type Transport = {
  /**
   * How what it sends leaves, recorded with every delivered e-mail so that the console says
   * "Logged (not delivered)" rather than "Sent" for an e-mail that reached no mailbox.
   */
  mode: EmailDeliveryMode;
  send(email: DeliverableEmail): Promise<SendResult>;
  /** Checks that the server can be used (connect, greeting, login); throws when it cannot. */
  verify?(): Promise<void>;
  close(): void;
};

function addresses(list: unknown): string[] {
  return Array.isArray(list)
    ? list.map((entry) =>
        typeof entry === 'string' ? entry : String((entry as { address?: string }).address),
      )
    : [];
}

/**
 * The Message-ID of an e-mail: the same for every attempt, so that a message sent twice (the
 * at-least-once edge, see `deliver`) can be recognised as one by the receiving side.
 */
export function messageIdOf(email: Pick<EmailRow, 'eid' | 'from_address'>): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(email.from_address)?.[1] ?? 'operations.invalid';
  return `<${email.eid}@${domain}>`;
}

/**
 * SMTP through nodemailer with a pool of connections (reused for many messages; a broken one is
 * replaced). Timeouts are short next to the lease, so no attempt outlives its lease.
 */
export function smtpTransport(
  smtpUrl: string,
  options: { maxConnections?: number } = {},
): Transport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: options.maxConnections ?? 4,
    maxMessages: 1_000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    mode: 'smtp',
    async send(email) {
      const info = await transporter.sendMail({
        messageId: messageIdOf(email),
        from: email.from_address,
        to: email.to_addresses,
        cc: email.cc_addresses,
        bcc: email.bcc_addresses,
        replyTo: email.reply_to ?? undefined,
        subject: email.subject,
        text: email.text_body ?? undefined,
        html: email.html_body ?? undefined,
        attachments: email.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.content_type,
          content: attachment.content,
        })),
      });
      return {
        messageId: info.messageId ?? null,
        accepted: addresses(info.accepted),
        rejected: addresses(info.rejected),
        response: typeof info.response === 'string' ? info.response : null,
      };
    },
    async verify() {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}

/** Writes a block of lines to the person at the terminal, outside the log. */
export type TerminalPrinter = (block: string) => void;

const printToTerminal: TerminalPrinter = (block) => {
  process.stderr.write(`${block}\n`);
};

/** An e-mail as the person at the terminal reads it: its headers, then its text, framed. */
export function terminalEmailBlock(email: DeliverableEmail): string {
  const rule = '─'.repeat(72);
  const header = (name: string, value: string) => (value ? [`  ${name.padEnd(9)} ${value}`] : []);
  const text = (email.text_body ?? '(no text part; see the e-mail log)').trimEnd();
  return [
    '',
    `── E-mail not sent: SMTP_URL is not set ${rule}`.slice(0, 72),
    ...header('To:', email.to_addresses.join(', ')),
    ...header('Cc:', email.cc_addresses.join(', ')),
    ...header('Subject:', email.subject),
    ...header('Attached:', email.attachments.map((file) => file.filename).join(', ')),
    '',
    ...text.split('\n').map((line) => `  ${line}`),
    rule,
    '',
  ].join('\n');
}

/** A link's code in a message's text, as the outbox puts it back (`oobCode=...`). */
const codeInLink = new RegExp(`([?&]${actionLinkParams.code}=)[^&\\s"'<>]+`, 'g');

/**
 * The block for a standard error that is not a terminal (a file, journald, `docker logs`):
 * whoever reads those later must not find a working code, so the code is redacted and the
 * command that makes a new link is named instead (the banner's rule, issue 31).
 */
function withoutCodes(email: DeliverableEmail): DeliverableEmail {
  const text = email.text_body;
  if (text === null || text.search(codeInLink) === -1) return email;
  const redacted = text.replace(codeInLink, `$1${redactedSecret}`);
  const note = [
    '',
    `(The link's code is not printed: standard error is not a terminal, and what it writes is`,
    ' kept. For a working link: npm run ops -- sign-in-link <email>, on a terminal.)',
  ].join('\n');
  return { ...email, text_body: `${redacted}${note}` };
}

/**
 * Without SMTP_URL, e-mails are kept in the e-mail log (marked "Logged (not delivered)") and
 * shown to the person at the terminal, one readable block each: a sign-in or reset link a
 * person asked for arrives there whole, because that is how a newcomer signs in, but only when
 * standard error is a terminal (`isTerminal`); otherwise with its code redacted. The log gets
 * one short line naming the e-mail, never its text: log collectors keep lines, and a link's
 * code must not be among them.
 */
export function logTransport(
  logger: Logger,
  printBlock: TerminalPrinter = printToTerminal,
  isTerminal: boolean = process.stderr.isTTY === true,
): Transport {
  return {
    mode: 'log',
    async send(email) {
      logger.info(
        { eid: email.eid, to: email.to_addresses, subject: email.subject },
        'e-mail not delivered (SMTP_URL is not set): shown on the terminal',
      );
      printBlock(terminalEmailBlock(isTerminal ? email : withoutCodes(email)));
      return {
        messageId: null,
        accepted: [],
        rejected: [],
        response: 'Written to the server log (SMTP_URL is not set)',
      };
    },
    close: () => undefined,
  };
}

/**
 * What a failed attempt means:
 * - `permanent`: the server refused this message for good (5xx to MAIL FROM, RCPT TO or DATA),
 *   or the message cannot be sent at all (no valid recipient): ERROR at once.
 * - `temporary`: the server asked to try this message later (4xx): RETRY with back-off, within
 *   the attempt budget.
 * - `outage`: the server could not be used at all (refused or timed out connections, 421
 *   "closing", a failed greeting or login): not the message's fault, so the budget is left
 *   alone and the e-mail waits, however long the outage lasts.
 */
export type FailureKind = 'permanent' | 'temporary' | 'outage';

export function classifyFailure(error: unknown): FailureKind {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  const isMessageLevel = code === 'EENVELOPE' || code === 'EMESSAGE';
  if (typeof responseCode === 'number') {
    if (responseCode === 421 || !isMessageLevel) return 'outage';
    return responseCode >= 500 ? 'permanent' : 'temporary';
  }
  return isMessageLevel ? 'permanent' : 'outage';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Exponential back-off of temporary failures: 30 s, 1 min, 2 min, 4 min, ... at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3_600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * While the server is unreachable the worker pauses and probes it (`verify`: connect, greeting,
 * QUIT) after 0.5 s, 1 s, 2 s, ... at most 5 s apart, and resumes as soon as it answers. The
 * e-mails that met the outage are due again after `outageRetryMs`.
 */
const outageProbeMs = { first: 500, max: 5_000 } as const;
const outageRetryMs = 1_000;

/**
 * E-mails whose lease ran out on their last attempt become ERROR (the domain's "an expired
 * lease becomes ERROR"); the others are taken again by `claimBatch`.
 */
async function giveUpExpiredLeases(db: Kysely<Database>): Promise<void> {
  await sql`
    WITH gone AS (
      UPDATE emails SET state = 'ERROR', lease_expires_at = NULL, lease_token = NULL,
             error = 'The lease of the last attempt ran out before its worker reported a result.',
             updated_at = now()
       WHERE state = 'PROCESSING' AND (lease_expires_at < now() OR lease_expires_at IS NULL)
         AND attempts >= ${maxDeliveryAttempts}
      RETURNING eid)
    UPDATE email_deliveries SET outcome = 'lease-expired', finished_at = now()
     WHERE eid IN (SELECT eid FROM gone) AND outcome IS NULL`.execute(db);
}

/**
 * Takes due e-mails with FOR UPDATE SKIP LOCKED, so any number of workers (in any number of
 * server instances) share the outbox without taking the same e-mail twice. Each claim gets a new
 * lease token and starts a history row; an e-mail whose lease ran out (its worker died) is taken
 * again, and the attempt that held it is recorded as lease-expired.
 */
async function claimBatch(db: Kysely<Database>, workerId: string): Promise<DeliverableEmail[]> {
  const { rows } = await sql<EmailRow>`
    WITH due AS (
      SELECT eid FROM emails
       WHERE (state IN ('PENDING', 'RETRY') AND next_attempt_at <= now())
          OR (state = 'PROCESSING' AND (lease_expires_at < now() OR lease_expires_at IS NULL))
       ORDER BY next_attempt_at LIMIT ${batchSize} FOR UPDATE SKIP LOCKED),
    claimed AS (
      UPDATE emails e SET state = 'PROCESSING', attempts = e.attempts + 1,
             delivery_count = e.delivery_count + 1, lease_token = gen_random_uuid()::text,
             worker_id = ${workerId}, last_attempt_at = now(),
             lease_expires_at = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
        FROM due WHERE e.eid = due.eid
      RETURNING e.*),
    expired AS (
      UPDATE email_deliveries d SET outcome = 'lease-expired', finished_at = now(),
             error = 'The lease ran out before this attempt reported a result; another attempt took over.'
       WHERE d.eid IN (SELECT eid FROM claimed) AND d.outcome IS NULL),
    started AS (
      INSERT INTO email_deliveries (eid, attempt, lease_token, worker_id)
      SELECT eid, delivery_count, lease_token, worker_id FROM claimed)
    SELECT * FROM claimed`.execute(db);
  if (rows.length === 0) return [];
  const withFiles = await db
    .selectFrom('email_attachments')
    .select(['eid', 'filename', 'content_type', 'content'])
    .where(
      'eid',
      'in',
      rows.map((row) => row.eid),
    )
    .orderBy('eid')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    ...row,
    attachments: withFiles.filter((file) => file.eid === row.eid),
  }));
}

type Finish = {
  state: 'SUCCESS' | 'RETRY' | 'ERROR';
  outcome: EmailDeliveryOutcome;
  /** A failure caused by an outage: the attempt is not counted against the budget. */
  isFreeAttempt?: boolean;
  nextAttemptAt?: Date;
  error: string | null;
  result?: SendResult;
  /** How a successful attempt left (the transport's mode); absent for failures. */
  deliveryMode?: EmailDeliveryMode;
};

/**
 * Writes an attempt's result, only while the lease is still ours (state PROCESSING and our
 * token): a worker whose lease ran out and was taken over cannot overwrite the new holder's
 * result. Its history row gets the late result, kept as lease-expired. Answers whether the
 * e-mail was still ours.
 */
async function writeFinish(db: Kysely<Database>, email: EmailRow, finish: Finish) {
  const result = finish.result;
  const { rows } = await sql<{ owned: string }>`
    WITH mine AS (
      UPDATE emails SET state = ${finish.state},
             attempts = attempts - ${finish.isFreeAttempt ? 1 : 0},
             error = ${finish.error},
             provider_message_id = coalesce(${result?.messageId ?? null}, provider_message_id),
             accepted = ${result?.accepted ?? []}::text[],
             rejected = ${result?.rejected ?? []}::text[],
             delivered_at = ${finish.state === 'SUCCESS' ? sql`now()` : sql`delivered_at`},
             delivery_mode = ${finish.deliveryMode ?? null},
             -- A delivered link's sealed code is needed no more: it is not kept.
             sealed_secret = ${finish.state === 'SUCCESS' ? null : sql`sealed_secret`},
             next_attempt_at = ${finish.nextAttemptAt ?? machineTime.now()},
             lease_expires_at = NULL, lease_token = NULL, updated_at = now()
       WHERE eid = ${email.eid} AND state = 'PROCESSING' AND lease_token = ${email.lease_token}
      RETURNING eid),
    history AS (
      UPDATE email_deliveries
         SET outcome = CASE WHEN EXISTS (SELECT 1 FROM mine) THEN ${finish.outcome}
                            ELSE 'lease-expired' END,
             error = CASE WHEN EXISTS (SELECT 1 FROM mine) THEN ${finish.error}
                          ELSE concat_ws(' ', 'The lease ran out before this result was written; another attempt took over. The late result:', ${finish.error ?? finish.outcome}::text) END,
             finished_at = now(),
             smtp_response = ${result?.response ?? null},
             provider_message_id = ${result?.messageId ?? null},
             accepted = ${result?.accepted ?? []}::text[],
             rejected = ${result?.rejected ?? []}::text[],
             delivery_mode = ${finish.deliveryMode ?? null}
       WHERE lease_token = ${email.lease_token})
    SELECT count(*) AS owned FROM mine`.execute(db);
  return Number(rows[0]?.owned ?? 0) > 0;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Makes a generated attachment (an invoice's PDF) when its e-mail is sent. */
export type AttachmentGenerator = (spec: GeneratedAttachment) => Promise<EmailAttachment>;

/**
 * Attachments a worker makes at once. A batch's e-mails are sent concurrently, but making a PDF
 * is CPU work on this one thread: twenty at once (a batch of reminders) are no faster than two,
 * and hold twenty documents in the making (and, in a dunning run, while the run itself renders
 * and queues). Two keep one invoice's database reads overlapping the other's rendering.
 */
const attachmentsAtOnce = 2;

/** The generator, with at most `limit` calls running at a time (the others wait in turn). */
function limitedGenerator(generate: AttachmentGenerator, limit: number): AttachmentGenerator {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (spec) => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await generate(spec);
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/**
 * The e-mail with the attachments it asks to be made at sending time; a file that cannot be made
 * (its invoice gone) fails the e-mail for good, saying why, rather than sending it without.
 */
async function withGeneratedAttachments(
  email: DeliverableEmail,
  generateAttachment: AttachmentGenerator | undefined,
): Promise<{ email: DeliverableEmail } | { error: string }> {
  const specs = generatedAttachmentsOf(email.template_data);
  if (specs.length === 0) return { email };
  if (!generateAttachment) {
    return { error: 'This e-mail asks for a generated attachment, and this worker makes none.' };
  }
  try {
    const files = await Promise.all(specs.map((spec) => generateAttachment(spec)));
    return {
      email: {
        ...email,
        attachments: [
          ...email.attachments,
          ...files.map((file) => ({
            filename: file.filename,
            content_type: file.contentType,
            content: file.content,
          })),
        ],
      },
    };
  } catch (error) {
    return { error: `The attachment could not be made: ${errorText(error)}` };
  }
}

/**
 * The e-mail with its sealed code opened and put back into its text and HTML, for this send
 * only. A code that cannot be opened (another database's key, a damaged row) fails the e-mail
 * for good rather than sending a link that does not work.
 */
async function withRevealedSecret(
  db: Kysely<Database>,
  email: DeliverableEmail,
): Promise<{ email: DeliverableEmail } | { error: string }> {
  if (!email.sealed_secret) return { email };
  try {
    const code = openSecret(await getOutboxKey(db), email.eid, email.sealed_secret);
    const reveal = (body: string | null) => (body === null ? null : revealCode(body, code));
    return {
      email: {
        ...email,
        text_body: reveal(email.text_body),
        html_body: reveal(email.html_body),
        revealedCode: code,
      },
    };
  } catch (error) {
    return { error: `The sign-in code of this e-mail could not be opened: ${errorText(error)}` };
  }
}

/**
 * One attempt. Delivery is at least once, never knowingly twice: a message is sent only under a
 * lease, and its result is written only while the lease is ours. The one edge: the SMTP server
 * accepted the message but the result could not be written (the database was unreachable
 * for the whole `finishWriteAttempts` back-off, ~15 s). The lease then runs out and the e-mail
 * is sent again, with the same Message-ID so that the receiving side can recognise it.
 */
async function deliver(
  db: Kysely<Database>,
  transport: Transport,
  email: DeliverableEmail,
  logger: Logger,
  outage: { hit: boolean },
  generateAttachment: AttachmentGenerator | undefined,
): Promise<void> {
  let finish: Finish;
  const revealed = await withRevealedSecret(db, email);
  const generated =
    'error' in revealed
      ? revealed
      : await withGeneratedAttachments(revealed.email, generateAttachment);
  if ('error' in generated) {
    finish = { state: 'ERROR', outcome: 'permanent-failure', error: generated.error };
  } else {
    try {
      const result = await transport.send(generated.email);
      finish = {
        state: 'SUCCESS',
        outcome: 'success',
        error: null,
        result,
        deliveryMode: transport.mode,
      };
    } catch (error) {
      const message = errorText(error);
      const kind = classifyFailure(error);
      const response = (error as { response?: unknown }).response;
      const result: SendResult = {
        messageId: null,
        accepted: [],
        rejected: addresses((error as { rejected?: unknown }).rejected),
        response: typeof response === 'string' ? response : null,
      };
      if (kind === 'outage') {
        outage.hit = true;
        finish = {
          state: 'RETRY',
          outcome: 'temporary-failure',
          isFreeAttempt: true,
          nextAttemptAt: new Date(machineTime.nowMs() + outageRetryMs),
          error: `The mail server could not be reached: ${message}`,
          result,
        };
      } else if (kind === 'permanent' || email.attempts >= maxDeliveryAttempts) {
        finish = {
          state: 'ERROR',
          outcome: kind === 'permanent' ? 'permanent-failure' : 'temporary-failure',
          error:
            kind === 'permanent' ? message : `Gave up after ${email.attempts} attempts: ${message}`,
          result,
        };
      } else {
        finish = {
          state: 'RETRY',
          outcome: 'temporary-failure',
          nextAttemptAt: new Date(machineTime.nowMs() + retryDelaySeconds(email.attempts) * 1_000),
          error: message,
          result,
        };
      }
      logger.warn(
        { eid: email.eid, attempts: email.attempts, kind, state: finish.state, err: message },
        'e-mail delivery failed',
      );
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const isOwned = await writeFinish(db, email, finish);
      if (!isOwned) {
        logger.warn(
          { eid: email.eid, outcome: finish.outcome },
          'e-mail lease ran out before its result was written; the newer attempt keeps the e-mail',
        );
      }
      return;
    } catch (error) {
      if (attempt >= finishWriteAttempts) {
        logger.error(
          { eid: email.eid, err: error, outcome: finish.outcome },
          'the result of an e-mail delivery could not be written; it will be attempted again when its lease runs out',
        );
        return;
      }
      await pause(1_000 * 2 ** (attempt - 1));
    }
  }
}

export type EmailWorker = {
  /** This worker's name in the delivery history (host, process, instance). */
  id: string;
  /** Delivers what is due now; resolves with the number of e-mails it handled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
};

/**
 * The outbox's delivery worker: wakes on each queued e-mail (NOTIFY), every `pollMs` (retries
 * that came due, leases that ran out) and when a retry it scheduled comes due, and delivers in
 * batches until nothing is due. While the mail server is unreachable it pauses and probes it
 * (see `outageProbeMs`) instead of spending attempts.
 */
export function startEmailWorker(options: {
  db: Kysely<Database>;
  transport: Transport;
  notifications: Notifications;
  logger: Logger;
  pollMs?: number;
  /** Names the worker in the delivery history; host/pid/random by default. */
  workerId?: string;
  /** Makes the attachments e-mails ask to be generated at sending time (invoice PDFs). */
  generateAttachment?: AttachmentGenerator;
}): EmailWorker {
  const { db, transport, logger } = options;
  const workerId = options.workerId ?? `${hostname()}/${process.pid}/${newId().slice(0, 6)}`;
  const generateAttachment =
    options.generateAttachment && limitedGenerator(options.generateAttachment, attachmentsAtOnce);
  let running: Promise<number> | undefined;
  let isAgainWanted = false;
  let isStopped = false;
  /** Set while the mail server is unreachable: the worker claims nothing until a probe passes. */
  let outage: { probeAt: number; probeDelayMs: number } | undefined;
  let outageRetriesDueAt = 0;
  let wakeTimer: NodeJS.Timeout | undefined;

  const wakeIn = (ms: number) => {
    if (isStopped) return;
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      void runOnce();
    }, ms);
    wakeTimer.unref();
  };

  /** During an outage: whether the server answers again (without a probe, the next batch tells). */
  const isServerBack = async (): Promise<boolean> => {
    if (!outage) return true;
    const waitMs = outage.probeAt - performance.now();
    if (waitMs > 0) {
      wakeIn(waitMs);
      return false;
    }
    if (!transport.verify) return true;
    try {
      await transport.verify();
      logger.info({ workerId }, 'mail server reachable again; resuming delivery');
      outage = undefined;
      return true;
    } catch {
      const probeDelayMs = Math.min(
        outageProbeMs.max,
        (outage?.probeDelayMs ?? outageProbeMs.first) * 2,
      );
      outage = { probeDelayMs, probeAt: performance.now() + probeDelayMs };
      wakeIn(probeDelayMs);
      return false;
    }
  };

  const drain = async (): Promise<number> => {
    let handled = 0;
    await giveUpExpiredLeases(db);
    for (;;) {
      if (!(await isServerBack())) return handled;
      const batch = await claimBatch(db, workerId);
      if (batch.length === 0) {
        // E-mails that met an outage come due shortly: be there, rather than at the next poll.
        if (outageRetriesDueAt > performance.now())
          wakeIn(outageRetriesDueAt - performance.now() + 20);
        return handled;
      }
      const round = { hit: false };
      await Promise.all(
        batch.map((email) => deliver(db, transport, email, logger, round, generateAttachment)),
      );
      handled += batch.length;
      if (round.hit) {
        outageRetriesDueAt = performance.now() + outageRetryMs;
        const probeDelayMs = outage ? outage.probeDelayMs : outageProbeMs.first;
        outage = { probeDelayMs, probeAt: performance.now() + probeDelayMs };
        logger.warn({ workerId }, 'mail server unreachable; delivery paused until it answers');
      } else {
        outage = undefined;
      }
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
        // An unreachable database is logged once, by its pool; the next poll tries again.
        if (isDatabaseUnreachable(error))
          logger.debug({ err: error }, 'e-mail delivery round failed');
        else logger.error({ err: error }, 'e-mail delivery round failed');
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
  // Back from a lost database connection: what is due (queued before) goes now, not at the poll.
  const unsubscribeReconnect = options.notifications.subscribe(
    reconnectedChannel,
    () => void runOnce(),
  );
  const timer = setInterval(() => void runOnce(), options.pollMs ?? 5_000);
  timer.unref();
  void runOnce();

  return {
    id: workerId,
    runOnce,
    async stop() {
      isStopped = true;
      clearInterval(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      unsubscribe();
      unsubscribeReconnect();
      await running;
      transport.close();
    },
  };
}
