import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { insertMembers, memberRow } from '../../test/fixtures';
import { listEndpoint } from '../../test/lists';
import { expectInvalid } from '../../test/requests';
import { setClockForTests } from '../lib/clock';
import { loadCountries } from '../seed/countries';
import { pageQuery } from '../lists/run-list';
import { applicationsList } from './list';
import { addApplication } from './test-fixtures';

type Row = {
  aid: string;
  number: string;
  source: 'online' | 'imported';
  endorsementWaitingDays: number | null;
  possibleDuplicates: string[];
};

/**
 * What the applications queue tells staff about applications that arrive by themselves (issue 34):
 * where each came from, how long an endorsement has waited, and which may be a company already
 * known.
 */
describe('the applications queue’s source, endorsement wait and possible duplicates', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'signals@example.org', ['read-only']);
    await loadCountries(t.database.pool);
  });
  afterEach(() => setClockForTests(null));
  afterAll(() => t.close());

  const applications = () => listEndpoint<Row>(t, '/api/applications', cookie);
  const detail = async (aid: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/applications/${aid}`,
        headers: { cookie },
      })
    ).json();

  it('filters by source, online or imported, and refuses any other', async () => {
    const online = await addApplication(t.database.db, { source: 'online' } as never);
    const imported = await addApplication(t.database.db);
    const onlineRows = (await applications().allPages('source=online')).rows;
    expect(onlineRows.map((row) => row.aid)).toContain(online.aid);
    expect(onlineRows.every((row) => row.source === 'online')).toBe(true);
    const importedRows = (await applications().allPages('source=imported')).rows;
    expect(importedRows.map((row) => row.aid)).toContain(imported.aid);
    expect(importedRows.map((row) => row.aid)).not.toContain(online.aid);
    expect((await detail(online.aid)).source).toBe('online');
    await expectInvalid(
      await t.app.inject({
        method: 'GET',
        url: '/api/applications?source=fax',
        headers: { cookie },
      }),
      'query.source',
    );
  });

  it('counts the days an endorsement waits in headquarters’ calendar, and sorts by them', async () => {
    // Requested at 23:30 in Zurich on 2 March; on 5 March at 00:10 it has waited 3 days.
    setClockForTests('2026-03-02T22:30:00Z');
    const older = await addApplication(t.database.db, { status: 'submitted' });
    const newer = await addApplication(t.database.db, { status: 'submitted' });
    // The trigger stamps the transaction's time; the test then dates the request exactly.
    const requestAt = async (aid: string, instant: string) => {
      const db = t.database.db;
      await sql`UPDATE applications SET status = 'awaiting-endorsement' WHERE aid = ${aid}`.execute(
        db,
      );
      await sql`UPDATE applications SET endorsement_requested_at = ${instant}::timestamptz
                 WHERE aid = ${aid}`.execute(db);
    };
    await requestAt(older.aid, '2026-03-02T22:30:00Z');
    await requestAt(newer.aid, '2026-03-04T08:00:00Z');
    setClockForTests('2026-03-04T23:10:00Z');

    const byWait = (await applications().allPages('sort=-endorsementWaitingDays&limit=3')).rows;
    expect(byWait.slice(0, 2).map((row) => [row.aid, row.endorsementWaitingDays])).toEqual([
      [older.aid, 3],
      [newer.aid, 1],
    ]);
    // Those waiting for no endorsement wait 0 days: last when the longest wait comes first.
    expect(byWait.slice(2).every((row) => row.endorsementWaitingDays === null)).toBe(true);
    const shortestFirst = (await applications().allPages('sort=endorsementWaitingDays')).rows;
    expect(shortestFirst.at(-1)?.aid).toBe(older.aid);
    expect((await detail(older.aid)).endorsementWaitingDays).toBe(3);

    // Endorsed: no longer waiting.
    await sql`UPDATE applications SET status = 'endorsed' WHERE aid = ${older.aid}`.execute(
      t.database.db,
    );
    expect((await detail(older.aid)).endorsementWaitingDays).toBeNull();
  });

  it('stamps the moment an application starts to wait for its endorsement, by any writer', async () => {
    const application = await addApplication(t.database.db, { status: 'submitted' });
    const before = await sql<{ now: Date }>`SELECT now() AS now`.execute(t.database.db);
    await sql`UPDATE applications SET status = 'awaiting-endorsement' WHERE aid = ${application.aid}`.execute(
      t.database.db,
    );
    const row = await t.database.db
      .selectFrom('applications')
      .select('endorsement_requested_at')
      .where('aid', '=', application.aid)
      .executeTakeFirstOrThrow();
    expect(row.endorsement_requested_at?.getTime()).toBeGreaterThanOrEqual(
      before.rows[0]?.now.getTime() ?? Number.POSITIVE_INFINITY,
    );
  });

  it('flags a company already a member or already applying, by VAT number or by name and country', async () => {
    await insertMembers(t.database.db, [
      memberRow('dupvat', { legal_name: 'Rhein Cargo AG', vat_number: 'CHE-555.444.333 MWST' }),
      memberRow('dupname', { legal_name: 'Société Générale de Fret', country_iso2: 'FR' }),
    ]);
    /** An application of the company `legalName`, its record and its answers naming it alike. */
    const applicationOf = (
      legalName: string,
      fields: Record<string, unknown>,
      company: Record<string, unknown> = {},
    ) =>
      addApplication(t.database.db, {
        legal_name: legalName,
        ...fields,
        company: { legalName, ...company },
      } as never);
    const sameVat = await applicationOf('Rhine Cargo Ltd', {}, { vatNumber: 'che555444333' });
    const sameName = await applicationOf('SOCIETE GENERALE DE FRET', { country_iso2: 'FR' });
    const sameNameElsewhere = await applicationOf('Société Générale de Fret SARL', {
      country_iso2: 'BE',
    });
    const secondApplication = await applicationOf('Société générale de fret', {
      status: 'submitted',
      country_iso2: 'FR',
    });
    const decided = await applicationOf(
      'Rhein Cargo AG',
      { status: 'approved' },
      { vatNumber: 'CHE-555.444.333' },
    );

    const rows = new Map(
      (await applications().allPages('limit=100')).rows.map((row) => [row.aid, row]),
    );
    expect(rows.get(sameVat.aid)?.possibleDuplicates).toEqual(['M-dupvat']);
    expect(rows.get(sameName.aid)?.possibleDuplicates).toEqual([
      'M-dupname',
      secondApplication.number,
    ]);
    expect(rows.get(secondApplication.aid)?.possibleDuplicates).toEqual([
      'M-dupname',
      sameName.number,
    ]);
    // Another country is another company; a decided application is no longer flagged.
    expect(rows.get(sameNameElsewhere.aid)?.possibleDuplicates).toEqual([]);
    expect(rows.get(decided.aid)?.possibleDuplicates).toEqual([]);

    const flagged = await detail(sameVat.aid);
    expect(flagged.possibleDuplicates).toEqual([
      {
        kind: 'member',
        id: 'dupvat',
        number: 'M-dupvat',
        legalName: 'Rhein Cargo AG',
        reason: 'vat',
      },
    ]);
    // Only a flag: the application is still there to review, with its actions.
    expect(flagged.availableActions.length).toBeGreaterThan(0);
  });

  it('looks up a page’s possible duplicates through the company indexes, never by a scan', async () => {
    const { page } = pageQuery(t.database.db, applicationsList, { limit: 50 });
    const compiled = page.compile();
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const plan = (
        await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${compiled.sql}`, [
          ...compiled.parameters,
        ])
      ).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      for (const index of [
        'members_fix_vat_idx',
        'members_fix_name_idx',
        'applications_company_vat_key_idx',
        'applications_company_name_key_idx',
      ]) {
        expect(plan, index).toContain(index);
      }
      expect(plan).not.toMatch(/Seq Scan/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
