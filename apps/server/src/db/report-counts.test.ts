import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { insertMembers, memberRow } from '../../test/fixtures';
import { loadCountries } from '../seed/countries';
import type { DatabaseHandle } from './database';

/**
 * `report_counts` (migration 0038) must always equal what its facts say of the tables now: the
 * triggers add and subtract in every write path (inserts, updates, deletes, a member moving
 * country), so after any sequence of writes a recount from scratch finds the same figures.
 * The recount below is written independently of the migration's functions, from the table of
 * facts in docs/reports.md.
 */
const recount = sql<{ fact: string; key: string; n: string; amount: string }>`
  WITH facts AS (
    SELECT 'member-joined' AS fact, joined_on AS day, 0 AS year, '' AS detail,
           coalesce(country_iso2::text, '') AS country, category, '' AS currency, 1 AS n, 0 AS amount
      FROM members WHERE deleted_at IS NULL AND joined_on IS NOT NULL
    UNION ALL
    SELECT 'member-left', greatest(joined_on, terminated_on), 0, status,
           coalesce(country_iso2::text, ''), category, '', 1, 0
      FROM members WHERE deleted_at IS NULL AND joined_on IS NOT NULL AND terminated_on IS NOT NULL
    UNION ALL
    SELECT 'invoice-issued', i.issue_date, 0, i.kind, coalesce(m.country_iso2::text, ''),
           coalesce(m.category, ''), i.currency, 1, i.total_minor
      FROM invoices i LEFT JOIN members m ON m.mid = i.member_mid
     WHERE i.status IN ('issued', 'paid', 'credited', 'uncollectible')
    UNION ALL
    SELECT 'invoice-open', i.due_date, 0, '', coalesce(m.country_iso2::text, ''),
           coalesce(m.category, ''), i.currency, 1, i.balance_minor
      FROM invoices i LEFT JOIN members m ON m.mid = i.member_mid
     WHERE i.status = 'issued' AND i.balance_minor > 0
    UNION ALL
    SELECT 'renewal-issued', i.issue_date, i.year, '', coalesce(m.country_iso2::text, ''),
           coalesce(m.category, ''), i.currency, 1, i.total_minor
      FROM invoices i LEFT JOIN members m ON m.mid = i.member_mid
     WHERE i.kind = 'membership' AND i.status IN ('issued', 'paid', 'credited', 'uncollectible')
    UNION ALL
    SELECT 'renewal-paid', (i.paid_at AT TIME ZONE 'Europe/Zurich')::date, i.year, '',
           coalesce(m.country_iso2::text, ''), coalesce(m.category, ''), i.currency, 1, i.total_minor
      FROM invoices i LEFT JOIN members m ON m.mid = i.member_mid
     WHERE i.kind = 'membership' AND i.status = 'paid'
    UNION ALL
    SELECT 'money-' || coalesce(r.kind, mv.kind), mv.booked_on, 0, '',
           coalesce(m.country_iso2::text, ''), coalesce(m.category, ''), mv.currency,
           CASE WHEN r.kind IS NULL THEN 1 ELSE -1 END,
           CASE WHEN r.kind IS NULL THEN mv.amount_minor ELSE -mv.amount_minor END
      FROM money_movements mv LEFT JOIN money_movements r ON r.id = mv.reverses_id
      LEFT JOIN members m ON m.mid = mv.member_mid
     WHERE coalesce(r.kind, mv.kind) IN ('payment', 'write-off', 'credit-note', 'refund')
    UNION ALL
    SELECT 'certificate-issued', (c.issued_at AT TIME ZONE 'Europe/Zurich')::date, 0, c.type,
           coalesce(m.country_iso2::text, ''), coalesce(m.category, ''), '', 1, 0
      FROM certificates c JOIN members m ON m.mid = c.member_mid WHERE c.issued_at IS NOT NULL
    UNION ALL
    SELECT 'email', (created_at AT TIME ZONE 'Europe/Zurich')::date, 0, state, '', '', '', 1, 0
      FROM emails WHERE state IN ('SUCCESS', 'ERROR')
    UNION ALL
    SELECT 'email-retried', (created_at AT TIME ZONE 'Europe/Zurich')::date, 0, '', '', '', '', 1, 0
      FROM emails WHERE delivery_count > 1)
  SELECT fact, concat_ws('|', day, year, detail, country, category, currency) AS key,
         sum(n)::text AS n, sum(amount)::text AS amount
    FROM facts GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2`;

