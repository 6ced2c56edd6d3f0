import type { TestApp } from '../../test/app';
import { silentLogger } from '../../test/database';
import type { Mailbox } from '../../test/mailbox';
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
