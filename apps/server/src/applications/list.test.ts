import { applicationQueueRank, type ApplicationStatus } from '@ops/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { loadCountries } from '../seed/countries';
import { applicationsListSpec } from './list';
import { addApplication } from './test-fixtures';

type Row = {
  aid: string;
  number: string;
  legalName: string;
  status: ApplicationStatus;
  category: string;
  countryIso2: string | null;
  submittedAt: string | null;
};
type Page = { data: Row[]; nextCursor: string | null; estimatedTotal: number };

const statuses: ApplicationStatus[] = [
  'draft',
  'submitted',
  'awaiting-endorsement',
  'endorsed',
  'under-review',
  'information-requested',
  'approved',
  'rejected',
  'endorsement-declined',
  'withdrawn',
];

describe('GET /api/applications', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'queue@example.org', ['read-only']);
    await loadCountries(t.database.pool);
    for (let i = 0; i < 31; i++) {
      const status = statuses[i % statuses.length] as ApplicationStatus;
      await addApplication(t.database.db, {
        status,
        number: `A-${String(500 - i).padStart(6, '0')}`,
        legal_name: i === 12 ? 'Zürich Luftfracht GmbH' : `Forwarder ${String(i).padStart(2, '0')}`,
        category: i % 3 === 0 ? 'association' : 'individual',
        country_iso2: i % 5 === 0 ? null : i % 2 === 0 ? 'CH' : 'KE',
        // Microseconds on purpose: cursors must carry them exactly. Some share a time.
        submitted_at:
          status === 'draft'
            ? null
            : sql<Date>`${`2025-${String((i % 12) + 1).padStart(2, '0')}-15T10:00:00Z`}::timestamptz + ${`${(i * 7) % 11} microseconds`}::interval`,
        deleted_at: i === 30 ? new Date() : null,
      } as never);
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await t.app.inject({ url: `/api/applications?${query}`, headers: { cookie } });
    return { status: response.statusCode, body: response.json<Page>() };
  };

  const allPages = async (query: string) => {
    const rows: Row[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const suffix: string = cursor ? `&cursor=${cursor}` : '';
      const { status, body } = await list(`${query}${suffix}`);
      expect(status).toBe(200);
      rows.push(...body.data);
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    return rows;
  };

  it('puts the review queue first: what waits for staff, oldest submitted first', async () => {
    const rows = await allPages('limit=4');
    expect(rows).toHaveLength(30); // the deleted one is not listed
    expect(new Set(rows.map((row) => row.aid)).size).toBe(30);
    const key = (row: Row) =>
      [applicationQueueRank[row.status], row.submittedAt ?? '9999'] as const;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [key(rows[i - 1] as Row), key(rows[i] as Row)];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1])).toBe(true);
    }
    expect(['submitted', 'endorsed', 'under-review']).toContain(rows[0]?.status);
    expect(rows.at(-1)?.status).toMatch(/approved|rejected|endorsement-declined|withdrawn/);
  });

  it('offers every sort, in both directions, each page whole', async () => {
    for (const sort of ['number', 'legalName', 'country', 'category', 'status', 'submittedAt']) {
      for (const direction of ['', '-']) {
        const rows = await allPages(`limit=7&sort=${direction}${sort}`);
        expect(new Set(rows.map((row) => row.aid)).size).toBe(30);
      }
    }
    const byNumber = await allPages('sort=-number&limit=9');
    const numbers = byNumber.map((row) => row.number);
    expect(numbers).toEqual([...numbers].sort().reverse());
    const bySubmitted = await allPages('sort=submittedAt&limit=5');
    const submitted = bySubmitted.map((row) => row.submittedAt ?? '~');
    expect(submitted).toEqual([...submitted].sort());
  });

  it('filters by status, category, country and days of submission', async () => {
    const waiting = await allPages('status=submitted,endorsed');
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((row) => ['submitted', 'endorsed'].includes(row.status))).toBe(true);

    const associations = await allPages('category=association&country=CH');
    expect(associations.length).toBeGreaterThan(0);
    expect(
      associations.every((row) => row.category === 'association' && row.countryIso2 === 'CH'),
    ).toBe(true);

    // The whole last day counts: 15 March at 10:00 is inside "..2025-03-15".
    const march = await allPages('submittedAt=2025-03-01..2025-03-15');
    expect(march.length).toBeGreaterThan(0);
    expect(march.every((row) => row.submittedAt?.startsWith('2025-03-15'))).toBe(true);

    const drafts = await allPages('submittedAt=(empty)');
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((row) => row.status === 'draft')).toBe(true);
  });

  it('finds by words of the name, accents ignored', async () => {
    const rows = await allPages('q=zurich%20luft');
    expect(rows.map((row) => row.legalName)).toEqual(['Zürich Luftfracht GmbH']);
  });

  it('exports the whole filtered set as CSV in the list order', async () => {
    const response = await t.app.inject({
      url: '/api/applications/export?status=rejected,approved&sort=number',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="applications-/);
    const [header, ...lines] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header?.startsWith('Application number,Legal name')).toBe(true);
    const listed = await allPages('status=rejected,approved&sort=number&limit=2');
    expect(lines.map((line) => line.split(',')[0])).toEqual(listed.map((row) => row.number));
  });

  it('answers 400 naming the field and the rule', async () => {
    const sort = await list('sort=shoeSize');
    expect(sort.status).toBe(400);
    expect(JSON.stringify(sort.body)).toContain('query.sort');
    const status = await list('status=pending');
    expect(status.status).toBe(400);
    expect(JSON.stringify(status.body)).toContain('query.status');
    const day = await list('submittedAt=yesterday..');
    expect(day.status).toBe(400);
    expect(JSON.stringify(day.body)).toContain('invalid_format');
  });

  it('has an index for every sort and filter (the planner sorts nothing itself)', async () => {
    const plan = async (statement: string) => {
      const client = await t.database.pool.connect();
      try {
        await client.query(
          'BEGIN; SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off',
        );
        const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement}`);
        await client.query('ROLLBACK');
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        client.release();
      }
    };
    for (const [field, column] of Object.entries(applicationsListSpec.columns)) {
      const sorted = await plan(
        `SELECT a.aid FROM applications a WHERE a.deleted_at IS NULL
          ORDER BY ${column.sortExpression}, a.aid LIMIT 51`,
      );
      expect(sorted, field).toMatch(/Index (Only )?Scan using applications_list_/);
      expect(sorted, field).not.toMatch(/Sort/);
    }
    const filtered = await plan(
      `SELECT a.aid FROM applications a WHERE a.deleted_at IS NULL
          AND application_submitted_day(a.submitted_at) >= '2025-01-01' LIMIT 51`,
    );
    expect(filtered).toContain('applications_list_submitted_day_idx');
  });
});