const summary = sql<{ fact: string; key: string; n: string; amount: string }>`
  SELECT fact, concat_ws('|', day, year, detail, country_iso2, category, currency) AS key,
         n::text AS n, amount_minor::text AS amount
    FROM report_counts
   WHERE fact <> 'member-suspended' AND (n <> 0 OR amount_minor <> 0)
   ORDER BY 1, 2`;

let database: DatabaseHandle;

async function expectSummaryToMatchTables() {
  const [expected, actual] = await Promise.all([
    recount.execute(database.db),
    summary.execute(database.db),
  ]);
  expect(actual.rows).toEqual(expected.rows);
  return actual.rows;
}

async function run(statement: string) {
  await sql.raw(statement).execute(database.db);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await loadCountries(database.pool);
  await insertMembers(database.db, [
    memberRow('ch1', { joined_on: '2020-03-01' }),
    memberRow('ch2', { joined_on: '2024-06-15', category: 'association' }),
    memberRow('de1', { joined_on: '2019-01-10', country_iso2: 'DE' }),
    memberRow('us1', {
      joined_on: '2018-05-01',
      country_iso2: 'US',
      status: 'resigned',
      terminated_on: '2025-02-01',
      termination_reason: 'Closed',
    }),
    memberRow('hon', { joined_on: '2010-01-01', category: 'honorary' }),
  ]);
});

afterAll(async () => {
  await database?.close();
});

