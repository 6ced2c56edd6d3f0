import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { insertMembers, memberRow } from '../../test/fixtures';
import { csvExport, expectSorted, listEndpoint, type ListPage } from '../../test/lists';
import {
  apiAs,
  expectConflict,
  expectForbidden,
  expectInvalid,
  issuesOf,
  type ErrorBody,
} from '../../test/requests';
import { loadCountries } from '../seed/countries';
import { auditEntriesOf } from '../../test/audit';

type Country = {
  iso2: string;
  name: string;
  region: string;
  incomeGroup: string | null;
  feeCategory: string | null;
  defaultCurrency: string | null;
  nationalAssociation: { mid: string; legalName: string } | null;
  active: boolean;
  memberCount: number;
  activeMemberCount: number;
  version: number;
  updatedBy: string | null;
};
type Page = ListPage<Country>;

describe('/api/countries', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'desk@example.org', ['membership']);
    await loadCountries(t.database.pool);
    const member = (
      mid: string,
      category: 'association' | 'individual',
      country: string,
      status: 'active' | 'suspended' = 'active',
    ) =>
      memberRow(mid, { category, status, legal_name: `${mid} Spedition`, country_iso2: country });
    await insertMembers(t.database.db, [
      member('asso-ch', 'association', 'CH'),
      member('asso-ch-old', 'association', 'CH', 'suspended'),
      member('asso-de', 'association', 'DE'),
      member('firm-ch', 'individual', 'CH'),
    ]);
  });
  afterAll(() => t.close());

  const get = <T = Page>(url: string) => apiAs(t, cookie).get<T>(url);
  const patch = (iso2: string, payload: object, as = cookie) =>
    apiAs(t, cookie).patch<Country & ErrorBody>(`/api/countries/${iso2}`, payload, as);

  it('seeds every field: World Bank income group, its fee category, ISO 4217 currencies', async () => {
    const { body: ch } = await get<Country>('/api/countries/ch');
    expect(ch).toMatchObject({
      iso2: 'CH',
      name: 'Switzerland',
      region: 'europe',
      incomeGroup: 'high',
      feeCategory: 'A',
      defaultCurrency: 'CHF',
      memberCount: 3,
      activeMemberCount: 2,
    });
    expect((await get<Country>('/api/countries/ET')).body).toMatchObject({
      incomeGroup: 'low',
      feeCategory: 'D',
    });
    // world-countries gives the Cook Islands "CKD", which ISO 4217 does not know.
    expect((await get<Country>('/api/countries/CK')).body.defaultCurrency).toBe('NZD');
    const currencies = await t.database.db
      .selectFrom('countries')
      .select(['iso2', 'default_currency'])
      .execute();
    const known = new Set(Intl.supportedValuesOf('currency'));
    expect(
      currencies.filter((row) => !row.default_currency || !known.has(row.default_currency)),
    ).toEqual([]);
    const unclassified = await t.database.db
      .selectFrom('countries')
      .select('iso2')
      .where('income_group', 'is', null)
      .execute();
    // Territories the World Bank does not classify on their own (and Venezuela) stay empty.
    expect(unclassified.length).toBeLessThan(40);
    expect(unclassified.map((row) => row.iso2)).toContain('VE');
  });

  it('lists, pages, sorts, filters and searches', async () => {
    const { rows: all } = await listEndpoint<Country>(t, '/api/countries', cookie).allPages(
      'limit=100',
    );
    expect(all.length).toBeGreaterThan(240);
    expectSorted(all.map((row) => row.name));

    const europe = await get('/api/countries?region=europe&limit=200&sort=-iso2');
    expect(europe.body.data.every((row) => row.region === 'europe')).toBe(true);
    expect((europe.body.data[0]?.iso2 ?? '') > (europe.body.data.at(-1)?.iso2 ?? '')).toBe(true);

    const byIncome = await get(
      '/api/countries?sort=incomeGroup,name&limit=200&region=africa-middle-east',
    );
    const ranks = byIncome.body.data.map((row) =>
      ['low', 'lower-middle', 'upper-middle', 'high', null].indexOf(row.incomeGroup),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    const lowOrB = await get('/api/countries?incomeGroup=low&feeCategory=D&limit=200');
    expect(lowOrB.body.data.length).toBeGreaterThan(20);
    expect(lowOrB.body.data.every((row) => row.feeCategory === 'D')).toBe(true);

    for (const q of ['switz', 'CH', 'che', 'Swiss Conf']) {
      const found = await get(`/api/countries?q=${encodeURIComponent(q)}`);
      expect(
        found.body.data.map((row) => row.iso2),
        q,
      ).toContain('CH');
    }
    // % and _ are letters here, not wildcards.
    const percent = await get('/api/countries?q=1%25');
    expect(percent.body.data).toEqual([]);

    const bad = await get<ErrorBody>('/api/countries?region=mars');
    expectInvalid(bad, 'query.region', 'invalid_value');
    expect(issuesOf(bad.body)).toHaveLength(1);
  });

  it('sets a national association only to an active association member of the country', async () => {
    const ch = (await get<Country>('/api/countries/CH')).body;
    const refusals = [
      ['firm-ch', 'association'],
      ['asso-de', 'same-country'],
      ['asso-ch-old', 'active'],
      ['nobody', 'exists'],
    ] as const;
    for (const [mid, rule] of refusals) {
      const { status, body } = await patch('CH', {
        version: ch.version,
        nationalAssociationMid: mid,
      });
      expect(status, mid).toBe(400);
      expect(issuesOf(body)).toEqual([`body.nationalAssociationMid:${rule}`]);
    }
    const set = await patch('CH', { version: ch.version, nationalAssociationMid: 'asso-ch' });
    expect(set.status).toBe(200);
    expect(set.body.nationalAssociation).toMatchObject({
      mid: 'asso-ch',
      legalName: 'asso-ch Spedition',
    });
    expect(set.body.version).toBe(ch.version + 1);

    const listed = await get('/api/countries?hasNationalAssociation=true');
    expect(listed.body.data.map((row) => row.iso2)).toEqual(['CH']);
  });

  it('edits fee category and currency with the version read, audited; a stale version is a 409', async () => {
    const ch = (await get<Country>('/api/countries/CH')).body;
    const edited = await patch('CH', {
      version: ch.version,
      feeCategory: 'B',
      defaultCurrency: 'eur',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      feeCategory: 'B',
      defaultCurrency: 'EUR',
      updatedBy: 'desk@example.org',
    });

    const stale = await patch('CH', { version: ch.version, feeCategory: 'C' });
    expectConflict(
      stale,
      /^Switzerland \(CH\) was changed by desk@example\.org at \d{4}-\d\d-\d\d \d\d:\d\d UTC since you opened it\. Reload to see the change\.$/,
    );

    const badCurrency = await patch('CH', { version: edited.body.version, defaultCurrency: 'EUX' });
    expectInvalid(badCurrency, 'body.defaultCurrency');

    const audit = await auditEntriesOf(t.database.db, 'countries', 'CH')
      .select(['action', 'before', 'after', 'actor_kind'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'update',
      actor_kind: 'operator',
      before: { fee_category: 'A', default_currency: 'CHF' },
      after: { fee_category: 'B', default_currency: 'EUR' },
    });

    const inB = await get('/api/countries?feeCategory=B&q=switzerland');
    expect(inB.body.data.map((row) => row.iso2)).toEqual(['CH']);
  });

  it('edits the language a country’s new members take, audited (issue 17)', async () => {
    const fr = (await get<Country & { language: string }>('/api/countries/FR')).body;
    expect(fr.language).toBe('fr');
    expect((await get<Country & { language: string }>('/api/countries/AR')).body.language).toBe(
      'es',
    );
    const be = (await get<Country & { language: string }>('/api/countries/BE')).body;
    expect(be.language).toBe('fr');
    const edited = await patch('BE', { version: be.version, language: 'de' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ language: 'de', version: be.version + 1 });
    const audit = await auditEntriesOf(t.database.db, 'countries', 'BE')
      .select(['action', 'before', 'after'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'update',
      before: { language: 'fr' },
      after: { language: 'de' },
    });
    // A new member of the country takes its language now; existing members keep theirs.
    await insertMembers(t.database.db, [
      memberRow('firm-be', { legal_name: 'Anvers Shipping NV', country_iso2: 'BE' }),
    ]);
    const firm = await t.database.db
      .selectFrom('members')
      .select('preferred_language')
      .where('mid', '=', 'firm-be')
      .executeTakeFirstOrThrow();
    expect(firm.preferred_language).toBe('de');

    expectInvalid(
      await patch('BE', { version: be.version + 1, language: 'nl' }),
      'body.language',
      'invalid_value',
    );
  });

  it('keeps member counts as members arrive, move, leave and are deleted', async () => {
    const { list } = listEndpoint<Country>(t, '/api/countries', cookie);
    const countOf = async (iso2: string) =>
      (await list(`q=${iso2}`)).body.data.find((row) => row.iso2 === iso2)?.memberCount;
    const [chBefore, atBefore] = [await countOf('CH'), await countOf('AT')];
    await insertMembers(t.database.db, [
      memberRow('count-1', { country_iso2: 'AT' }),
      memberRow('count-2', { country_iso2: 'AT' }),
    ]);
    expect(await countOf('AT')).toBe((atBefore ?? 0) + 2);
    await t.database.db
      .updateTable('members')
      .set({ country_iso2: 'CH' })
      .where('mid', '=', 'count-1')
      .execute();
    expect([await countOf('AT'), await countOf('CH')]).toEqual([
      (atBefore ?? 0) + 1,
      (chBefore ?? 0) + 1,
    ]);
    await t.database.db
      .updateTable('members')
      .set({ deleted_at: new Date() })
      .where('mid', 'in', ['count-1', 'count-2'])
      .execute();
    expect([await countOf('AT'), await countOf('CH')]).toEqual([atBefore, chBefore]);
    await t.database.db.deleteFrom('members').where('mid', 'in', ['count-1', 'count-2']).execute();
    expect([await countOf('AT'), await countOf('CH')]).toEqual([atBefore, chBefore]);
  });

  it('exports the filtered list as CSV', async () => {
    const lines = await csvExport(
      t,
      '/api/countries/export?region=europe&sort=iso2',
      cookie,
      'countries-',
    );
    expect(lines[0]).toBe(
      'ISO 3166 alpha-2,ISO 3166 alpha-3,Country,Region,Income group,Fee category,Default currency,National association number,National association,Active,Members',
    );
    const ch = lines.find((line) => line.startsWith('CH,'));
    expect(ch).toBe('CH,CHE,Switzerland,europe,high,B,EUR,M-asso-ch,asso-ch Spedition,yes,3');
    expect(lines.length).toBeGreaterThan(40);
  });

  it('lets only roles with countries.edit change a country', async () => {
    const finance = await signInAsNewOperator(t, 'finance@example.org', ['finance']);
    expectForbidden(await patch('DE', { version: 1, feeCategory: 'B' }, finance), 'countries.edit');
  });
});
