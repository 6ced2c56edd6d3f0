import type { TestApp } from '../../test/app';
import { silentLogger } from '../../test/database';
import { startMailbox, type Mailbox } from '../../test/mailbox';
import { smtpTransport, startEmailWorker, type EmailWorker } from './delivery-worker';

/**
 * The delivery worker as the server runs it, delivering a test app's outbox to a test mailbox over
 * SMTP and logging nothing; `options` as the worker's own (poll interval, attachment generator).
 */
export function startTestEmailWorker(
  t: Pick<TestApp, 'database' | 'notifications'>,
  mailbox: Pick<Mailbox, 'url'>,
  options: Pick<Parameters<typeof startEmailWorker>[0], 'pollMs' | 'generateAttachment'> = {},
): EmailWorker {
  return startEmailWorker({
    db: t.database.db,
    transport: smtpTransport(mailbox.url),
    notifications: t.notifications,
    logger: silentLogger,
    ...options,
  });
}

/** A test app that e-mails for real: its test mailbox and the delivery worker sending to it. */
export type MailingTestApp<T extends TestApp = TestApp> = T & {
  mailbox: Mailbox;
  worker: EmailWorker;
};

/**
 * A test app whose e-mails really go out: a test mailbox started first, the app opened by `open`
 * with the mailbox's SMTP URL (for its SMTP_URL, beside what else the file configures), and the
 * delivery worker sending the app's outbox there (`options` as `startTestEmailWorker`'s). `close`
 * stops the worker, closes the app, then the mailbox.
 */
export async function createMailingTestApp<T extends TestApp>(
  open: (smtpUrl: string) => Promise<T>,
  options: Parameters<typeof startTestEmailWorker>[2] = {},
): Promise<MailingTestApp<T>> {
  const mailbox = await startMailbox();
  const t = await open(mailbox.url);
  const worker = startTestEmailWorker(t, mailbox, options);
  return {
    ...t,
    mailbox,
    worker,
    async close() {
      await worker.stop();
      await t.close();
      await mailbox.close();
    },
  };
}
