import { applicationQueueRank, applicationStatuses, type ApplicationStatus } from '@ops/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { csvExport, expectSorted, indexedPlanOf, listEndpoint } from '../../test/lists';
import { expectInvalid } from '../../test/requests';
import { loadCountries } from '../seed/countries';
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

/** Every status, in the contract's order: the seeded rows cycle through them. */
const statuses = applicationStatuses;

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

  const applications = () => listEndpoint<Row>(t, '/api/applications', cookie);
  /** Every application of a query, following the cursors. */
  const allPages = async (query: string) => (await applications().allPages(query)).rows;

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
    expectSorted(
      byNumber.map((row) => row.number),
      '-',
    );
    const bySubmitted = await allPages('sort=submittedAt&limit=5');
    expectSorted(bySubmitted.map((row) => row.submittedAt ?? '~'));
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
    const [header, ...lines] = await csvExport(
      t,
      '/api/applications/export?status=rejected,approved&sort=number',
      cookie,
      'applications-',
    );
    expect(header?.startsWith('Application number,Legal name')).toBe(true);
    const listed = await allPages('status=rejected,approved&sort=number&limit=2');
    expect(lines.map((line) => line.split(',')[0])).toEqual(listed.map((row) => row.number));
  });

  it('answers 400 naming the field and the rule', async () => {
    const { list } = applications();
    expectInvalid(await list('sort=shoeSize'), 'query.sort', 'invalid_value');
    expectInvalid(await list('status=pending'), 'query.status', 'invalid_value');
    expectInvalid(await list('submittedAt=yesterday..'), 'query.submittedAt', 'invalid_format');
  });

  it('filters submitted days through their index (each sort: lists/index-per-sort.test.ts)', async () => {
    const filtered = await indexedPlanOf(
      t.database,
      `SELECT a.aid FROM applications a WHERE a.deleted_at IS NULL
          AND application_submitted_day(a.submitted_at) >= '2025-01-01' LIMIT 51`,
    );
    expect(filtered).toContain('applications_list_submitted_day_idx');
  });
});
