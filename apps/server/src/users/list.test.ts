import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { insertMembers, memberRow } from '../../test/fixtures';
import { csvExport, listEndpoint } from '../../test/lists';
import { expectInvalid } from '../../test/requests';
import { loadCountries } from '../seed/countries';

type Row = {
  uid: string;
  email: string;
  displayName: string | null;
  memberMid: string | null;
  memberName: string | null;
  memberRole: string | null;
  signInMethods: string[];
  lastSignInAt: string | null;
  disabled: boolean;
  isOperator: boolean;
  createdAt: string;
};

const roles = ['owner', 'admin', 'staff', null] as const;
const methods = [['password'], ['emailLink'], ['password', 'microsoft'], []];

describe('GET /api/users', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'lister@example.org');
    await loadCountries(t.database.pool);
    await insertMembers(
      t.database.db,
      ['Zeta Freight', 'Alpha Cargo', 'Mistral Logistik'].map((name, i) =>
        memberRow(`mid${i}`, { legal_name: name }),
      ),
    );
    await t.database.db
      .insertInto('users')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          uid: `uid${String(i).padStart(3, '0')}`,
          email: `person${String(29 - i).padStart(2, '0')}@example.com`,
          display_name: i % 5 === 0 ? null : i === 7 ? 'Jürgen Spediteur' : `Person ${i % 11}`,
          member_mid: roles[i % 4] ? `mid${i % 3}` : null,
          member_role: roles[i % 4] ?? null,
          sign_in_methods: methods[i % 4],
          // Microseconds on purpose: cursors carry JavaScript dates (milliseconds).
          last_sign_in_at:
            i % 6 === 0 ? null : `2025-0${1 + (i % 6)}-1${i % 10} 10:00:00.${123456 + i}+00`,
          disabled: i % 7 === 0,
          created_at: `2024-01-01 00:00:00.${100001 + (i % 3)}+00`,
          deleted_at: i === 29 ? new Date() : null,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  /** Every user of a query, following the cursors. */
  const allPages = async (query: string) =>
    (await listEndpoint<Row>(t, '/api/users', cookie).allPages(query)).rows;

  it('pages through every live user once, by e-mail, with member, role and operator status', async () => {
    const rows = await allPages('limit=7');
    // 29 live test users and the signed-in operator; the deleted one is not listed.
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((row) => row.uid)).size).toBe(30);
    const emails = rows.map((row) => row.email);
    expect(emails).toEqual([...emails].sort());
    const lister = rows.find((row) => row.email === 'lister@example.org');
    expect(lister?.isOperator).toBe(true);
    const owner = rows.find((row) => row.uid === 'uid004');
    expect(owner).toMatchObject({
      memberMid: 'mid1',
      memberName: 'Alpha Cargo',
      memberRole: 'owner',
    });
  });

  it.each([
    ['displayName', (row: Row) => row.displayName ?? '~~'],
    ['member', (row: Row) => row.memberName ?? '~~'],
    ['lastSignIn', (row: Row) => row.lastSignInAt ?? '1970-01-01T00:00:00.000Z'],
    ['created', (row: Row) => row.createdAt],
  ] as const)(
    'sorts by %s both ways, pages whole even where times share a millisecond',
    async (field, key) => {
      for (const direction of ['', '-']) {
        const rows = await allPages(`limit=4&sort=${direction}${field}`);
        expect(rows).toHaveLength(30);
        expect(new Set(rows.map((row) => row.uid)).size).toBe(30);
        if (field === 'displayName' || field === 'member') {
          // The database's collation orders text; check only the empty values' place: together,
          // last going up and first going down.
          const empty = rows.map((row) => key(row) === '~~');
          expect(empty.some(Boolean)).toBe(true);
          const sorted = [...empty].sort((a, b) => Number(a) - Number(b));
          expect(empty).toEqual(direction ? sorted.reverse() : sorted);
          continue;
        }
        for (let i = 1; i < rows.length; i++) {
          const [before, after] = [key(rows[i - 1] as Row), key(rows[i] as Row)];
          const inOrder = direction ? before >= after : before <= after;
          expect(inOrder, `${before} then ${after}`).toBe(true);
        }
      }
    },
  );

  it('keeps times to the millisecond and never-signed-in users last in a newest-first sort', async () => {
    const rows = await allPages('sort=-lastSignIn&limit=200');
    const firstNever = rows.findIndex((row) => row.lastSignInAt === null);
    expect(firstNever).toBeGreaterThan(0);
    expect(rows.slice(firstNever).every((row) => row.lastSignInAt === null)).toBe(true);
  });

  it('filters by disabled, role, sign-in methods, member and last sign-in days', async () => {
    const disabled = await allPages('disabled=true');
    expect(disabled.length).toBeGreaterThan(0);
    expect(disabled.every((row) => row.disabled)).toBe(true);

    const owners = await allPages('role=owner,admin');
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.every((row) => ['owner', 'admin'].includes(row.memberRole ?? ''))).toBe(true);
    const noRole = await allPages('role=(empty)');
    expect(noRole.every((row) => row.memberRole === null)).toBe(true);

    const microsoft = await allPages('signInMethods=microsoft');
    expect(microsoft.length).toBeGreaterThan(0);
    expect(microsoft.every((row) => row.signInMethods.includes('microsoft'))).toBe(true);
    const none = await allPages('signInMethods=(empty)');
    expect(none.length).toBeGreaterThan(0);
    expect(none.every((row) => row.signInMethods.length === 0)).toBe(true);

    const ofMember = await allPages('member=mid2');
    expect(ofMember.length).toBeGreaterThan(0);
    expect(ofMember.every((row) => row.memberMid === 'mid2')).toBe(true);

    // Whole days: a sign-in at 10:00 on the last day of the range is in it.
    const february = await allPages('lastSignIn=2025-02-01..2025-02-19');
    expect(february.length).toBeGreaterThan(0);
    expect(february.every((row) => row.lastSignInAt?.startsWith('2025-02'))).toBe(true);
    const never = await allPages('lastSignIn=(empty)');
    expect(never.every((row) => row.lastSignInAt === null)).toBe(true);
  });

  it('finds users by name, accents ignored, by e-mail and by their member name', async () => {
    expect((await allPages('q=jurgen%20sped')).map((row) => row.uid)).toEqual(['uid007']);
    expect((await allPages('q=person03%40example.com')).map((row) => row.email)).toEqual([
      'person03@example.com',
    ]);
    const ofMistral = await allPages('q=mistral');
    expect(ofMistral.length).toBeGreaterThan(0);
    expect(ofMistral.every((row) => row.memberMid === 'mid2')).toBe(true);
  });

  it('follows a renamed member in the member column and its sort', async () => {
    await t.database.db
      .updateTable('members')
      .set({ legal_name: 'Aardvark Shipping' })
      .where('mid', '=', 'mid0')
      .execute();
    const rows = await allPages('sort=member&limit=200');
    expect(rows[0]?.memberName).toBe('Aardvark Shipping');
    expect(
      rows
        .filter((row) => row.memberMid === 'mid0')
        .every((row) => row.memberName === 'Aardvark Shipping'),
    ).toBe(true);
  });

  it('refuses an unknown sort, a filter column as sort, and bad filter values, naming them', async () => {
    for (const [query, path] of [
      ['sort=password', 'query.sort'],
      ['sort=disabled', 'query.sort'],
      ['role=boss', 'query.role'],
      ['signInMethods=carrier-pigeon', 'query.signInMethods'],
      ['lastSignIn=yesterday..', 'query.lastSignIn'],
      ['disabled=maybe', 'query.disabled'],
    ] as const) {
      expectInvalid(await t.app.inject({ url: `/api/users?${query}`, headers: { cookie } }), path);
    }
  });

  it('exports the whole filtered set as CSV in the list order', async () => {
    const lines = await csvExport(
      t,
      '/api/users/export?disabled=false&sort=-email',
      cookie,
      'users-',
    );
    expect(lines[0]).toContain('E-mail');
    const live = (await allPages('disabled=false&limit=200')).length;
    expect(lines).toHaveLength(live + 1);
    expect(lines[1]).toContain('person');
  });
});
