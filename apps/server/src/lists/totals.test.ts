import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestOperator, createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { insertMembers, memberRow } from '../../test/fixtures';
import { listEndpoint } from '../../test/lists';
import { cliActor } from '../db/audit';
import { renewMemberships } from '../invoices/renewal';
import { membersList } from '../members/list';
import { searchIndexingSettled } from '../members/upload-service';
import { uploadMembersCsv } from '../members/member-upload-test-support';
import { loadCountries } from '../seed/countries';
import { seedDemo } from '../seed/demo';
import { manyChangedRows } from './refresh-statistics';
import { runList } from './run-list';

/**
 * One list endpoint, a view of it, and the rows that view must count, written here as plain SQL
 * (not through the list's own code), the way a person checking the screen would count them.
 */
type Case = { path: string; query: string; counted: string };

/**
 * A list endpoint's two views: all its rows, and the rows of one filter (`query`, counted as
 * `condition`); `kept` is the condition every view of the list keeps (its soft-deleted rows are
 * never listed).
 */
const viewsOf = (path: string, table: string, query: string, condition: string, kept?: string) => {
  const where = (...conditions: (string | undefined)[]) => {
    const all = conditions.filter((each) => each !== undefined);
    return all.length > 0 ? `${table} WHERE ${all.join(' AND ')}` : table;
  };
  return [
    { path, query: '', counted: where(kept) },
    { path, query, counted: where(kept, condition) },
  ];
};

const cases: Case[] = [
  ...viewsOf('/api/members', 'members', 'status=active', "status = 'active'", 'deleted_at IS NULL'),
  ...viewsOf(
    '/api/applications',
    'applications',
    'category=individual',
    "category = 'individual'",
    'deleted_at IS NULL',
  ),
  ...viewsOf('/api/certificates', 'certificates', 'status=issued', "status = 'issued'"),
  ...viewsOf('/api/invoices', 'invoices', 'status=paid', "status = 'paid'"),
  ...viewsOf('/api/payments', 'stripe_invoices', 'status=paid', "status = 'paid'"),
  ...viewsOf('/api/users', 'users', 'disabled=false', 'NOT disabled', 'deleted_at IS NULL'),
  ...viewsOf('/api/operators', 'operators', 'active=true', 'active'),
  ...viewsOf('/api/emails', 'emails', 'state=SUCCESS', "state = 'SUCCESS'"),
  ...viewsOf('/api/bank-accounts', 'bank_accounts', 'currency=CHF', "trim(currency) = 'CHF'"),
  ...viewsOf('/api/countries', 'countries', 'region=europe', "region = 'europe'"),
];

