import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pino from 'pino';
import { startCountingSmtp } from '../../../apps/server/test/counting-smtp';
import { openDatabase } from '../../../apps/server/src/db/database';
import { migrateToLatest } from '../../../apps/server/src/db/migrate';
import { listenForNotifications } from '../../../apps/server/src/db/notifications';
import { writeTransaction } from '../../../apps/server/src/db/transaction';
import {
  smtpTransport,
  startEmailWorker,
  type EmailWorker,
} from '../../../apps/server/src/emails/delivery-worker';
import { outboxChannel, queueEmail } from '../../../apps/server/src/emails/outbox';
import type { Benchmark } from '../lib/benchmark';

/** E-mails queued per run; EMAIL_BENCH_COUNT overrides it (a small run proves the wiring). */
const messageCount = Number(process.env.EMAIL_BENCH_COUNT ?? 3_000);
const workerCount = 2;
/** The SMTP server goes away once this share has arrived, for `outageMs`. */
const outageAfterShare = 1 / 3;
const outageMs = 3_000;
/** 50 messages/s sustained = at most 20 ms per message, the target. */
const targetMsPerMessage = 20;
const queueBatch = 500;

export const emailDelivery: Benchmark = {
  name: 'email-delivery',
  measures:
    `${messageCount.toLocaleString('en')} e-mails queued in the outbox, delivered by ` +
    `${workerCount} delivery workers (each its own pooled SMTP transport) to a real SMTP server ` +
    `on loopback that is stopped (its connections dropped) for ${outageMs / 1_000} s after a ` +
    `third has arrived and restarted on the same port; the sample is milliseconds per message ` +
    'from the workers starting to the last message received, outage included (20 ms = 50 ' +
    'messages/s). Every message is counted by Message-ID: the run fails on a duplicate or a loss.',
  unit: 'ms',
  target: targetMsPerMessage,
  dataSize: `${messageCount.toLocaleString('en')} e-mails`,
  runs: 1,
  async run(context) {
    const logger = pino({ level: 'silent' });
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: context.newDataDir('email-delivery'),
      role: 'server',
      logger,
      poolSize: 12,
    });
    const smtp = await startCountingSmtp();
    const workers: EmailWorker[] = [];
    let notifications: Awaited<ReturnType<typeof listenForNotifications>> | undefined;
    try {
      await migrateToLatest(database.db);
      context.log(`queueing ${messageCount} e-mails`);
      const eids: string[] = [];
      for (let start = 0; start < messageCount; start += queueBatch) {
        const count = Math.min(queueBatch, messageCount - start);
        eids.push(
          ...(await writeTransaction(database.db, async (trx) => {
            const ids: string[] = [];
            for (let i = start; i < start + count; i++) {
              ids.push(
                await queueEmail(trx, 'Operations <no-reply@ops.bench.example>', {
                  to: [`member${i}@forwarders.bench.example`],
                  subject: `Invoice BENCH-${i}: membership fee`,
                  text: `Dear member ${i},\n\nplease find your invoice attached.\n`,
                  html: `<p>Dear member ${i},</p><p>please find your invoice attached.</p>`,
                  kind: 'invoice-issued',
                }),
              );
            }
            return ids;
          })),
        );
      }

      notifications = await listenForNotifications(
        database.connectionString,
        [outboxChannel],
        logger,
      );
      const startedAt = performance.now();
      const startedAtMs = Date.now();
      for (let i = 0; i < workerCount; i++) {
        workers.push(
          startEmailWorker({
            db: database.db,
            transport: smtpTransport(smtp.url),
            notifications,
            logger,
            pollMs: 1_000,
            workerId: `bench-worker-${i + 1}`,
          }),
        );
      }

      // Stop the server once a third has arrived, then start it again on the same port.
      let outage: { from: number; to: number; receivedBefore: number } | undefined;
      const deadline = Date.now() + 10 * 60_000;
      for (;;) {
        if (!outage && smtp.messages.length >= messageCount * outageAfterShare) {
          const receivedBefore = smtp.messages.length;
          const from = Date.now();
          await smtp.stop();
          context.log(`SMTP server stopped after ${receivedBefore} messages`);
          await sleep(outageMs);
          await smtp.start();
          outage = { from, to: Date.now(), receivedBefore };
          context.log(`SMTP server back on port ${smtp.port}`);
        }
        const { rows } = await sql<{ waiting: string }>`
          SELECT count(*) AS waiting FROM emails WHERE state <> 'SUCCESS'`.execute(database.db);
        if (Number(rows[0]?.waiting) === 0 && outage) break;
        if (Date.now() > deadline) throw new Error('The e-mails were not all sent in 10 minutes');
        await sleep(100);
      }
      const lastAt = Math.max(...smtp.messages.map((message) => message.at));
      const elapsedMs = Math.max(lastAt - startedAtMs, performance.now() - startedAt - 100);

      const counts = smtp.countsByMessageId();
      const expected = new Set(eids.map((eid) => `<${eid}@ops.bench.example>`));
      const duplicates = [...counts.values()].reduce((sum, count) => sum + count - 1, 0);
      const lost = [...expected].filter((id) => !counts.has(id)).length;
      const { rows: outcomes } = await sql<{ outcome: string; attempts: string }>`
        SELECT coalesce(outcome, 'unfinished') AS outcome, count(*) AS attempts
          FROM email_deliveries GROUP BY 1 ORDER BY 1`.execute(database.db);
      const { rows: byWorker } = await sql<{ worker_id: string; sent: string }>`
        SELECT worker_id, count(*) AS sent FROM email_deliveries WHERE outcome = 'success'
         GROUP BY 1 ORDER BY 1`.execute(database.db);
      const flowingMs = elapsedMs - (outage ? outage.to - outage.from : 0);
      const details = {
        messages: messageCount,
        workers: workerCount,
        elapsedMs: Math.round(elapsedMs),
        messagesPerSecond: Math.round((messageCount / elapsedMs) * 1_000 * 10) / 10,
        messagesPerSecondWhileServerUp: Math.round((messageCount / flowingMs) * 1_000 * 10) / 10,
        outageMs: outage ? outage.to - outage.from : 0,
        receivedBeforeOutage: outage?.receivedBefore ?? 0,
        received: smtp.messages.length,
        duplicates,
        lost,
        attemptsByOutcome: Object.fromEntries(
          outcomes.map((row) => [row.outcome, Number(row.attempts)]),
        ),
        sentByWorker: Object.fromEntries(byWorker.map((row) => [row.worker_id, Number(row.sent)])),
      };
      context.log(JSON.stringify(details));
      if (duplicates > 0 || lost > 0) {
        throw new Error(`E-mail delivery lost ${lost} and duplicated ${duplicates} messages`);
      }
      return { samples: [elapsedMs / messageCount], details };
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await notifications?.close();
      await smtp.close();
      await database.close();
    }
  },
};
