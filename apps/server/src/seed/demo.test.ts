import { clock } from '../lib/clock';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, silentLogger } from '../../test/database';
import { listenForNotifications } from '../db/notifications';
import { logTransport, outboxChannel, startEmailWorker } from '../emails';
import type { DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';
import { seedDemo } from './demo';

async function indexDefinitions(db: Kysely<Database>) {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
     ORDER BY indexname`.execute(db);
  return rows;
}

describe('seed demo', () => {
  let database: DatabaseHandle;
  let before: Awaited<ReturnType<typeof indexDefinitions>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    before = await indexDefinitions(database.db);
    await seedDemo({ pool: database.pool, scale: 300, seed: 3 });
  }, 120_000);
  afterAll(() => database.close());

  it('leaves every index as the migrations made it (they are built after the load)', async () => {
    expect(before.length).toBeGreaterThan(50);
    expect(await indexDefinitions(database.db)).toEqual(before);
  });

  it('writes a search document for every member and invoice it loaded, its indexes valid', async () => {
    const { rows } = await sql<{ type: string; documents: number }>`
      SELECT type, count(*)::int AS documents FROM search_documents GROUP BY type`.execute(
      database.db,
    );
    const byType = Object.fromEntries(rows.map((row) => [row.type, row.documents]));
    const members = await sql<{ n: number }>`SELECT count(*)::int AS n FROM members`.execute(
      database.db,
    );
    expect(byType.member).toBe(members.rows[0]?.n);
    const invoices = await sql<{ n: number }>`SELECT count(*)::int AS n FROM invoices`.execute(
      database.db,
    );
    expect(byType.invoice).toBe(invoices.rows[0]?.n);
    // Every index is valid and ready (a failed build would leave it otherwise).
    const invalid = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_index WHERE NOT indisvalid OR NOT indisready`.execute(
      database.db,
    );
    expect(invalid.rows[0]?.n).toBe(0);
  });

  it("records each demo reminder as dunning's first level: invoice, notice and e-mail agree", async () => {
    const { rows } = await sql<{
      reminders: number;
      notices: number;
      levelled: number;
      mismatched: number;
      portal: number;
    }>`
      SELECT (SELECT count(*)::int FROM emails WHERE kind = 'dunning-reminder-1') AS reminders,
             (SELECT count(*)::int FROM dunning_notices) AS notices,
             (SELECT count(*)::int FROM invoices WHERE dunning_level = 1) AS levelled,
             (SELECT count(*)::int FROM dunning_notices n
                JOIN invoices i ON i.iid = n.invoice_iid
                JOIN emails e ON e.eid = n.email_id
               WHERE n.level <> i.dunning_level OR n.as_of <> i.dunning_level_on
                  OR e.related_id <> i.iid OR n.as_of < i.due_date + 10) AS mismatched,
             (SELECT count(*)::int FROM emails WHERE text_body ILIKE '%portal%') AS portal
    `.execute(database.db);
    const counts = rows[0];
    expect(counts?.reminders).toBeGreaterThan(0);
    expect(counts?.notices).toBe(counts?.reminders);
    expect(counts?.levelled).toBe(counts?.reminders);
    expect(counts?.mismatched).toBe(0);
    expect(counts?.portal).toBe(0);
  });

  it('leaves the delivery worker nothing to send: the e-mails are history, sent or failed', async () => {
    const { rows } = await sql<{ state: string; n: number; latest: Date }>`
      SELECT state, count(*)::int AS n, max(created_at) AS latest
        FROM emails GROUP BY state ORDER BY state`.execute(database.db);
    expect(rows.map((row) => row.state)).toEqual(['ERROR', 'SUCCESS']);
    for (const row of rows) expect(row.latest.getTime()).toBeLessThan(Date.now());
    // The worker itself, run over this outbox, finds nothing due and sends nothing.
    const notifications = await listenForNotifications(
      database.connectionString,
      [outboxChannel],
      silentLogger,
    );
    const sent: string[] = [];
    const worker = startEmailWorker({
      db: database.db,
      transport: logTransport(silentLogger, (block) => sent.push(block)),
      notifications,
      logger: silentLogger,
      pollMs: 60_000,
    });
    try {
      expect(await worker.runOnce()).toBe(0);
      expect(sent).toEqual([]);
    } finally {
      await worker.stop();
      await notifications.close();
    }
  });

  it('gives the CHF equivalents a rate for every demo invoice: EUR and USD from the first month', async () => {
    const { rows } = await sql<{ currency: string; month: string; chf_per_unit: string }>`
      SELECT currency, to_char(month, 'YYYY-MM') AS month, chf_per_unit
        FROM exchange_rates ORDER BY currency, month`.execute(database.db);
    const first = await sql<{ month: string }>`
      SELECT to_char(min(issue_date), 'YYYY-MM') AS month FROM invoices`.execute(database.db);
    const firstMonth = first.rows[0]?.month;
    expect(rows.filter((row) => row.month === firstMonth).map((row) => row.currency)).toEqual([
      'EUR',
      'USD',
    ]);
    // Issue 32: recent rates, every month of the last year up to the month the demo is of (the
    // only USD rate used to be from the year the data begins).
    const recent = await sql<{ currency: string; months: string; latest: string }>`
      SELECT currency, count(*)::text AS months, to_char(max(month), 'YYYY-MM') AS latest
        FROM exchange_rates
       WHERE month > (SELECT max(issue_date) FROM invoices) - interval '13 months'
       GROUP BY currency ORDER BY currency`.execute(database.db);
    const thisMonth = clock.today().slice(0, 7);
    expect(recent.rows).toEqual([
      { currency: 'EUR', months: expect.any(String), latest: thisMonth },
      { currency: 'USD', months: expect.any(String), latest: thisMonth },
    ]);
    expect(recent.rows.every((row) => Number(row.months) >= 12)).toBe(true);
    for (const row of rows) {
      const rate = Number(row.chf_per_unit);
      expect(rate, `${row.currency} ${row.month}`).toBeGreaterThan(
        row.currency === 'EUR' ? 0.9 : 0.78,
      );
      expect(rate).toBeLessThan(row.currency === 'EUR' ? 0.96 : 0.9);
    }
  });
});