describe('list totals', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'counter@example.org');
    await seedDemo({ pool: t.database.pool, scale: 300, seed: 5 });
    // Written after the seed refreshed the statistics, as a console's later days are: the
    // planner's figures no longer match the tables.
    for (const name of ['ida', 'jon', 'kim']) {
      await addTestOperator(t.database, `${name}@example.org`, 'correct horse battery staple 42');
    }
  }, 120_000);
  afterAll(() => t.close());

  const countOf = async (counted: string) => {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${sql.raw(counted)}`.execute(t.database.db);
    return rows[0]?.n ?? Number.NaN;
  };
  const firstPage = async (path: string, query: string) => {
    const { status, body } = await listEndpoint(t, path, cookie).list(`${query}&limit=5`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };

  it.each(cases)('$path?$query counts its rows exactly', async ({ path, query, counted }) => {
    const expected = await countOf(counted);
    // Some rows, and more than one page of them where the demo has that many: the total is
    // the count, not the rows on the page.
    expect(expected).toBeGreaterThan(0);
    const page = await firstPage(path, query);
    expect(page).toMatchObject({ estimatedTotal: expected, totalIsExact: true });
  });

  it('counts every view of every list endpoint that has rows', () => {
    const paths = new Set(cases.map((listCase) => listCase.path));
    expect([...paths].sort()).toEqual([
      '/api/applications',
      '/api/bank-accounts',
      '/api/certificates',
      '/api/countries',
      '/api/emails',
      '/api/invoices',
      '/api/members',
      '/api/operators',
      '/api/payments',
      '/api/users',
    ]);
  });

  it('counts a search too', async () => {
    const [member] = (await firstPage('/api/members', 'sort=number')).data as {
      legalName: string;
    }[];
    const word = member?.legalName.split(' ')[0] ?? '';
    const page = await firstPage('/api/members', `q=${encodeURIComponent(word)}`);
    const all = await listEndpoint<{ mid: string }>(t, '/api/members', cookie).allPages(
      `q=${encodeURIComponent(word)}&limit=200`,
    );
    expect(page.totalIsExact).toBe(true);
    expect(page.estimatedTotal).toBe(all.rows.length);
  });

  it('counts 3 members imported through the CSV upload right after the commit', async () => {
    const before = await firstPage('/api/members', '');
    const file = [
      'Membership number,Legal name,Category,Status,Country',
      'CNT-0001,Counted Freight AG,individual,active,CH',
      'CNT-0002,Counted Cargo GmbH,individual,active,DE',
      'CNT-0003,Counted Lines SA,individual,pending-payment,FR',
    ].join('\r\n');
    const { validation } = await uploadMembersCsv(
      t,
      cookie,
      'counted.csv',
      `${file}\r\n`,
      'all-or-nothing',
    );
    expect(validation).toMatchObject({ valid: 3, invalid: 0 });
    await searchIndexingSettled();

    const after = await firstPage('/api/members', '');
    expect(after.totalIsExact).toBe(true);
    expect(after.estimatedTotal).toBe(before.estimatedTotal + 3);
    const active = await firstPage('/api/members', 'status=active');
    expect(active.estimatedTotal).toBe(
      await countOf("members WHERE deleted_at IS NULL AND status = 'active'"),
    );
  });

  it("refreshes the members table's statistics after the import commits", async () => {
    // Without the refresh, the planner would still count the rows of the seed's ANALYZE.
    const { rows } = await sql<{ reltuples: number }>`
      SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'members'`.execute(
      t.database.db,
    );
    // A small table is read whole by ANALYZE: its row count is exact, new members included.
    expect(rows[0]?.reltuples).toBe(await countOf('members'));
  });

  it('counts the invoices of a renewal run, and refreshes their statistics after it', async () => {
    const before = await firstPage('/api/invoices', '');
    const run = await renewMemberships(
      t.database.db,
      cliActor,
      { year: 2099 },
      { mailFrom: 'billing@example.org' },
    );
    expect(run.status).toBe('succeeded');
    expect(run.issued).toBeGreaterThan(0);
    const after = await firstPage('/api/invoices', '');
    expect(after).toMatchObject({
      estimatedTotal: before.estimatedTotal + run.issued,
      totalIsExact: true,
    });
    const { rows } = await sql<{ reltuples: number }>`
      SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'invoices'`.execute(
      t.database.db,
    );
    expect(rows[0]?.reltuples).toBe(await countOf('invoices'));
  });
});

describe('a list total above the exact count', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo({ pool: t.database.pool, scale: 300, seed: 6 });
  }, 120_000);
  afterAll(() => t.close());

  // The limit the first page counts up to is made small here; the real one is 10,000
  // (listLimits.exactTotalLimit), which the same code applies.
  const limit = 20;

  it('is an estimate, flagged as one, never below what was counted', async () => {
    const page = await runList(
      t.database.db,
      membersList,
      { limit: 5 },
      { exactTotalLimit: limit },
    );
    expect(page.totalIsExact).toBe(false);
    expect(page.estimatedTotal).toBeGreaterThan(limit);
  });

  it('is exact again when a filter narrows the view to the limit or fewer', async () => {
    const { rows } = await sql<{ status: string; n: number }>`
      SELECT status, count(*)::int AS n FROM members WHERE deleted_at IS NULL
       GROUP BY status HAVING count(*) BETWEEN 2 AND ${limit} ORDER BY n DESC LIMIT 1`.execute(
      t.database.db,
    );
    const [few] = rows;
    if (!few) throw new Error(`the demo data has no status with 2 to ${limit} members`);
    const page = await runList(
      t.database.db,
      membersList,
      { limit: 1, status: few.status },
      { exactTotalLimit: limit },
    );
    expect(page).toMatchObject({ estimatedTotal: few.n, totalIsExact: true });
  });

  it('is exact on the boundary itself', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM members WHERE deleted_at IS NULL`.execute(t.database.db);
    const members = rows[0]?.n ?? 0;
    const atLimit = await runList(
      t.database.db,
      membersList,
      { limit: 5 },
      { exactTotalLimit: members },
    );
    expect(atLimit).toMatchObject({ estimatedTotal: members, totalIsExact: true });
    const below = await runList(
      t.database.db,
      membersList,
      { limit: 5 },
      { exactTotalLimit: members - 1 },
    );
    expect(below.totalIsExact).toBe(false);
  });
});

describe('statistics after a bulk status change', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'bulk@example.org');
    await loadCountries(t.database.pool);
    const rows = Array.from({ length: manyChangedRows + 200 }, (_, i) =>
      memberRow(`bulk${String(i).padStart(5, '0')}`),
    );
    await insertMembers(t.database.db, rows);
    await sql`ANALYZE members`.execute(t.database.db);
  });
  afterAll(() => t.close());

  /** The statuses the planner believes members have, most common first. */
  const plannerStatuses = async () => {
    const { rows } = await sql<{ values: string }>`
      SELECT most_common_vals::text AS values FROM pg_stats
       WHERE tablename = 'members' AND attname = 'status'`.execute(t.database.db);
    return rows[0]?.values ?? '';
  };

  it('are refreshed once thousands of members moved, so an "overdue" view is estimated right', async () => {
    expect(await plannerStatuses()).toBe('{active}');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/members/bulk/status',
      headers: { cookie },
      payload: {
        selection: { kind: 'all', listParams: 'status=active' },
        status: 'overdue',
        reason: 'Year closed',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ changed: manyChangedRows + 200, skipped: 0 });
    expect(await plannerStatuses()).toBe('{overdue}');
  });
});
