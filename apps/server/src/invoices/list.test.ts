import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { csvExport, expectIndexedOrder, expectSorted, listEndpoint } from '../../test/lists';
import { expectInvalid } from '../../test/requests';
import { todayAtHeadquarters } from '../lib/dates';
import { loadCountries } from '../seed/countries';
import { addDays } from './lifecycle';
import { invoicesListFor, invoicesListSpec } from './list';
import { runList } from '../lists';
import { sortExpressionOf } from '../lists/list-spec';
import { insertMembers } from '../../test/fixtures';

type Row = {
  iid: string;
  number: string;
  memberName: string | null;
  status: string;
  kind: string;
  year: number;
  currency: string;
  source: string;
  issueDate: string | null;
  dueDate: string | null;
  totalMinor: string;
  balanceMinor: string;
  isOverdue: boolean;
  paidAt: string | null;
};

const statuses = ['issued', 'paid', 'draft', 'void', 'uncollectible', 'paid', 'issued'] as const;
const kinds = ['membership', 'licence', 'application', 'other'] as const;
const currencies = ['CHF', 'EUR', 'USD'] as const;
const today = todayAtHeadquarters();

describe('GET /api/invoices', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'invoice-lister@example.org');
    await loadCountries(t.database.pool);
    await insertMembers(t.database.db, [
      {
        mid: 'm-zurich',
        number: 'M-000001',
        category: 'individual',
        status: 'active',
        legal_name: 'Zürich Spedition AG',
        country_iso2: 'CH',
      },
      {
        mid: 'm-hamburg',
        number: 'M-000002',
        category: 'association',
        status: 'overdue',
        legal_name: 'Hamburg Freight Association',
        country_iso2: 'DE',
      },
    ]);
    await t.database.db
      .insertInto('invoices')
      .values(
        Array.from({ length: 41 }, (_, i) => {
          const status = statuses[i % statuses.length] ?? 'issued';
          const isDraft = status === 'draft';
          const issueDate = isDraft ? null : addDays(today, -i * 7);
          return {
            iid: `inv${String(i).padStart(3, '0')}`,
            number: isDraft
              ? `DRAFT-${String(i).padStart(6, '0')}`
              : `${2020 + (i % 7)}-${String(1000 - i).padStart(6, '0')}`,
            member_mid: i % 3 === 0 ? 'm-zurich' : 'm-hamburg',
            kind: kinds[i % kinds.length] ?? 'other',
            year: 2020 + (i % 7),
            issue_date: issueDate,
            due_date: issueDate ? addDays(issueDate, 30) : null,
            currency: currencies[i % currencies.length] ?? 'CHF',
            total_minor: 1000 * ((i * 37) % 23),
            status,
            paid_at: status === 'paid' ? new Date(Date.UTC(2025, 0, 1 + i, 10)) : null,
            paid_amount_minor: status === 'paid' ? 1000 * ((i * 37) % 23) : null,
            paid_method: status === 'paid' ? ('bank-transfer' as const) : null,
            payment_reference: i === 4 ? 'RF18539007547034' : null,
            source: i % 5 === 0 ? ('csv-import' as const) : ('generated' as const),
          };
        }),
      )
      .execute();
  });
  afterAll(() => t.close());

  const list = (query: string) => listEndpoint<Row>(t, '/api/invoices', cookie).list(query);
  const allPages = (query: string) => listEndpoint<Row>(t, '/api/invoices', cookie).allPages(query);

  it('pages through every invoice once, newest number first by default', async () => {
    const { rows, pages } = await allPages('limit=10');
    expect(pages).toBe(5);
    expect(new Set(rows.map((row) => row.iid)).size).toBe(41);
    expectSorted(
      rows.map((row) => row.number),
      '-',
    );
    // Drafts (numbered DRAFT-…) come first in the newest-first order.
    expect(rows[0]?.status).toBe('draft');
  });

  it('sorts by every offered column both ways, empty dates last, pages whole', async () => {
    const keyOf: Record<string, (row: Row) => string | number> = {
      number: (row) => row.number,
      issueDate: (row) => row.issueDate ?? '9999-12-31',
      dueDate: (row) => row.dueDate ?? '9999-12-31',
      total: (row) => Number(row.totalMinor),
      balance: (row) => Number(row.balanceMinor),
      status: (row) => row.status,
      kind: (row) => row.kind,
      year: (row) => row.year,
      currency: (row) => row.currency,
      source: (row) => row.source,
      paidAt: (row) => row.paidAt ?? '9999-12-31T00:00:00.000Z',
    };
    for (const [field, key] of Object.entries(keyOf)) {
      for (const direction of ['', '-'] as const) {
        const { rows } = await allPages(`limit=9&sort=${direction}${field}`);
        expect(rows, field).toHaveLength(41);
        expect(new Set(rows.map((row) => row.iid)).size).toBe(41);
        expectSorted(rows.map(key), direction, `${direction}${field}`);
      }
    }
  });

  it('reads the overdue filter from its partial index (each sort: lists/index-per-sort.test.ts)', async () => {
    await expectIndexedOrder(
      t.database,
      await listStatement('dueDate', { overdue: 'true' }),
      'invoices_list_overdue_idx',
      'overdue by due date',
    );
  });

  /** The page's statement as runList shapes it: the sort expression, then the id. */
  async function listStatement(sort: string, filters: { overdue?: string }) {
    const field = sort.replace(/^-/, '');
    const direction = sort.startsWith('-') ? 'DESC' : 'ASC';
    const expression = sortExpressionOf(invoicesListSpec, field);
    const where = filters.overdue
      ? `WHERE i.status = 'issued' AND coalesce(i.due_date, '9999-12-31'::date) < '${today}'::date`
      : '';
    return `SELECT i.iid FROM invoices i ${where}
             ORDER BY ${expression} ${direction}, i.iid ${direction} LIMIT 51`;
  }

  it('filters: status, overdue (derived), kind, year range, currency, source, dates, member', async () => {
    const issued = await allPages('status=issued,uncollectible&limit=200');
    expect(issued.rows.length).toBeGreaterThan(0);
    expect(issued.rows.every((row) => ['issued', 'uncollectible'].includes(row.status))).toBe(true);

    const overdue = await allPages('overdue=true');
    expect(overdue.rows.length).toBeGreaterThan(0);
    expect(
      overdue.rows.every(
        (row) => row.status === 'issued' && row.isOverdue && (row.dueDate ?? '') < today,
      ),
    ).toBe(true);
    const notOverdue = await allPages('overdue=false');
    expect(notOverdue.rows.length + overdue.rows.length).toBe(41);
    expect(notOverdue.rows.some((row) => row.isOverdue)).toBe(false);

    const licences = await allPages('kind=licence&sort=-year');
    expect(licences.rows.every((row) => row.kind === 'licence')).toBe(true);
    const years = await allPages('year=2022..2024');
    expect(years.rows.every((row) => row.year >= 2022 && row.year <= 2024)).toBe(true);
    expect(years.rows.length).toBeGreaterThan(0);
    const euro = await allPages('currency=EUR');
    expect(euro.rows.length).toBeGreaterThan(0);
    expect(euro.rows.every((row) => row.currency === 'EUR')).toBe(true);
    const imported = await allPages('source=csv-import');
    expect(imported.rows.map((row) => row.iid).sort()).toEqual(
      Array.from({ length: 9 }, (_, i) => `inv${String(i * 5).padStart(3, '0')}`),
    );

    const from = addDays(today, -70);
    const recent = await allPages(`issueDate=${from}..`);
    expect(recent.rows.length).toBeGreaterThan(0);
    expect(recent.rows.every((row) => row.issueDate !== null && row.issueDate >= from)).toBe(true);
    const undated = await allPages('issueDate=(empty)');
    expect(undated.rows.length).toBeGreaterThan(0);
    expect(undated.rows.every((row) => row.status === 'draft' && row.issueDate === null)).toBe(
      true,
    );
    const dueSoon = await allPages(`dueDate=..${today}`);
    expect(dueSoon.rows.every((row) => row.dueDate !== null && row.dueDate <= today)).toBe(true);

    const zurich = await allPages('member=m-zurich');
    expect(zurich.rows).toHaveLength(14);
    expect(zurich.rows.every((row) => row.memberName === 'Zürich Spedition AG')).toBe(true);
  });

  it('searches by number prefix, payment reference and member name', async () => {
    const byNumber = await allPages('q=2021-00');
    expect(byNumber.rows.length).toBeGreaterThan(0);
    expect(byNumber.rows.every((row) => row.number.startsWith('2021-00'))).toBe(true);
    const byReference = await allPages('q=RF18 5390 0754 7034');
    expect(byReference.rows.map((row) => row.iid)).toEqual(['inv004']);
    const byName = await allPages('q=zurich%20sped');
    expect(byName.rows).toHaveLength(14);
  });

  it('counts the total exactly when few invoices match, on the first page', async () => {
    const { body } = await list('limit=5');
    expect(body.data).toHaveLength(5);
    const every = await allPages('limit=200');
    expect(body).toMatchObject({ estimatedTotal: every.rows.length, totalIsExact: true });
  });

  it('exports the whole filtered set as CSV with amounts in major units', async () => {
    const [header, ...lines] = await csvExport(
      t,
      '/api/invoices/export?status=paid&sort=number',
      cookie,
      'invoices-',
    );
    expect(header).toBe(
      'Invoice number,Membership number,Member,Kind,Year,Issue date,Due date,Currency,Total,Balance,Status,Overdue,Partially paid,Dunning level,Paid at,Paid amount,Payment method,Source,Id',
    );
    const listed = await allPages('status=paid&sort=number&limit=4');
    expect(lines.map((line) => line.split(',')[0])).toEqual(listed.rows.map((row) => row.number));
    const [first] = listed.rows;
    if (!first) throw new Error('no paid invoice listed');
    // Issue 16: a paid invoice's balance is 0.00, and it is not partially paid.
    expect(lines[0]).toContain(`,${(Number(first.totalMinor) / 100).toFixed(2)},0.00,paid,no,no,`);
    expectInvalid(
      await t.app.inject({
        url: '/api/invoices/export?issueDate=yesterday..',
        headers: { cookie },
      }),
      'query.issueDate',
    );
  });

  it('answers 400 naming the field and the rule for a bad sort, filter or cursor', async () => {
    expectInvalid(await list('sort=memberName'), 'query.sort', 'invalid_value');
    expectInvalid(await list('status=sleeping'), 'query.status', 'invalid_value');
    expectInvalid(await list('overdue=maybe'), 'query.overdue', 'invalid_value');
    expectInvalid(await list('currency=GBP'), 'query.currency', 'invalid_value');
    expectInvalid(await list('year=twenty..'), 'query.year', 'invalid_type');
    expectInvalid(await list('dueDate=2026-13-45..'), 'query.dueDate', 'invalid_format');
    expectInvalid(await list('cursor=bm90LWEtY3Vyc29y'), 'query.cursor', 'invalid_format');
    expectInvalid(await list('limit=5000'), 'query.limit', 'too_big');
  });
  // Issue 18: the filters the reports drill down to, each against the rows read straight from
  // the tables.
  describe('drill-down filters: region, memberCountry, memberCategory, paidAt', () => {
    type Stored = {
      iid: string;
      region: string | null;
      country: string | null;
      category: string | null;
      paid_at: Date | null;
    };
    let stored: Stored[];
    const iids = (rows: { iid: string }[]) => rows.map((row) => row.iid).sort();
    const dayAtHeadquarters = (time: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(time);

    beforeAll(async () => {
      const { db } = t.database;
      await insertMembers(db, [
        {
          mid: 'm-tokyo',
          number: 'M-000003',
          category: 'group',
          status: 'active',
          legal_name: 'Tokyo Forwarders Group',
          country_iso2: 'JP',
        },
        {
          mid: 'm-boston',
          number: 'M-000004',
          category: 'honorary',
          status: 'active',
          legal_name: 'Boston Honorary Member',
          country_iso2: 'US',
          // Deleted since: its invoices still count where it is now.
          deleted_at: new Date(),
        },
      ]);
      // Paid around midnight at headquarters (CEST, UTC+2): 31 March 23:30 and 1 April 00:30.
      const paidTimes = ['2025-03-31T21:30:00Z', '2025-03-31T22:30:00Z', '2025-04-01T21:59:59Z'];
      await db
        .insertInto('invoices')
        .values(
          paidTimes.map((paidAt, i) => ({
            iid: `drill${i}`,
            number: `2025-${String(900 + i).padStart(6, '0')}`,
            member_mid: i === 0 ? 'm-boston' : 'm-tokyo',
            kind: 'membership' as const,
            year: 2025,
            issue_date: '2025-03-01',
            due_date: '2025-03-31',
            currency: 'CHF',
            total_minor: 10_000,
            status: 'paid' as const,
            paid_at: new Date(paidAt),
            paid_amount_minor: 10_000,
            paid_method: 'bank-transfer' as const,
            source: 'generated' as const,
          })),
        )
        .execute();
      stored = await db
        .selectFrom('invoices as i')
        .leftJoin('members as m', 'm.mid', 'i.member_mid')
        .leftJoin('countries as c', 'c.iso2', 'm.country_iso2')
        .select(['i.iid', 'c.region', 'm.country_iso2 as country', 'm.category', 'i.paid_at'])
        .execute();
    });

    it('region, memberCountry, memberCategory: the invoices of the members matching', async () => {
      const cases: [string, (row: Stored) => boolean][] = [
        ['region=europe', (row) => row.region === 'europe'],
        [
          'region=americas,asia-pacific',
          (row) => row.region === 'americas' || row.region === 'asia-pacific',
        ],
        ['memberCountry=CH,US', (row) => row.country === 'CH' || row.country === 'US'],
        ['memberCategory=association', (row) => row.category === 'association'],
        [
          'region=europe&memberCategory=individual,group',
          (row) => row.region === 'europe' && row.category === 'individual',
        ],
        ['memberCountry=JP&status=paid', (row) => row.country === 'JP'],
      ];
      for (const [query, matches] of cases) {
        const { rows } = await allPages(`${query}&limit=200`);
        const expected = stored.filter(matches);
        expect(expected.length, query).toBeGreaterThan(0);
        expect(iids(rows), query).toEqual(iids(expected));
      }
      expect(iids((await allPages('region=americas')).rows)).toEqual(['drill0']);
    });

    it('reads the same invoices as a semi-join on members (the form for many members)', async () => {
      for (const query of ['region=europe', 'memberCountry=JP,US', 'memberCategory=group']) {
        const filters: Parameters<typeof invoicesListFor>[0] = Object.fromEntries(
          new URLSearchParams(query),
        );
        const params = { limit: 200, ...filters };
        // Without the members named one by one (more than 1,000 match at scale).
        const semiJoin = await runList(t.database.db, invoicesListFor(params), params);
        const { rows } = await allPages(`${query}&limit=200`);
        expect(iids(semiJoin.data), query).toEqual(iids(rows));
      }
    });

    it('paidAt: the days paid at headquarters (Europe/Zurich), a range or (empty)', async () => {
      const cases: [string, (day: string) => boolean][] = [
        ['2025-03-31', (day) => day === '2025-03-31'],
        ['2025-04-01', (day) => day === '2025-04-01'],
        ['2025-03-31..2025-04-01', (day) => day >= '2025-03-31' && day <= '2025-04-01'],
        ['2025-04-01..', (day) => day >= '2025-04-01'],
        ['..2025-01-10', (day) => day <= '2025-01-10'],
        ['2025-01-05,2025-04-01', (day) => day === '2025-01-05' || day === '2025-04-01'],
      ];
      for (const [filter, matches] of cases) {
        const { rows } = await allPages(`paidAt=${filter}&limit=200`);
        const expected = stored.filter(
          (row) => row.paid_at !== null && matches(dayAtHeadquarters(row.paid_at)),
        );
        expect(expected.length, filter).toBeGreaterThan(0);
        expect(iids(rows), filter).toEqual(iids(expected));
      }
      expect(iids((await allPages('paidAt=2025-04-01')).rows)).toEqual(['drill1', 'drill2']);
      const { rows } = await allPages('paidAt=(empty)&limit=200');
      expect(iids(rows)).toEqual(iids(stored.filter((row) => row.paid_at === null)));
    });

    it('answers 400 naming the filter for a bad value', async () => {
      expectInvalid(await list('region=mars'), 'query.region', 'invalid_value');
      expectInvalid(await list('memberCountry=che'), 'query.memberCountry', 'invalid_value');
      expectInvalid(await list('memberCategory=vip'), 'query.memberCategory', 'invalid_value');
      expectInvalid(await list('paidAt=2025-02-30'), 'query.paidAt', 'invalid_format');
      expectInvalid(await list('paidAt=..'), 'query.paidAt', 'invalid_format');
    });
  });
});
