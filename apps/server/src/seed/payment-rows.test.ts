import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { DatabaseHandle } from '../db/database';
import { getPayment } from '../payments/detail';
import { seedDemo } from './demo';
import { demoCalendar } from './demo-plan';

describe('demo card payments', () => {
  let database: DatabaseHandle;
  let currentYear: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Of the day it runs, as a person's first start is.
    const report = await seedDemo({ pool: database.pool, scale: 400, seed: 7 });
    currentYear = demoCalendar(report.referenceDate).currentYear;
  }, 120_000);
  afterAll(() => database.close());

  it("gives each of this year's card-paid invoices its paid card-payment invoice and events", async () => {
    const { rows } = await sql<{
      card_paid: number;
      linked: number;
      named: number;
      events: number;
      unlinked: number;
    }>`
      SELECT (SELECT count(*) FROM invoices
               WHERE paid_method = 'card' AND status = 'paid' AND year = ${currentYear})::int AS card_paid,
             (SELECT count(*) FROM stripe_invoices s JOIN invoices i ON i.iid = s.invoice_iid
               WHERE s.status = 'paid' AND s.amount_paid_minor = i.total_minor
                 AND s.currency = i.currency AND s.member_mid = i.member_mid)::int AS linked,
             (SELECT count(*) FROM invoices i JOIN stripe_invoices s ON s.sid = i.card_invoice_sid
               WHERE s.invoice_iid = i.iid)::int AS named,
             (SELECT count(*) FROM stripe_events e JOIN stripe_invoices s ON s.sid = e.sid)::int AS events,
             (SELECT count(*) FROM stripe_invoices WHERE invoice_iid IS NULL)::int AS unlinked
    `.execute(database.db);
    const counts = rows[0];
    expect(counts?.card_paid).toBeGreaterThan(0);
    expect(counts?.linked).toBe(counts?.card_paid);
    expect(counts?.named).toBe(counts?.card_paid);
    expect(counts?.events).toBe(3 * ((counts?.card_paid ?? 0) + (counts?.unlinked ?? 0)));
  });

  it('reads like a webhook-made record on its detail', async () => {
    const one = await database.db
      .selectFrom('stripe_invoices')
      .select('sid')
      .where('invoice_iid', 'is not', null)
      .orderBy('sid')
      .executeTakeFirstOrThrow();
    const detail = await getPayment(database.db, one.sid);
    expect(detail.status).toBe('paid');
    expect(detail.invoice?.status).toBe('paid');
    expect(detail.member?.mid).toBe(detail.memberMid);
    expect(detail.events.map((event) => event.type)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
    ]);
    expect(detail.events[2]?.outcome).toMatch(
      new RegExp(`Invoice ${detail.invoice?.number} marked paid by card`),
    );
    expect(detail.lastEventId).toBe(
      (
        await database.db
          .selectFrom('stripe_events')
          .select('event_id')
          .where('sid', '=', one.sid)
          .where('type', '=', 'invoice.paid')
          .executeTakeFirstOrThrow()
      ).event_id,
    );
  });
});