describe('report_counts', () => {
  it('counts what the tables hold after inserts of every source', async () => {
    await run(`
      INSERT INTO invoices (iid, number, member_mid, kind, year, currency, total_minor, status,
                            issue_date, due_date)
      VALUES ('i1', 'INV-1', 'ch1', 'membership', 2026, 'CHF', 50000, 'issued', '2026-01-02', '2026-01-31'),
             ('i2', 'INV-2', 'de1', 'membership', 2026, 'EUR', 40000, 'issued', '2026-01-02', '2026-01-31'),
             ('i3', 'INV-3', 'us1', 'other', 2025, 'USD', 12345, 'issued', '2025-01-05', '2025-02-05'),
             ('i4', 'INV-4', 'ch2', 'membership', 2025, 'CHF', 90000, 'draft', NULL, NULL),
             ('i5', 'INV-5', 'ch1', 'membership', 2025, 'CHF', 50000, 'void', '2025-01-02', '2025-01-31');
      INSERT INTO invoices (iid, number, member_mid, kind, year, currency, total_minor, status,
                            issue_date, due_date, paid_at)
      VALUES ('i6', 'INV-6', 'hon', 'membership', 2025, 'CHF', 1000, 'paid', '2025-01-02',
              '2025-01-31', '2025-01-20T10:00:00Z');
      INSERT INTO certificates (cid, number, member_mid, type, year, valid_from, valid_to, status,
                                issued_at, verification_code)
      VALUES ('c1', 'C-1', 'ch1', 'membership', 2026, '2026-01-01', '2026-12-31', 'issued',
              '2026-01-20T23:30:00Z', 'v1');
      INSERT INTO emails (eid, to_addresses, from_address, subject, kind, state, delivery_count,
                          next_attempt_at, created_at, updated_at)
      VALUES ('e1', '{a@example.org}', 'ops@example.org', 'Hi', 'invoice', 'SUCCESS', 2, now(), now(), now()),
             ('e2', '{b@example.org}', 'ops@example.org', 'Hi', 'invoice', 'ERROR', 3, now(), now(), now()),
             ('e3', '{c@example.org}', 'ops@example.org', 'Hi', 'invoice', 'PENDING', 0, now(), now(), now());`);
    const rows = await expectSummaryToMatchTables();
    // The paid invoice brought its payment movement (migration 0026's trigger).
    expect(rows).toContainEqual(
      expect.objectContaining({ fact: 'money-payment', n: '1', amount: '1000' }),
    );
    // A certificate issued at 23:30 UTC on 20 January counts on the 21st at headquarters.
    expect(rows).toContainEqual(
      expect.objectContaining({
        fact: 'certificate-issued',
        key: '2026-01-21|0|membership|CH|individual|',
      }),
    );
  });

  it('follows payments, reversals, write-offs, credit notes and status changes', async () => {
    await run(`
      INSERT INTO money_movements (id, member_mid, invoice_iid, currency, kind, source, booked_on,
                                   amount_minor, settles_minor)
      VALUES ('p1', 'ch1', 'i1', 'CHF', 'payment', 'bank', '2026-02-03', 20000, 20000),
             ('w1', 'de1', 'i2', 'EUR', 'write-off', 'bank', '2026-02-04', 500, 500),
             ('cn1', 'us1', 'i3', 'USD', 'credit-note', 'manual', '2026-02-05', 2345, 2345);
      UPDATE invoices SET paid_minor = 20000 WHERE iid = 'i1';
      UPDATE invoices SET written_off_minor = 500 WHERE iid = 'i2';
      UPDATE invoices SET credited_minor = 2345 WHERE iid = 'i3';
      INSERT INTO money_movements (id, member_mid, invoice_iid, currency, kind, source, booked_on,
                                   amount_minor, reverses_id)
      VALUES ('r1', 'ch1', 'i1', 'CHF', 'reversal', 'manual', '2026-02-10', 20000, 'p1');
      UPDATE invoices SET paid_minor = 0 WHERE iid = 'i1';
      UPDATE invoices SET status = 'issued', issue_date = '2025-01-02', due_date = '2025-01-31'
       WHERE iid = 'i4';
      UPDATE invoices SET status = 'paid', paid_at = '2026-03-01T08:00:00Z' WHERE iid = 'i2';`);
    const rows = await expectSummaryToMatchTables();
    const collectedChf = rows
      .filter((row) => row.fact === 'money-payment' && row.key.endsWith('|CHF'))
      .reduce((sum, row) => sum + Number(row.amount), 0);
    // The honorary member's 10.00 stays; the reversed 200.00 nets to nothing.
    expect(collectedChf).toBe(1000);
  });

  it('moves every fact of a member who changes country or category, and counts suspensions', async () => {
    await run(`
      UPDATE members SET country_iso2 = 'FR', category = 'association' WHERE mid = 'ch1';
      UPDATE members SET status = 'suspended' WHERE mid = 'de1';
      UPDATE members SET status = 'suspended', deleted_at = now() WHERE mid = 'ch2';`);
    const rows = await expectSummaryToMatchTables();
    expect(
      rows.some((row) => row.key.includes('|CH|individual|') && row.fact !== 'member-joined'),
    ).toBe(false);
    const { rows: suspensions } = await sql<{ country: string; n: string }>`
      SELECT country_iso2 AS country, sum(n)::text AS n FROM report_counts
       WHERE fact = 'member-suspended' GROUP BY 1 ORDER BY 1`.execute(database.db);
    // de1 is counted; ch2 was deleted in the same statement, so it is not.
    expect(suspensions).toEqual([{ country: 'DE', n: '1' }]);
  });

  it('takes away what is deleted', async () => {
    await run(`
      DELETE FROM certificates WHERE cid = 'c1';
      DELETE FROM emails WHERE eid = 'e1';
      DELETE FROM invoices WHERE iid = 'i5';`);
    await expectSummaryToMatchTables();
  });

  it('answers "members at a day" as joined by then less left by then', async () => {
    const members = async (day: string) => {
      const { rows } = await sql<{ n: string }>`
        SELECT (coalesce(sum(n) FILTER (WHERE fact = 'member-joined'), 0)
              - coalesce(sum(n) FILTER (WHERE fact = 'member-left'), 0))::text AS n
          FROM report_counts WHERE fact IN ('member-joined', 'member-left') AND day <= ${day}`.execute(
        database.db,
      );
      const { rows: direct } = await sql<{ n: string }>`
        SELECT count(*)::text AS n FROM members
         WHERE deleted_at IS NULL AND joined_on <= ${day}
           AND (terminated_on IS NULL OR terminated_on > ${day})`.execute(database.db);
      expect(rows[0]?.n).toBe(direct[0]?.n);
      return Number(rows[0]?.n);
    };
    expect(await members('2024-12-31')).toBe(4); // ch1, de1, us1, hon (ch2 is deleted)
    expect(await members('2025-12-31')).toBe(3); // us1 resigned on 1 February 2025
    expect(await members('2017-12-31')).toBe(1); // hon
  });
});
