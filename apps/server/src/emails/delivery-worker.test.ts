import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { silentLogger } from '../../test/database';
import { startMailbox, type Mailbox } from '../../test/mailbox';
import { writeTransaction } from '../db/transaction';
import { maxDeliveryAttempts, smtpTransport, startEmailWorker } from './delivery-worker';
import { queueEmail } from './outbox';

describe('the e-mail outbox and its delivery worker', () => {
  let t: TestApp;
  let mailbox: Mailbox;

  beforeAll(async () => {
    t = await createTestApp();
    mailbox = await startMailbox();
  });
  afterAll(async () => {
    await mailbox.close();
    await t.close();
  });

  const queue = (to: string) =>
    writeTransaction(t.database.db, (trx) =>
      queueEmail(trx, 'Operations <ops@example.org>', {
        to: [to],
        subject: `Hello ${to}`,
        text: 'A message',
        kind: 'test',
      }),
    );
  const row = (eid: string) =>
    t.database.db.selectFrom('emails').selectAll().where('eid', '=', eid).executeTakeFirstOrThrow();

  it('sends each e-mail exactly once, even with several workers at the same outbox', async () => {
    const eids = await Promise.all(
      Array.from({ length: 12 }, (_, i) => queue(`crowd${i}@example.org`)),
    );
    const workers = [1, 2, 3].map(() =>
      startEmailWorker({
        db: t.database.db,
        transport: smtpTransport(mailbox.url),
        notifications: t.notifications,
        logger: silentLogger,
      }),
    );
    await Promise.all(workers.map((worker) => worker.runOnce()));
    await Promise.all(workers.map((worker) => worker.stop()));
    for (const eid of eids) expect((await row(eid)).state).toBe('SUCCESS');
    const crowd = mailbox.messages.filter((mail) => String(mail.subject).startsWith('Hello crowd'));
    expect(crowd).toHaveLength(12);
  });

  it('retries a temporary failure later, and gives up a permanent one', async () => {
    // A real SMTP server that answers 451 (try later) to one address and 550 (no such user) to another.
    const picky = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const error = (message: string, responseCode: number) =>
          Object.assign(new Error(message), { responseCode });
        if (address.address.startsWith('later')) return callback(error('Try again later', 451));
        if (address.address.startsWith('never')) return callback(error('No such user', 550));
        callback();
      },
    });
    await new Promise<void>((resolve) => picky.listen(0, '127.0.0.1', resolve));
    const url = `smtp://127.0.0.1:${(picky.server.address() as AddressInfo).port}`;
    const later = await queue('later@example.org');
    const never = await queue('never@example.org');
    const worker = startEmailWorker({
      db: t.database.db,
      transport: smtpTransport(url),
      notifications: t.notifications,
      logger: silentLogger,
    });
    await worker.runOnce();
    await worker.stop();
    await new Promise<void>((resolve) => picky.close(() => resolve()));

    const retried = await row(later);
    expect(retried.state).toBe('RETRY');
    expect(retried.attempts).toBe(1);
    expect(retried.error).toMatch(/Try again later/);
    expect(new Date(retried.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000);
    const failed = await row(never);
    expect(failed.state).toBe('ERROR');
    expect(failed.error).toMatch(/No such user/);
  });

  it('gives up after the last attempt', async () => {
    const eid = await queue('down@example.org');
    await t.database.db
      .updateTable('emails')
      .set({ attempts: maxDeliveryAttempts - 1 })
      .where('eid', '=', eid)
      .execute();
    // Nothing listens on port 9 of loopback: the connection is refused, a temporary failure.
    const worker = startEmailWorker({
      db: t.database.db,
      transport: smtpTransport('smtp://127.0.0.1:9'),
      notifications: t.notifications,
      logger: silentLogger,
    });
    await worker.runOnce();
    await worker.stop();
    const gaveUp = await row(eid);
    expect(gaveUp.state).toBe('ERROR');
    expect(gaveUp.attempts).toBe(maxDeliveryAttempts);
  });

  it('takes back an e-mail whose worker died during delivery (its lease ran out)', async () => {
    const eid = await queue('orphan@example.org');
    await sql`UPDATE emails SET state = 'PROCESSING', attempts = 1,
      lease_expires_at = now() - interval '1 second' WHERE eid = ${eid}`.execute(t.database.db);
    const worker = startEmailWorker({
      db: t.database.db,
      transport: smtpTransport(mailbox.url),
      notifications: t.notifications,
      logger: silentLogger,
    });
    await worker.runOnce();
    await worker.stop();
    const recovered = await row(eid);
    expect(recovered.state).toBe('SUCCESS');
    expect(recovered.attempts).toBe(2);
    expect(await mailbox.waitFor('orphan@example.org')).toBeDefined();
  });
});
