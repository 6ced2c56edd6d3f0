import type { TEmailDetail, TEmailListItem } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { startCountingSmtp, type CountingSmtp } from '../../test/counting-smtp';
import { silentLogger } from '../../test/database';
import { listEndpoint } from '../../test/lists';
import { apiAs, expectInvalid } from '../../test/requests';
import * as deliveryModeMigration from '../db/migrations/0025-email-delivery-mode';
import { writeTransaction } from '../db/transaction';
import { logTransport, smtpTransport, startEmailWorker, type Transport } from './delivery-worker';
import { queueEmail } from './outbox';

/**
 * Issue 14: without SMTP_URL an e-mail is only written to the server log, so the log must not
 * pass it off as sent. The worker records how each e-mail left and the API says so.
 */
describe('how an e-mail was delivered (delivery mode)', () => {
  let t: TestApp;
  let smtp: CountingSmtp;
  let reader: string;

  beforeAll(async () => {
    t = await createTestApp();
    smtp = await startCountingSmtp({});
    reader = await signInAsNewOperator(t, 'reader-mode@example.org', ['read-only']);
    await sql`DELETE FROM emails`.execute(t.database.db);
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  const queue = (to: string) =>
    writeTransaction(t.database.db, (trx) =>
      queueEmail(trx, 'Operations <ops@example.org>', {
        to: [to],
        subject: `Hello ${to}`,
        text: 'A message',
        kind: 'sign-in-link',
      }),
    );

  /** Runs one worker with `transport` until the e-mail is delivered; answers the API's detail. */
  const deliverWith = async (transport: Transport, eid: string): Promise<TEmailDetail> => {
    const worker = startEmailWorker({
      db: t.database.db,
      transport,
      notifications: t.notifications,
      logger: silentLogger,
      pollMs: 100,
    });
    try {
      const api = apiAs(t, reader);
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { body } = await api.get<TEmailDetail>(`/api/emails/${eid}`);
        if (body.state === 'SUCCESS' || Date.now() > deadline) return body;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await worker.stop();
    }
  };

  it('records "log" for an e-mail only written to the server log, and "smtp" for a sent one', async () => {
    const logged = await queue('logged@example.org');
    const loggedDetail = await deliverWith(
      logTransport(silentLogger, () => undefined),
      logged,
    );
    expect(loggedDetail.state).toBe('SUCCESS');
    expect(loggedDetail.deliveryMode).toBe('log');
    expect(
      loggedDetail.deliveries.map((attempt) => [attempt.outcome, attempt.deliveryMode]),
    ).toEqual([['success', 'log']]);

    const sent = await queue('sent@example.org');
    const sentDetail = await deliverWith(smtpTransport(smtp.url), sent);
    expect(sentDetail.state).toBe('SUCCESS');
    expect(sentDetail.deliveryMode).toBe('smtp');
    expect(sentDetail.deliveries.map((attempt) => attempt.deliveryMode)).toEqual(['smtp']);

    const emails = listEndpoint<TEmailListItem>(t, '/api/emails', reader);
    const rows = (await emails.allPages('')).rows;
    expect(Object.fromEntries(rows.map((row) => [row.eid, row.deliveryMode]))).toEqual({
      [logged]: 'log',
      [sent]: 'smtp',
    });
    // The list filters by it, so "Logged (not delivered)" can be picked on screen.
    const onlyLogged = (await emails.allPages('deliveryMode=log')).rows;
    expect(onlyLogged.map((row) => row.eid)).toEqual([logged]);
    const undelivered = await queue('waiting@example.org');
    const notYet = (await emails.allPages('deliveryMode=(empty)')).rows;
    expect(notYet.map((row) => [row.eid, row.deliveryMode])).toEqual([[undelivered, null]]);
  });

  it('refuses an unknown delivery mode, naming the field and the rule', async () => {
    const reply = await t.app.inject({
      url: '/api/emails?deliveryMode=pigeon',
      headers: { cookie: reader },
    });
    expectInvalid(reply, 'query.deliveryMode', 'invalid_value');
  });

  it('tells the e-mails delivered before the mode was recorded apart by their accepted recipients', async () => {
    await sql`DELETE FROM emails`.execute(t.database.db);
    const insert = (eid: string, state: 'SUCCESS' | 'ERROR', accepted: string[]) =>
      t.database.db
        .insertInto('emails')
        .values({
          eid,
          to_addresses: ['old@example.org'],
          from_address: 'Operations <ops@example.org>',
          subject: 'Before the mode',
          kind: 'invoice-issued',
          state,
          accepted,
          next_attempt_at: new Date(),
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
    await insert('old-logged', 'SUCCESS', []);
    await insert('old-sent', 'SUCCESS', ['old@example.org']);
    await insert('old-failed', 'ERROR', []);
    await t.database.db
      .insertInto('email_deliveries')
      .values([
        {
          eid: 'old-logged',
          attempt: 1,
          lease_token: 'old-token-1',
          worker_id: 'old',
          outcome: 'success',
          smtp_response: 'Written to the server log (SMTP_URL is not set)',
        },
        {
          eid: 'old-sent',
          attempt: 1,
          lease_token: 'old-token-2',
          worker_id: 'old',
          outcome: 'success',
          smtp_response: '250 OK',
          accepted: ['old@example.org'],
        },
      ])
      .execute();

    // As a database written before migration 0025 meets it.
    const untyped = t.database.db as unknown as Kysely<unknown>;
    await deliveryModeMigration.down(untyped);
    await deliveryModeMigration.up(untyped);

    const modes = await t.database.db
      .selectFrom('emails')
      .select(['eid', 'delivery_mode'])
      .orderBy('eid')
      .execute();
    expect(modes).toEqual([
      { eid: 'old-failed', delivery_mode: null },
      { eid: 'old-logged', delivery_mode: 'log' },
      { eid: 'old-sent', delivery_mode: 'smtp' },
    ]);
    const attempts = await t.database.db
      .selectFrom('email_deliveries')
      .select(['eid', 'delivery_mode'])
      .orderBy('eid')
      .execute();
    expect(attempts).toEqual([
      { eid: 'old-logged', delivery_mode: 'log' },
      { eid: 'old-sent', delivery_mode: 'smtp' },
    ]);
  });
});
