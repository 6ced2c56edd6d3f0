import type { TCertificateListItem } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { csvExport, expectSorted, listEndpoint } from '../../test/lists';
import { expectInvalid } from '../../test/requests';
import { loadCountries } from '../seed/countries';
import { addMember, thisYear } from './test-support';

const statuses = ['issued', 'revoked', 'superseded', 'issued', 'pending'] as const;
const types = ['membership', 'membership', 'document-licence', 'diploma'] as const;

describe('GET /api/certificates', () => {
  let t: TestApp;
  let cookie: string;
  const members: { mid: string; number: string; name: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'cert-lister@example.org', ['read-only']);
    await loadCountries(t.database.pool);
    const names = [
      'Zürich Spedition AG',
      'Alpha Cargo Ltd',
      'Beta Freight GmbH',
      'Gamma Logistics',
    ];
    for (const name of names) {
      const member = await addMember(t.database.db, { legalName: name });
      members.push({ ...member, name });
    }
    await t.database.db
      .insertInto('certificates')
      .values(
        Array.from({ length: 29 }, (_, i) => {
          // Each member's rows are of different years (one issued membership per member and year).
          const year = thisYear - Math.floor(i / 4);
          const member = members[i % members.length];
          const type = types[i % types.length] ?? 'membership';
          return {
            cid: `cert${String(i).padStart(3, '0')}`,
            number: `C-${year}-${String(500 + i).padStart(6, '0')}`,
            member_mid: member?.mid ?? '',
            type,
            document_code: type === 'document-licence' ? 'FBL' : null,
            year,
            valid_from: `${year}-01-01`,
            valid_to: `${year}-12-31`,
            status: statuses[i % statuses.length] ?? 'issued',
            invoice_iid: null,
            issued_at:
              statuses[i % statuses.length] === 'pending'
                ? null
                : new Date(Date.UTC(year, 1, 1 + i, 10, 0, 0, i)),
            issued_by: 'system',
            pdf_file: null,
            verification_code: `TST${'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[i]}-2222-TEST`,
            revocation_reason: null,
            created_at: new Date(),
            updated_at: new Date(),
            created_by: 'system',
            updated_by: 'system',
          };
        }),
      )
      .execute();
  });
  afterAll(() => t.close());

  /** Every certificate of a query, following the cursors, and the number of pages. */
  const allPages = (query: string) =>
    listEndpoint<TCertificateListItem>(t, '/api/certificates', cookie).allPages(query);

  it('pages through every certificate once, newest number first by default', async () => {
    const { rows, pages } = await allPages('limit=8');
    expect(pages).toBe(4);
    expect(rows).toHaveLength(29);
    expect(new Set(rows.map((row) => row.cid)).size).toBe(29);
    expectSorted(
      rows.map((row) => row.number),
      '-',
    );
    // The member's name (filled in from the member) and its number come with each row.
    expect(rows.find((row) => row.cid === 'cert000')).toMatchObject({
      memberName: 'Zürich Spedition AG',
      memberNumber: members[0]?.number,
      countryIso2: 'CH',
    });
  });

  it.each([
    ['memberName', (row: TCertificateListItem): string | number => row.memberName],
    ['type', (row: TCertificateListItem): string | number => row.type],
    ['year', (row: TCertificateListItem): string | number => row.year],
    ['validTo', (row: TCertificateListItem): string | number => row.validTo],
    ['issuedAt', (row: TCertificateListItem): string | number => row.issuedAt ?? '9999'],
  ] as const)('sorts by %s both ways, across pages', async (field, keyOf) => {
    for (const direction of ['', '-'] as const) {
      const { rows } = await allPages(`limit=6&sort=${direction}${field}`);
      expect(rows).toHaveLength(29);
      expectSorted(rows.map(keyOf), direction);
    }
  });

  it('sorts by status (stored) and keeps ties in id order', async () => {
    const { rows } = await allPages('limit=5&sort=status');
    expect(rows).toHaveLength(29);
    const pending = rows.filter((row) => row.status === 'pending');
    expect(pending.length).toBeGreaterThan(0);
  });

  it('filters by status, type, year range and member', async () => {
    const revoked = await allPages('status=revoked');
    expect(revoked.rows.length).toBeGreaterThan(0);
    expect(revoked.rows.every((row) => row.status === 'revoked')).toBe(true);

    const diplomas = await allPages('type=diploma,document-licence');
    expect(diplomas.rows.every((row) => row.type !== 'membership')).toBe(true);
    expect(diplomas.rows.some((row) => row.documentCode === 'FBL')).toBe(true);

    const recent = await allPages(`year=${thisYear - 1}..${thisYear}`);
    expect(recent.rows.every((row) => row.year >= thisYear - 1)).toBe(true);
    expect(recent.rows).toHaveLength(8);

    const ofMember = await allPages(`member=${members[1]?.mid}`);
    expect(ofMember.rows.map((row) => row.memberName)).toEqual(
      Array.from({ length: ofMember.rows.length }, () => 'Alpha Cargo Ltd'),
    );
    expect(ofMember.rows.length).toBe(7);
  });

  it('searches by number prefix, exact verification code and member name words', async () => {
    const byNumber = await allPages(`q=${encodeURIComponent(`c-${thisYear}-00050`)}`);
    expect(byNumber.rows).toHaveLength(4);
    expect(byNumber.rows.every((row) => row.number.startsWith(`C-${thisYear}-00050`))).toBe(true);

    const byCode = await allPages(`q=${encodeURIComponent('tsth-2222-test')}`);
    expect(byCode.rows.map((row) => row.cid)).toEqual(['cert007']);

    const byName = await allPages(`q=${encodeURIComponent('zurich sped')}`);
    expect(byName.rows.length).toBe(8);
    expect(byName.rows.every((row) => row.memberName === 'Zürich Spedition AG')).toBe(true);
  });

  it('refuses an unknown sort or a bad filter with a 400 naming the parameter', async () => {
    const { list } = listEndpoint(t, '/api/certificates', cookie);
    expectInvalid(await list('sort=secret'), 'query.sort', 'invalid_value');
    expectInvalid(await list('status=lost'), 'query.status', 'invalid_value');
  });

  it('exports the whole filtered set as CSV', async () => {
    const lines = await csvExport(
      t,
      '/api/certificates/export?status=issued&sort=number',
      cookie,
      'certificates-',
    );
    expect(lines[0]).toContain('Certificate number,Member,Membership number');
    const issuedCount = (await allPages('status=issued')).rows.length;
    expect(lines).toHaveLength(issuedCount + 1);
  });
  // Issue 18: the reports drill down to the certificates issued on days at headquarters.
  describe('drill-down filter: issuedAt', () => {
    let stored: { cid: string; issued_at: Date | null }[];
    const cids = (rows: { cid: string }[]) => rows.map((row) => row.cid).sort();
    const dayAtHeadquarters = (time: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(time);

    beforeAll(async () => {
      const { db } = t.database;
      // Around midnight at headquarters (CET, UTC+1): 31 December 23:30 and 1 January 00:30.
      const times: [string, string][] = [
        ['cert001', '2024-12-31T22:30:00Z'],
        ['cert002', '2024-12-31T23:30:00Z'],
      ];
      for (const [cid, time] of times) {
        await db
          .updateTable('certificates')
          .set({ issued_at: new Date(time) })
          .where('cid', '=', cid)
          .execute();
      }
      stored = await db.selectFrom('certificates').select(['cid', 'issued_at']).execute();
    });

    it('the days issued at headquarters (Europe/Zurich), a range or (empty)', async () => {
      const cases: [string, (day: string) => boolean][] = [
        ['2024-12-31', (day) => day === '2024-12-31'],
        ['2025-01-01', (day) => day === '2025-01-01'],
        [`${thisYear - 1}-01-01..`, (day) => day >= `${thisYear - 1}-01-01`],
        [`..${thisYear - 3}-12-31`, (day) => day <= `${thisYear - 3}-12-31`],
      ];
      for (const [filter, matches] of cases) {
        const { rows } = await allPages(`issuedAt=${filter}&limit=200`);
        const expected = stored.filter(
          (row) => row.issued_at !== null && matches(dayAtHeadquarters(row.issued_at)),
        );
        expect(expected.length, filter).toBeGreaterThan(0);
        expect(cids(rows), filter).toEqual(cids(expected));
      }
      expect(cids((await allPages('issuedAt=2025-01-01')).rows)).toEqual(['cert002']);
      const { rows } = await allPages('issuedAt=(empty)');
      expect(cids(rows)).toEqual(cids(stored.filter((row) => row.issued_at === null)));
      expect(rows.every((row) => row.status === 'pending')).toBe(true);
    });

    it('answers 400 naming the filter for a bad value', async () => {
      const { list } = listEndpoint(t, '/api/certificates', cookie);
      expectInvalid(await list('issuedAt=2025-13-01'), 'query.issuedAt', 'invalid_format');
      expectInvalid(await list('issuedAt=last-year..'), 'query.issuedAt', 'invalid_format');
    });
  });
});
