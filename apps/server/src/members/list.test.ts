import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { csvExport, expectSorted, listEndpoint } from '../../test/lists';
import { expectInvalid } from '../../test/requests';
import type { MemberStatus } from '../db/schema';
import { loadCountries } from '../seed/countries';
import { insertMembers } from '../../test/fixtures';

type Row = {
  mid: string;
  number: string;
  status: string;
  joinedOn: string | null;
  preferredLanguage: string;
};

const statuses: MemberStatus[] = ['active', 'overdue', 'suspended', 'active', 'pending-payment'];

describe('GET /api/members', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'lister@example.org');
    await loadCountries(t.database.pool);
    await insertMembers(
      t.database.db,
      Array.from({ length: 37 }, (_, i) => ({
        mid: `mid${String(i).padStart(3, '0')}`,
        number: `M-${String(1000 - i).padStart(6, '0')}`,
        category: i % 9 === 0 ? ('association' as const) : ('individual' as const),
        status: statuses[i % statuses.length] ?? 'active',
        legal_name: i === 7 ? 'Zürich Spedition AG' : `Carrier ${i}`,
        country_iso2: i % 4 === 0 ? null : i % 2 === 0 ? 'CH' : 'DE',
        joined_on: i % 6 === 0 ? null : `20${String(10 + (i % 12)).padStart(2, '0')}-03-01`,
        paid_through_year: i % 5 === 0 ? null : 2020 + (i % 7),
        deleted_at: i === 36 ? new Date() : null,
      })),
    );
  });
  afterAll(() => t.close());

  const list = (query: string) => listEndpoint<Row>(t, '/api/members', cookie).list(query);
  const allPages = (query: string) => listEndpoint<Row>(t, '/api/members', cookie).allPages(query);

  it('pages through every live member once, in the order asked, by cursor', async () => {
    const { rows, pages } = await allPages('limit=10');
    expect(pages).toBe(4);
    expect(rows).toHaveLength(36); // the soft-deleted one is not listed
    expect(new Set(rows.map((row) => row.mid)).size).toBe(36);
    expectSorted(rows.map((row) => row.number));
  });

  it('sorts by several fields in mixed directions, empty values last, and pages stay whole', async () => {
    const { rows } = await allPages('limit=7&sort=status,-joinedOn');
    expect(rows).toHaveLength(36);
    for (let i = 1; i < rows.length; i++) {
      const [before, after] = [rows[i - 1], rows[i]];
      if (!before || !after) continue;
      expect(before.status <= after.status).toBe(true);
      if (before.status === after.status) {
        // Descending, with no date sorting as the last date of all (so it comes first here).
        const key = (date: string | null) => date ?? '9999-12-31';
        expect(key(before.joinedOn) >= key(after.joinedOn)).toBe(true);
      }
    }
  });

  it('filters by one of, by range and by empty', async () => {
    const overdue = await allPages('status=overdue,suspended&limit=200');
    expect(overdue.rows.every((row) => ['overdue', 'suspended'].includes(row.status))).toBe(true);
    expect(overdue.rows.length).toBeGreaterThan(0);

    const joined = await allPages('joinedOn=2012-01-01..2014-12-31');
    expect(joined.rows.length).toBeGreaterThan(0);
    expect(
      joined.rows.every((row) => row.joinedOn && row.joinedOn >= '2012' && row.joinedOn < '2015'),
    ).toBe(true);

    const noDate = await allPages('joinedOn=(empty)');
    expect(noDate.rows.length).toBeGreaterThan(0);
    expect(noDate.rows.every((row) => row.joinedOn === null)).toBe(true);
  });

  it('shows, filters and sorts by the preferred language (issue 17)', async () => {
    // The insert trigger: Swiss and German members German, members without a country English.
    const german = await allPages('language=de&limit=200');
    expect(german.rows.length).toBeGreaterThan(0);
    expect(german.rows.every((row) => row.preferredLanguage === 'de')).toBe(true);
    const english = await allPages('language=en,fr&limit=200');
    expect(english.rows.length + german.rows.length).toBe(36);
    const { rows } = await allPages('sort=-language,number&limit=9');
    expectSorted(
      rows.map((row) => row.preferredLanguage),
      '-',
    );
    expectInvalid(await list('language=it'), 'query.language');
  });

  it('finds by words, accents ignored, the last one as a prefix', async () => {
    const { rows } = await allPages('q=zurich%20sped');
    expect(rows.map((row) => row.mid)).toEqual(['mid007']);
  });

  it('counts the total exactly when few members match, on the first page', async () => {
    const { body } = await list('limit=5');
    expect(body.data).toHaveLength(5);
    expect(body).toMatchObject({ estimatedTotal: 36, totalIsExact: true });
    const filtered = await list('limit=5&status=overdue,suspended');
    const overdue = await allPages('status=overdue,suspended&limit=200');
    expect(filtered.body).toMatchObject({
      estimatedTotal: overdue.rows.length,
      totalIsExact: true,
    });
  });

  it('exports the whole filtered set as CSV, in the list order, past any page size', async () => {
    const [header, ...lines] = await csvExport(
      t,
      '/api/members/export?status=active,overdue&sort=-number',
      cookie,
      'members-',
    );
    expect(header).toBe(
      'Membership number,Legal name,Trade name,Country code,Country,Category,Status,Joined,Paid through,Language,Id',
    );
    const listed = await allPages('status=active,overdue&sort=-number&limit=3');
    expect(lines.map((line) => line.split(',')[0])).toEqual(listed.rows.map((row) => row.number));
    expect(lines.some((line) => line.includes('Zürich Spedition AG'))).toBe(
      listed.rows.some((row) => row.mid === 'mid007'),
    );

    expectInvalid(
      await t.app.inject({ url: '/api/members/export?joinedOn=yesterday..', headers: { cookie } }),
      'query.joinedOn',
    );
  });

  it('answers 400 naming the field and the rule for a bad sort, filter or cursor', async () => {
    expectInvalid(await list('sort=shoeSize'), 'query.sort', 'invalid_value');
    expectInvalid(await list('status=sleeping'), 'query.status', 'invalid_value');
    expectInvalid(await list('paidThroughYear=twenty..'), 'query.paidThroughYear', 'invalid_type');
    expectInvalid(await list('cursor=bm90LWEtY3Vyc29y'), 'query.cursor', 'invalid_format');
    expectInvalid(await list('limit=5000'), 'query.limit', 'too_big');
  });
  // Issue 18: the filters the reports drill down to, each against the rows read straight from
  // the tables.
  describe('drill-down filters: region, memberOn, terminatedOn', () => {
    type Live = {
      mid: string;
      region: string | null;
      joined_on: string | null;
      terminated_on: string | null;
    };
    let live: Live[];
    const mids = (rows: { mid: string }[]) => rows.map((row) => row.mid).sort();

    beforeAll(async () => {
      const { db } = t.database;
      await db
        .updateTable('members')
        .set({ country_iso2: 'US' })
        .where('mid', '=', 'mid005')
        .execute();
      await db
        .updateTable('members')
        .set({ country_iso2: 'JP' })
        .where('mid', '=', 'mid010')
        .execute();
      const terminations: [string, string, MemberStatus][] = [
        ['mid001', '2015-06-30', 'resigned'],
        ['mid002', '2015-07-01', 'terminated'],
        ['mid003', '2020-01-01', 'resigned'],
        ['mid036', '2015-06-30', 'terminated'], // deleted: never listed
      ];
      for (const [mid, day, status] of terminations) {
        await db
          .updateTable('members')
          .set({ terminated_on: day, status })
          .where('mid', '=', mid)
          .execute();
      }
      live = await db
        .selectFrom('members as m')
        .leftJoin('countries as c', 'c.iso2', 'm.country_iso2')
        .where('m.deleted_at', 'is', null)
        .select(['m.mid', 'c.region', 'm.joined_on', 'm.terminated_on'])
        .execute();
    });

    it('region: the members whose country is in one of the regions', async () => {
      for (const regions of ['europe', 'americas,asia-pacific', 'africa-middle-east']) {
        const { rows } = await allPages(`region=${regions}&limit=200`);
        const expected = live.filter(
          (row) => row.region && regions.split(',').includes(row.region),
        );
        expect(mids(rows), regions).toEqual(mids(expected));
      }
      expect(mids((await allPages('region=americas')).rows)).toEqual(['mid005']);
    });

    it('memberOn: joined on or before the day, not resigned or terminated by then', async () => {
      for (const day of ['2015-06-29', '2015-06-30', '2015-07-01', '2030-01-01', '2009-12-31']) {
        const { rows } = await allPages(`memberOn=${day}&limit=200`);
        const expected = live.filter(
          (row) =>
            row.joined_on !== null &&
            row.joined_on <= day &&
            (row.terminated_on === null || row.terminated_on > day),
        );
        expect(mids(rows), day).toEqual(mids(expected));
      }
      // Terminated on the day: no longer a member that day; the day before, still one.
      expect(mids((await allPages('memberOn=2015-06-30&limit=200')).rows)).not.toContain('mid001');
      expect(mids((await allPages('memberOn=2015-06-29&limit=200')).rows)).toContain('mid001');
    });

    it('terminatedOn: a range of dates, either end open, or (empty)', async () => {
      expect(mids((await allPages('terminatedOn=2015-01-01..2015-12-31')).rows)).toEqual([
        'mid001',
        'mid002',
      ]);
      expect(mids((await allPages('terminatedOn=2016-01-01..')).rows)).toEqual(['mid003']);
      const { rows } = await allPages('terminatedOn=(empty)&limit=200');
      expect(mids(rows)).toEqual(mids(live.filter((row) => row.terminated_on === null)));
    });

    it('combines with the other filters, and the export reads them too', async () => {
      expect(
        mids((await allPages('region=europe&memberOn=2015-06-30&status=resigned')).rows),
      ).toEqual(['mid003']);
      expect(
        mids((await allPages('region=europe&memberOn=2015-06-29&status=resigned')).rows),
      ).toEqual(['mid001', 'mid003']);
      const lines = await csvExport(t, '/api/members/export?region=americas', cookie, 'members');
      expect(lines).toHaveLength(2); // the header and mid005
    });

    it('answers 400 naming the filter for a bad value', async () => {
      expectInvalid(await list('region=mars'), 'query.region', 'invalid_value');
      expectInvalid(await list('memberOn=2025-02-30'), 'query.memberOn', 'invalid_format');
      expectInvalid(
        await list('memberOn=2025-01-01..2025-12-31'),
        'query.memberOn',
        'invalid_format',
      );
      expectInvalid(await list('terminatedOn=soon..'), 'query.terminatedOn', 'invalid_format');
    });
  });
});
