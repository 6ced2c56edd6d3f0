import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { startCountingSmtp, type CountingSmtp } from '../../test/counting-smtp';
import { silentLogger } from '../../test/database';
import { writeTransaction } from '../db/transaction';
import {
  maxDeliveryAttempts,
  smtpTransport,
  startEmailWorker,
  type EmailWorker,
  type Transport,
} from './delivery-worker';
import { queueEmail, type EmailAttachment } from './outbox';

const from = 'Operations <ops@example.org>';

/** Polls until `check` holds (the worker runs on its own); fails after `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000, label = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${label} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the e-mail outbox and its delivery worker', () => {
  let t: TestApp;
  let smtp: CountingSmtp;
  let workers: EmailWorker[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // A real SMTP server on loopback: "later-once" is answered 451 once, "later" always 451,
    // "never" 550 (no such user); everything else is accepted.
    smtp = await startCountingSmtp({
      parse: true,
      onRcpt: (address, attempt) => {
        if (address.address.startsWith('later-once') && attempt === 1)
          return { code: 451, message: 'Try again later' };
        if (address.address.startsWith('later@')) return { code: 451, message: 'Try again later' };
        if (address.address.startsWith('never')) return { code: 550, message: 'No such user' };
        return null;
      },
    });
  });
  beforeEach(async () => {
    await sql`DELETE FROM emails`.execute(t.database.db);
    smtp.messages.length = 0;
  });
  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    workers = [];
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  const startWorker = (transport: Transport = smtpTransport(smtp.url)) => {
    const worker = startEmailWorker({
      db: t.database.db,
      transport,
      notifications: t.notifications,
      logger: silentLogger,
      pollMs: 200,
    });
    workers.push(worker);
    return worker;
  };
  const queue = (to: string, extra: { attachments?: EmailAttachment[]; html?: string } = {}) =>
    writeTransaction(t.database.db, (trx) =>
      queueEmail(trx, from, {
        to: [to],
        subject: `Hello ${to}`,
        text: 'A message',
        kind: 'test',
        ...extra,
      }),
    );
  const row = (eid: string) =>
    t.database.db.selectFrom('emails').selectAll().where('eid', '=', eid).executeTakeFirstOrThrow();
  const history = (eid: string) =>
    t.database.db
      .selectFrom('email_deliveries')
      .selectAll()
      .where('eid', '=', eid)
      .orderBy('attempt')
      .execute();
  const inState = async (eids: string[], state: string) => {
    const rows = await t.database.db
      .selectFrom('emails')
      .select('state')
      .where('eid', 'in', eids)
      .execute();
    return rows.length === eids.length && rows.every((entry) => entry.state === state);
  };

  it('delivers a message with its attachments, and records the attempt', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(40_000, 7)]);
    const eid = await queue('alice@example.org', {
      html: '<p>Hello <b>Alice</b></p>',
      attachments: [
        { filename: 'Invoice 2026-0001.pdf', contentType: 'application/pdf', content: pdf },
        { filename: 'notes.txt', contentType: 'text/plain', content: Buffer.from('Grüezi') },
      ],
    });
    const worker = startWorker();
    await eventually(() => inState([eid], 'SUCCESS'));

    const email = await row(eid);
    expect(email.provider_message_id).toBe(`<${eid}@example.org>`);
    expect(email.accepted).toEqual(['alice@example.org']);
    expect(email.rejected).toEqual([]);
    expect(email.delivered_at).not.toBeNull();
    expect(email.lease_token).toBeNull();

    const [attempt, ...more] = await history(eid);
    expect(more).toHaveLength(0);
    expect(attempt).toMatchObject({
      attempt: 1,
      outcome: 'success',
      worker_id: worker.id,
      provider_message_id: `<${eid}@example.org>`,
      accepted: ['alice@example.org'],
    });
    expect(attempt?.smtp_response).toMatch(/^250 /);
    expect(attempt?.finished_at).not.toBeNull();

    const received = smtp.messages.find((message) => message.messageId === `<${eid}@example.org>`);
    expect(received?.to).toEqual(['alice@example.org']);
    const files = received?.parsed?.attachments ?? [];
    expect(files.map((file) => [file.filename, file.contentType])).toEqual([
      ['Invoice 2026-0001.pdf', 'application/pdf'],
      ['notes.txt', 'text/plain'],
    ]);
    expect(files[0]?.content.equals(pdf)).toBe(true);
    expect(files[1]?.content.toString('utf8')).toBe('Grüezi');
    expect(received?.parsed?.html).toContain('<b>Alice</b>');
  });

  it('retries a temporary failure (4xx) with back-off, and the history shows both attempts', async () => {
    const eid = await queue('later-once@example.org');
    startWorker();
    await eventually(() => inState([eid], 'RETRY'));
    const waiting = await row(eid);
    expect(waiting.attempts).toBe(1);
    expect(waiting.error).toMatch(/Try again later/);
    expect(new Date(waiting.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Time passes: the retry comes due.
    await sql`UPDATE emails SET next_attempt_at = now() WHERE eid = ${eid}`.execute(t.database.db);
    await eventually(() => inState([eid], 'SUCCESS'));
    const attempts = await history(eid);
    expect(attempts.map((entry) => [entry.attempt, entry.outcome])).toEqual([
      [1, 'temporary-failure'],
      [2, 'success'],
    ]);
    expect(attempts[0]?.error).toMatch(/Try again later/);
    expect(attempts[0]?.smtp_response).toMatch(/^451/);
  });

  it('gives up a permanent failure (5xx) at once', async () => {
    const eid = await queue('never@example.org');
    startWorker();
    await eventually(() => inState([eid], 'ERROR'));
    const failed = await row(eid);
    expect(failed.attempts).toBe(1);
    expect(failed.error).toMatch(/No such user/);
    expect((await history(eid)).map((entry) => entry.outcome)).toEqual(['permanent-failure']);
  });

  it('gives up after the last attempt a server answers "try later"', async () => {
    const eid = await queue('later@example.org');
    await sql`UPDATE emails SET attempts = ${maxDeliveryAttempts - 1} WHERE eid = ${eid}`.execute(
      t.database.db,
    );
    startWorker();
    await eventually(() => inState([eid], 'ERROR'));
    const gaveUp = await row(eid);
    expect(gaveUp.attempts).toBe(maxDeliveryAttempts);
    expect(gaveUp.error).toMatch(/Gave up after 5 attempts: .*Try again later/);
  });

  it('keeps e-mails waiting while the SMTP server is down, and sends each once when it returns', async () => {
    const server = await startCountingSmtp();
    await server.stop();
    const eids = await Promise.all(
      Array.from({ length: 30 }, (_, i) => queue(`outage${i}@example.org`)),
    );
    startWorker(smtpTransport(server.url));
    // The first batch meets the outage and waits (RETRY); the worker then pauses and probes
    // the server instead of taking the others, which stay PENDING.
    const states = async () =>
      (await t.database.db.selectFrom('emails').select(['eid', 'state']).execute()).map(
        (entry) => entry.state,
      );
    await eventually(async () => (await states()).includes('RETRY'), 20_000, 'some waiting');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await states()).every((state) => state === 'RETRY' || state === 'PENDING')).toBe(true);
    const waiting = await t.database.db
      .selectFrom('emails')
      .selectAll()
      .where('state', '=', 'RETRY')
      .executeTakeFirstOrThrow();
    expect(waiting.error).toMatch(/could not be reached/);
    // An outage is not the e-mail's fault: it does not use the attempt budget.
    expect(waiting.attempts).toBe(0);
    expect(waiting.delivery_count).toBeGreaterThanOrEqual(1);

    await server.start();
    try {
      await eventually(() => inState(eids, 'SUCCESS'), 40_000, 'all delivered');
      const counts = server.countsByMessageId();
      expect(counts.size).toBe(30);
      expect([...counts.values()].every((count) => count === 1)).toBe(true);
      const outcomes = (await history(waiting.eid)).map((entry) => entry.outcome);
      expect(outcomes.at(-1)).toBe('success');
      expect(outcomes.length).toBeGreaterThan(1);
      expect(outcomes.slice(0, -1).every((outcome) => outcome === 'temporary-failure')).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('sends each of 200 e-mails exactly once with 2 workers at the same outbox', async () => {
    const eids: string[] = [];
    for (let batch = 0; batch < 4; batch++) {
      eids.push(
        ...(await writeTransaction(t.database.db, async (trx) => {
          const ids: string[] = [];
          for (let i = 0; i < 50; i++) {
            ids.push(
              await queueEmail(trx, from, {
                to: [`crowd${batch * 50 + i}@example.org`],
                subject: `Crowd ${batch * 50 + i}`,
                text: 'One of many',
                kind: 'test',
              }),
            );
          }
          return ids;
        })),
      );
    }
    startWorker(smtpTransport(smtp.url));
    startWorker(smtpTransport(smtp.url));
    await eventually(() => inState(eids, 'SUCCESS'), 30_000, 'all delivered');
    const counts = smtp.countsByMessageId();
    for (const eid of eids) expect(counts.get(`<${eid}@example.org>`), eid).toBe(1);
    expect(smtp.messages.filter((message) => message.subject.startsWith('Crowd'))).toHaveLength(
      200,
    );
    const { rows } = await sql<{ attempts: string }>`
      SELECT count(*) AS attempts FROM email_deliveries WHERE eid = ANY(${eids}::text[])`.execute(
      t.database.db,
    );
    expect(Number(rows[0]?.attempts)).toBe(200);
  });

  /** Leaves the e-mail as a worker that died mid-delivery would: PROCESSING, lease run out. */
  const abandon = async (eid: string, attempts = 1) => {
    await sql`UPDATE emails SET state = 'PROCESSING', attempts = ${attempts}, delivery_count = 1,
      lease_token = 'dead-token', worker_id = 'dead-host/1/abc',
      lease_expires_at = now() - interval '1 second' WHERE eid = ${eid}`.execute(t.database.db);
    await sql`INSERT INTO email_deliveries (eid, attempt, lease_token, worker_id)
      VALUES (${eid}, 1, 'dead-token', 'dead-host/1/abc')`.execute(t.database.db);
  };

  it('takes back an e-mail whose worker died during delivery (its lease ran out)', async () => {
    const eid = await queue('orphan@example.org');
    await abandon(eid);
    const worker = startWorker();
    await eventually(() => inState([eid], 'SUCCESS'));
    const recovered = await row(eid);
    expect(recovered.delivery_count).toBe(2);
    expect(recovered.worker_id).toBe(worker.id);
    const attempts = await history(eid);
    expect(attempts.map((entry) => [entry.attempt, entry.outcome, entry.worker_id])).toEqual([
      [1, 'lease-expired', 'dead-host/1/abc'],
      [2, 'success', worker.id],
    ]);
    expect(smtp.countsByMessageId().get(`<${eid}@example.org>`)).toBe(1);
  });

  it('gives up an e-mail whose lease ran out on its last attempt', async () => {
    const eid = await queue('orphan-last@example.org');
    await abandon(eid, maxDeliveryAttempts);
    startWorker();
    await eventually(() => inState([eid], 'ERROR'));
    expect((await row(eid)).error).toMatch(/lease of the last attempt ran out/);
    expect((await history(eid)).map((entry) => entry.outcome)).toEqual(['lease-expired']);
  });

  it('does not let a worker whose lease was taken over overwrite the new result', async () => {
    const eid = await queue('stale@example.org');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A worker whose SMTP answer comes after its lease ran out (a stalled network, a paused VM).
    const stalled = startWorker({
      mode: 'smtp',
      async send(email) {
        await gate;
        return {
          messageId: '<late@example.org>',
          accepted: email.to_addresses,
          rejected: [],
          response: '250 accepted late',
        };
      },
      close: () => undefined,
    });
    await eventually(async () => (await row(eid)).worker_id === stalled.id);
    await sql`UPDATE emails SET lease_expires_at = now() - interval '1 second' WHERE eid = ${eid}`.execute(
      t.database.db,
    );
    const fresh = startWorker();
    await eventually(() => inState([eid], 'SUCCESS'));
    release();
    await stalled.stop();

    const email = await row(eid);
    expect(email.worker_id).toBe(fresh.id);
    expect(email.provider_message_id).toBe(`<${eid}@example.org>`);
    const attempts = await history(eid);
    expect(attempts.map((entry) => [entry.outcome, entry.worker_id])).toEqual([
      ['lease-expired', stalled.id],
      ['success', fresh.id],
    ]);
    // The late answer is kept in the history, so a possible second copy can be explained.
    expect(attempts[0]?.smtp_response).toBe('250 accepted late');
    expect(attempts[0]?.error).toMatch(/lease ran out before this result was written/);
  });
});
