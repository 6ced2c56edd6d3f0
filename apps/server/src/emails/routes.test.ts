import type { TEmailDetail, TEmailListItem, TEmailsBulkRetryResult } from '@ops/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { startCountingSmtp } from '../../test/counting-smtp';
import { uidOf } from '../../test/fixtures';
import { csvExport, expectSorted, indexedPlanOf, listEndpoint } from '../../test/lists';
import { apiAs, expectForbidden, expectInvalid } from '../../test/requests';
import type { EmailState } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { queueEmail } from './outbox';
import { emailHtmlContentSecurityPolicy } from './routes';
import { startTestEmailWorker } from './test-support';
import { auditEntriesOf } from '../../test/audit';

const states: EmailState[] = ['SUCCESS', 'ERROR', 'PENDING', 'RETRY', 'SUCCESS', 'PROCESSING'];
const kinds = ['sign-in-link', 'invoice-issued', 'certificate-issued'];

describe('the e-mail log API', () => {
  let t: TestApp;
  let finance: string;
  let reader: string;
  let readerUid: string;

  beforeAll(async () => {
    t = await createTestApp();
    finance = await signInAsNewOperator(t, 'finance-mail@example.org', ['finance']);
    reader = await signInAsNewOperator(t, 'reader-mail@example.org', ['read-only']);
    readerUid = await uidOf(t, 'reader-mail@example.org');
    // The sign-ins queued nothing, but other setups might have: start from an empty log.
    await sql`DELETE FROM emails`.execute(t.database.db);
    for (let i = 0; i < 31; i++) {
      const state = states[i % states.length] as EmailState;
      await t.database.db
        .insertInto('emails')
        .values({
          eid: `E${String(i).padStart(19, '0')}`,
          to_addresses: [i === 7 ? 'Zoe.Keller@Forwarders.example' : `person${i % 9}@example.org`],
          from_address: 'Operations <ops@example.org>',
          subject: i === 12 ? 'Invoice 2026-0042: membership fee' : `Message ${i}`,
          text_body: `Text ${i}`,
          html_body: i === 12 ? '<p>Dear member, <script>alert(1)</script>pay.</p>' : null,
          kind: kinds[i % kinds.length] as string,
          related_table: i % 4 === 0 ? null : 'users',
          related_id: i % 4 === 0 ? null : readerUid,
          state,
          attempts: i % 4,
          delivery_count: i % 4,
          error: state === 'ERROR' ? `550 No such user ${i}` : null,
          // Microseconds on purpose: cursors must carry them exactly. Some share a day.
          created_at: sql<Date>`${`2026-${String((i % 6) + 1).padStart(2, '0')}-10T08:00:00Z`}::timestamptz + ${`${i * 7} microseconds`}::interval`,
          updated_at: new Date(),
        } as never)
        .execute();
    }
  });
  afterAll(() => t.close());

  const emails = () => listEndpoint<TEmailListItem>(t, '/api/emails', reader);
  const allPages = async (query: string) => (await emails().allPages(query)).rows;

  it('lists every e-mail, newest first, with its related record', async () => {
    const rows = await allPages('limit=4');
    expect(rows).toHaveLength(31);
    expectSorted(
      rows.map((row) => row.createdAt),
      '-',
    );
    const related = rows.find((row) => row.related);
    expect(related?.related).toEqual({
      table: 'users',
      id: readerUid,
      label: 'reader-mail@example.org',
    });
    const failed = rows.find((row) => row.state === 'ERROR');
    expect(failed?.lastError).toMatch(/550 No such user/);
  });

  it('offers every sort, in both directions, each page whole', async () => {
    for (const sort of ['createdAt', 'state', 'to', 'attempts', 'kind', 'relatedTable']) {
      for (const direction of ['', '-']) {
        const rows = await allPages(`limit=7&sort=${direction}${sort}`);
        expect(new Set(rows.map((row) => row.eid)).size, `${direction}${sort}`).toBe(31);
      }
    }
    expectSorted((await allPages('sort=state&limit=5')).map((row) => row.state));
    expectSorted(
      (await allPages('sort=-attempts&limit=5')).map((row) => row.attempts),
      '-',
    );
    expectSorted((await allPages('sort=to&limit=6')).map((row) => row.to[0]?.toLowerCase() ?? ''));
  });

  it('filters by state (the home screen link), kind, days and related table', async () => {
    const failed = await allPages('state=ERROR');
    expect(failed.length).toBe(5);
    expect(failed.every((row) => row.state === 'ERROR')).toBe(true);
    expectSorted(
      failed.map((row) => row.createdAt),
      '-',
    );

    const waiting = await allPages('state=PENDING,RETRY&kind=sign-in-link');
    expect(waiting.length).toBeGreaterThan(0);
    expect(
      waiting.every(
        (row) => ['PENDING', 'RETRY'].includes(row.state) && row.kind === 'sign-in-link',
      ),
    ).toBe(true);

    const march = await allPages('createdAt=2026-03-01..2026-03-10');
    expect(march.length).toBe(5);
    expect(march.every((row) => row.createdAt.startsWith('2026-03-10'))).toBe(true);

    const unrelated = await allPages('relatedTable=(empty)');
    expect(unrelated.length).toBe(8);
    expect(unrelated.every((row) => row.related === null)).toBe(true);
    expect((await allPages('relatedTable=users')).length).toBe(23);
  });

  it('finds by recipient (a prefix of the address) and by words of the subject', async () => {
    expect((await allPages('q=zoe.kel')).map((row) => row.to)).toEqual([
      ['Zoe.Keller@Forwarders.example'],
    ]);
    expect((await allPages('q=invoice%202026')).map((row) => row.subject)).toEqual([
      'Invoice 2026-0042: membership fee',
    ]);
  });

  it('answers 400 naming the field and the rule', async () => {
    const { list } = emails();
    expectInvalid(await list('sort=shoeSize'), 'query.sort', 'invalid_value');
    expectInvalid(await list('state=LOST'), 'query.state', 'invalid_value');
    expectInvalid(await list('createdAt=yesterday..'), 'query.createdAt', 'invalid_format');
    expectInvalid(await list('relatedTable=secrets'), 'query.relatedTable', 'invalid_value');
  });

  it('has an index for the failed view, days and search (each sort: lists/index-per-sort.test.ts)', async () => {
    // The home screen's link: failed e-mails, newest first, straight from their own index.
    const failed = await indexedPlanOf(
      t.database,
      `SELECT e.eid FROM emails e WHERE e.state = ANY('{ERROR}'::text[])
        ORDER BY email_time_key(e.created_at) DESC, e.eid DESC LIMIT 51`,
    );
    expect(failed).toMatch(/Index Scan Backward using emails_list_failed_idx/);
    expect(failed).not.toMatch(/Sort/);
    const byDay = await indexedPlanOf(
      t.database,
      `SELECT e.eid FROM emails e WHERE email_day(e.created_at) >= '2026-01-01' LIMIT 51`,
    );
    expect(byDay).toContain('emails_list_created_day_idx');
    // A GIN index is read through a bitmap: plan the search with only whole-table scans off.
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN; SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT e.eid FROM emails e
          WHERE email_search_terms(e.subject, e.to_addresses) @@ search_prefix_query('zoe')`,
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('emails_list_search_idx');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('exports the whole filtered set as CSV in the list order', async () => {
    const [header, ...lines] = await csvExport(
      t,
      '/api/emails/export?state=ERROR,SUCCESS&sort=-createdAt',
      reader,
      'emails-',
    );
    expect(header?.startsWith('Created,State,To,Subject')).toBe(true);
    const listed = await allPages('state=ERROR,SUCCESS&sort=-createdAt&limit=3');
    expect(lines.map((line) => line.split(',')[0])).toEqual(listed.map((row) => row.createdAt));
  });

  it('shows one e-mail: headers, text, attachments, history; the HTML only sandboxed', async () => {
    const api = apiAs(t, reader);
    const eid = await writeTransaction(t.database.db, (trx) =>
      queueEmail(trx, 'Finance <finance@example.org>', {
        to: ['member@example.org'],
        cc: ['owner@example.org'],
        bcc: ['archive@example.org'],
        replyTo: 'finance@example.org',
        subject: 'Invoice 2026-0007',
        text: 'Please pay.',
        html: '<p>Please <b>pay</b>.</p><script>alert(1)</script>',
        kind: 'invoice-issued',
        attachments: [
          {
            filename: 'Rechnung 2026-0007.pdf',
            contentType: 'application/pdf',
            content: Buffer.from('%PDF-1.7 fake'),
          },
        ],
      }),
    );
    const { status, body } = await api.get<TEmailDetail>(`/api/emails/${eid}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      eid,
      state: 'PENDING',
      from: 'Finance <finance@example.org>',
      to: ['member@example.org'],
      cc: ['owner@example.org'],
      bcc: ['archive@example.org'],
      replyTo: 'finance@example.org',
      subject: 'Invoice 2026-0007',
      messageId: `<${eid}@example.org>`,
      kind: 'invoice-issued',
      text: 'Please pay.',
      hasHtml: true,
      attachments: [
        {
          position: 0,
          filename: 'Rechnung 2026-0007.pdf',
          contentType: 'application/pdf',
          byteSize: 13,
        },
      ],
      deliveries: [],
    });

    const html = await t.app.inject({
      url: `/api/emails/${eid}/html`,
      headers: { cookie: reader },
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toBe(emailHtmlContentSecurityPolicy);
    expect(emailHtmlContentSecurityPolicy).toBe(
      "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
    );
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(html.body).toContain('<b>pay</b>');

    const file = await t.app.inject({
      url: `/api/emails/${eid}/attachments/0`,
      headers: { cookie: reader },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Rechnung/);
    expect(file.body).toBe('%PDF-1.7 fake');

    expect((await api.get(`/api/emails/nope`)).status).toBe(404);
    expect((await api.get(`/api/emails/${eid}/attachments/3`)).status).toBe(404);
    const anonymous = await t.app.inject({ url: `/api/emails/${eid}/html` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('retries a failed e-mail: ERROR → RETRY → SUCCESS, audited; 400 unless failed; 403 read-only', async () => {
    const smtp = await startCountingSmtp();
    const api = apiAs(t, finance);
    const eid = 'E0000000000000000001'; // ERROR in the fixtures
    await t.database.db
      .updateTable('emails')
      .set({ attempts: 5, from_address: 'Operations <ops@example.org>' })
      .where('eid', '=', eid)
      .execute();

    expectForbidden(await api.post(`/api/emails/${eid}/retry`, {}, reader), 'emails.retry');
    const retried = await api.post<{ eid: string; state: string }>(`/api/emails/${eid}/retry`, {});
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ eid, state: 'RETRY' });
    const again = await api.post(`/api/emails/${eid}/retry`, {});
    expectInvalid(again, 'state', 'transition');
    expect(again.body.error.message).toMatch(/is RETRY; only a failed e-mail/);

    const row = await t.database.db
      .selectFrom('emails')
      .select(['state', 'attempts'])
      .where('eid', '=', eid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'RETRY', attempts: 0 });
    const audit = await auditEntriesOf(t.database.db, 'emails', eid).selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'retry', actor_kind: 'operator' });
    expect(audit[0]?.before).toMatchObject({ state: 'ERROR', attempts: 5 });

    // Only this e-mail is due for the worker: the other fixtures wait or are done.
    await sql`UPDATE emails SET state = 'SUCCESS' WHERE state IN ('PENDING', 'RETRY', 'PROCESSING')
      AND eid <> ${eid}`.execute(t.database.db);
    const worker = startTestEmailWorker(t, smtp, { pollMs: 200 });
    try {
      const deadline = Date.now() + 10_000;
      let detail: TEmailDetail | undefined;
      while (Date.now() < deadline) {
        detail = (await api.get<TEmailDetail>(`/api/emails/${eid}`)).body;
        if (detail.state === 'SUCCESS') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(detail?.state).toBe('SUCCESS');
      expect(detail?.deliveries.map((delivery) => delivery.outcome)).toEqual(['success']);
      expect(smtp.countsByMessageId().get(`<${eid}@example.org>`)).toBe(1);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('retries the failed e-mails of a selection, skipping the others', async () => {
    const api = apiAs(t, finance);
    const failed = await allPages('state=ERROR');
    const ids = [...failed.map((row) => row.eid), 'E0000000000000000000'];
    const result = await api.post<TEmailsBulkRetryResult>('/api/emails/bulk/retry', {
      selection: { kind: 'ids', ids },
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      retried: failed.length,
      skipped: 1,
      undo: expect.objectContaining({ operationId: expect.any(String) }),
    });
    expect(await allPages('state=ERROR')).toHaveLength(0);

    await sql`UPDATE emails SET state = 'ERROR' WHERE kind = 'sign-in-link'`.execute(t.database.db);
    const view = await api.post<TEmailsBulkRetryResult>('/api/emails/bulk/retry', {
      selection: { kind: 'all', listParams: 'state=ERROR&kind=sign-in-link' },
    });
    expect(view.body.retried).toBeGreaterThan(0);
    expect(view.body.skipped).toBe(0);
    expectInvalid(
      await api.post('/api/emails/bulk/retry', {
        selection: { kind: 'all', listParams: 'state=LOST' },
      }),
      'query.state',
    );
    expectForbidden(
      await api.post('/api/emails/bulk/retry', { selection: { kind: 'ids', ids } }, reader),
      'emails.retry',
    );
  });
});
