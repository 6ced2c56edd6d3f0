import {
  isValidMemberEmail,
  type TAssociationLinkFinding,
  type TDuplicateFinding,
  type TInvalidEmailFinding,
  type TMemberFixesSummary,
  type TMemberFixResult,
  type TNoCountryFinding,
} from '@ops/contract';
import { sql, type Insertable, type Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import {
  createWriteTestApp,
  insertMembers,
  memberRow,
  type WriteTestApp,
} from '../../test/fixtures';
import {
  expectConflict,
  expectForbidden,
  expectInvalid,
  type ErrorBody,
} from '../../test/requests';
import type { CountriesTable, MembersTable } from '../db/schema';
import { describeEmailProblem, proposeEmail } from './fixes';
import { haveDifferentVatNumbers, memberVatKey } from '@ops/contract';
import { auditEntriesOf } from '../../test/audit';

type Page<F> = { check: string; count: number; offset: number; limit: number; findings: F[] };

let t: TestApp;
let cookie: string;
let readOnlyCookie: string;
let uid: string;
let api: WriteTestApp['api'];

/** A live member with a country, a valid e-mail and no link, unless the fixture says otherwise. */
function member(mid: string, fields: Partial<Insertable<MembersTable>> = {}) {
  return memberRow(mid, {
    country_iso2: 'DE',
    email: `${mid.toLowerCase()}@example.org`,
    ...fields,
  });
}

const fixtures = [
  // Live associations: Germany's is valid; the others are what bad links point to.
  member('ADE', { category: 'association', legal_name: 'Verband Deutscher Spediteure' }),
  member('ADE2', { category: 'association', legal_name: 'Zweiter Verband', country_iso2: 'DE' }),
  member('AFR', {
    category: 'association',
    legal_name: 'Union des Transitaires',
    country_iso2: 'FR',
  }),
  member('ADEL', {
    category: 'association',
    legal_name: 'Deleted Association',
    deleted_at: new Date(),
  }),
  member('AEND', {
    category: 'association',
    legal_name: 'Ended Association',
    status: 'terminated',
  }),
  member('INDX', { legal_name: 'Plain Forwarder' }),

  // Duplicates by name and country: D1/D2 in Germany; D3 is in Austria; D4 is deleted.
  member('D1', {
    legal_name: 'Müller Spedition GmbH',
    joined_on: '2015-01-01',
    paid_through_year: 2024,
    national_association_mid: 'ADE',
  }),
  member('D2', {
    legal_name: 'muller spedition g.m.b.h.',
    phone: '+49 40 123456',
    website: 'https://mueller.example',
    address_line1: 'Hafenstraße 1',
    city: 'Hamburg',
    postal_code: '20457',
    joined_on: '2010-05-01',
    paid_through_year: 2025,
    email: 'info@mueller.example',
  }),
  member('D3', { legal_name: 'Müller Spedition GmbH', country_iso2: 'AT' }),
  member('D4', { legal_name: 'Müller Spedition GmbH', deleted_at: new Date() }),

  // Duplicates by VAT number (the Swiss suffix is ignored); V3 is deleted; V4 differs.
  member('V1', {
    legal_name: 'Alpen Logistik AG',
    country_iso2: 'CH',
    vat_number: 'CHE-123.456.789 MWST',
  }),
  member('V2', {
    legal_name: 'Alpes Logistique SA',
    country_iso2: 'CH',
    vat_number: 'che123456789 tva',
  }),
  member('V3', {
    legal_name: 'Old Alpen',
    country_iso2: 'CH',
    vat_number: 'CHE-123.456.789',
    deleted_at: new Date(),
  }),
  member('V4', { legal_name: 'Other Swiss AG', country_iso2: 'CH', vat_number: 'CHE-999.456.789' }),
  // Two companies with different VAT numbers, found by no check: a merge needs confirming.
  member('W1', { legal_name: 'Weser Cargo GmbH', vat_number: 'DE 111 111 111' }),
  member('W2', { legal_name: 'Elbe Cargo KG', vat_number: 'DE222222222' }),

  // Without a country: guessed from the VAT prefix, from the e-mail domain, or not at all.
  member('N1', { country_iso2: null, vat_number: 'EL123456789', email: 'n1@example.com' }),
  member('N2', { country_iso2: null, email: 'office@spedition.at' }),
  member('N3', { country_iso2: null, email: null }),
  member('N4', { country_iso2: null, deleted_at: new Date() }),

  // E-mails: fixable by tidying, several addresses, hopeless, blank; valid and none are fine.
  member('E1', { email: '  Info@Acme.DE ' }),
  member('E2', { email: 'a@b.de; c@d.de' }),
  member('E3', { email: 'not-an-email' }),
  member('E4', { email: '' }),
  member('E5', { email: 'ok@acme.de' }),
  member('E6', { email: null }),
  member('E7', { email: 'BAD', deleted_at: new Date() }),

  // Links: to an individual, a deleted and an ended association; L4's link is fine.
  member('L1', { national_association_mid: 'INDX' }),
  member('L2', { national_association_mid: 'ADEL' }),
  member('L3', { national_association_mid: 'AEND', country_iso2: 'FR' }),
  member('L4', { national_association_mid: 'ADE' }),
  member('L5', { national_association_mid: 'INDX', deleted_at: new Date() }),
];

beforeAll(async () => {
  ({ t, cookie, uid, readOnlyCookie, api } = await createWriteTestApp('fixer@example.org', [
    'membership',
  ]));
  const db = t.database.db;
  await insertMembers(db, fixtures);
  await setCountry('DE', { national_association_mid: 'ADE' });
  await setCountry('FR', { national_association_mid: 'INDX' });
  await setCountry('BE', { national_association_mid: 'AFR' });
  // What points to D2 (merged in the merge test): a user, invoices (one paid), a certificate,
  // an application it made and one it endorsed, an e-mail about it, and members linked to it.
  await db
    .insertInto('users')
    .values([
      { uid: 'u-d2', email: 'owner@mueller.example', member_mid: 'D2', member_role: 'owner' },
      { uid: 'u-d1', email: 'owner@mueller.test', member_mid: 'D1', member_role: 'owner' },
    ])
    .execute();
  await db
    .insertInto('invoices')
    .values([
      {
        iid: 'i-paid',
        number: 'INV-1',
        member_mid: 'D2',
        kind: 'membership',
        year: 2025,
        currency: 'CHF',
        status: 'paid',
        total_minor: 50000,
        paid_amount_minor: 50000,
        paid_at: new Date('2025-02-01'),
        paid_method: 'bank-transfer',
      },
      {
        iid: 'i-open',
        number: 'INV-2',
        member_mid: 'D2',
        kind: 'membership',
        year: 2026,
        currency: 'CHF',
        status: 'issued',
        total_minor: 50000,
      },
      {
        iid: 'i-d1',
        number: 'INV-3',
        member_mid: 'D1',
        kind: 'membership',
        year: 2024,
        currency: 'CHF',
        status: 'paid',
        total_minor: 50000,
        paid_at: new Date('2024-02-01'),
      },
    ])
    .execute();
  await db
    .insertInto('certificates')
    .values({
      cid: 'c-d2',
      number: 'CERT-1',
      member_mid: 'D2',
      type: 'membership',
      year: 2025,
      valid_from: '2025-01-01',
      valid_to: '2025-12-31',
      status: 'issued',
      verification_code: 'VERIFY-D2',
    })
    .execute();
  await db
    .insertInto('applications')
    .values([
      {
        aid: 'a-d2',
        number: 'APP-1',
        category: 'individual',
        status: 'approved',
        legal_name: 'Muller Spedition',
        member_mid: 'D2',
      },
      {
        aid: 'a-end',
        number: 'APP-2',
        category: 'individual',
        status: 'submitted',
        legal_name: 'Endorsed by D2',
        endorsing_association_mid: 'D2',
      },
    ])
    .execute();
  await db
    .insertInto('emails')
    .values({
      eid: 'e-d2',
      to_addresses: ['info@mueller.example'],
      from_address: 'ops@example.org',
      subject: 'Welcome',
      kind: 'member-approved',
      related_table: 'members',
      related_id: 'D2',
    })
    .execute();
});
afterAll(() => t.close());

const get = <T>(url: string, as = cookie) => api.get<T>(url, as);
const post = <T = ErrorBody>(url: string, payload: unknown, as = cookie) =>
  api.post<T>(url, payload, as);

/**
 * The records the fixtures point at D2 (see above), as a duplicate finding counts them and a merge
 * moves them: a user, two invoices (one paid), a certificate, two applications and an e-mail.
 */
const recordsOfD2 = {
  users: 1,
  invoices: 2,
  paidInvoices: 1,
  certificates: 1,
  applications: 2,
  emails: 1,
};

/** Sets columns of a member straight in the database: a change to the fixtures, not a repair. */
const setMember = (mid: string, fields: Updateable<MembersTable>) =>
  t.database.db.updateTable('members').set(fields).where('mid', '=', mid).execute();

/** Sets columns of a country straight in the database. */
const setCountry = (iso2: string, fields: Updateable<CountriesTable>) =>
  t.database.db.updateTable('countries').set(fields).where('iso2', '=', iso2).execute();

/** The member a record points to: `column` of the row of `table` whose `key` is `id`. */
async function pointerOf(table: string, key: string, id: string, column: string) {
  const { rows } = await sql<{ mid: string | null }>`
    SELECT ${sql.ref(column)} AS mid FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ${id}`.execute(
    t.database.db,
  );
  expect(rows, `${table} ${id}`).toHaveLength(1);
  return rows[0]?.mid;
}

async function versionOf(mid: string) {
  const row = await t.database.db
    .selectFrom('members')
    .select('version')
    .where('mid', '=', mid)
    .executeTakeFirstOrThrow();
  return row.version;
}

function auditOf(table: string, id: string) {
  return auditEntriesOf(t.database.db, table, id).selectAll().orderBy('id').execute();
}

describe('the checks', () => {
  it('the e-mail rule of the database and of the contract agree', async () => {
    const samples = [
      'info@acme.de',
      'a.b+c@sub.example.co.uk',
      'x@xn--bcher-kva.ch',
      'Info@acme.de',
      ' info@acme.de',
      'info@acme',
      'info@@acme.de',
      'a..b@acme.de',
      '.a@acme.de',
      'a@-acme.de',
      'a@acme.d',
      'a b@acme.de',
      '',
      'a@b.de; c@d.de',
    ];
    const { rows } = await sql<{ value: string; valid: boolean }>`
      SELECT value, member_email_is_valid(value) AS valid
        FROM unnest(${samples}::text[]) AS s(value)`.execute(t.database.db);
    for (const row of rows)
      expect([row.value, row.valid]).toEqual([row.value, isValidMemberEmail(row.value)]);
    expect(rows.filter((row) => row.valid).map((row) => row.value)).toEqual(samples.slice(0, 3));
  });

  it('proposes a corrected e-mail only when tidying makes it valid', () => {
    expect(proposeEmail('  Info@Acme.DE ')).toBe('info@acme.de');
    expect(proposeEmail('mailto:<Office@Firm.CH>')).toBe('office@firm.ch');
    expect(proposeEmail('a@b.de; c@d.de')).toBe('a@b.de');
    expect(proposeEmail('info @ acme.de')).toBe('info@acme.de');
    expect(proposeEmail('not-an-email')).toBeNull();
    expect(describeEmailProblem('  Info@Acme.DE ')).toBe(
      'It has spaces around it, it has capital letters.',
    );
    expect(describeEmailProblem('')).toBe('The e-mail is blank.');
  });

  it('sums up every check with its count', async () => {
    const { status, body } = await get<TMemberFixesSummary>('/api/members/fixes');
    expect(status).toBe(200);
    expect(Object.fromEntries(body.checks.map((check) => [check.check, check.count]))).toEqual({
      'duplicate-name': 1,
      'duplicate-vat': 1,
      'no-country': 3,
      'invalid-email': 4,
      'association-link': 4, // L1, L2, L3 and France
    });
    expect(body.checks[0]?.title).toBe('Duplicates by name and country');
  });

  it('finds duplicates by name and country, the survivor with paid invoices proposed first', async () => {
    const { body } = await get<Page<TDuplicateFinding>>('/api/members/fixes/duplicate-name');
    expect(body.count).toBe(1);
    expect(body.findings).toHaveLength(1);
    const [finding] = body.findings;
    expect(finding?.members.map((m) => m.mid).sort()).toEqual(['D1', 'D2']);
    // Both have one paid invoice; D2 has more records, so it is proposed as the survivor.
    expect(finding?.proposedSurvivorMid).toBe('D2');
    expect(finding?.members[0]?.related).toMatchObject(recordsOfD2);
    expect(finding?.proposal).toMatch(/^Merge M-D1 into M-D2/);
  });

  it('finds duplicates by VAT number, ignoring punctuation, case and the Swiss suffix', async () => {
    const { body } = await get<Page<TDuplicateFinding>>('/api/members/fixes/duplicate-vat');
    expect(body.count).toBe(1);
    expect(body.findings[0]?.key).toBe('che123456789');
    expect(body.findings[0]?.members.map((m) => m.mid).sort()).toEqual(['V1', 'V2']);
  });

  it('finds live members without a country and guesses one from the VAT prefix or e-mail', async () => {
    const { body } = await get<Page<TNoCountryFinding>>('/api/members/fixes/no-country');
    expect(body.count).toBe(3);
    expect(body.findings.map((f) => [f.member.mid, f.proposedCountry?.iso2 ?? null])).toEqual([
      ['N1', 'GR'],
      ['N2', 'AT'],
      ['N3', null],
    ]);
    expect(body.findings[0]?.proposal).toBe(
      'Set the country to Greece (GR): the VAT number starts with EL.',
    );
    const page = await get<Page<TNoCountryFinding>>(
      '/api/members/fixes/no-country?limit=1&offset=1',
    );
    expect(page.body.count).toBe(3);
    expect(page.body.findings.map((f) => f.member.mid)).toEqual(['N2']);
  });

  it('finds live members whose e-mail is not valid, with a correction where one exists', async () => {
    const { body } = await get<Page<TInvalidEmailFinding>>('/api/members/fixes/invalid-email');
    expect(body.findings.map((f) => [f.member.mid, f.proposedEmail])).toEqual([
      ['E1', 'info@acme.de'],
      ['E2', 'a@b.de'],
      ['E3', null],
      ['E4', null],
    ]);
  });

  it('finds links to non-associations, deleted and ended ones, countries first', async () => {
    const { body } = await get<Page<TAssociationLinkFinding>>(
      '/api/members/fixes/association-link',
    );
    expect(body.count).toBe(4);
    expect(
      body.findings.map((f) => [f.kind, f.id, f.problem, f.proposedAssociation?.mid ?? null]),
    ).toEqual([
      ['country', 'FR', 'not-an-association', 'AFR'],
      ['member', 'L1', 'not-an-association', 'ADE'],
      ['member', 'L2', 'deleted', 'ADE'],
      ['member', 'L3', 'ended', 'AFR'],
    ]);
    const second = await get<Page<TAssociationLinkFinding>>(
      '/api/members/fixes/association-link?offset=1&limit=2',
    );
    expect(second.body.findings.map((f) => f.id)).toEqual(['L1', 'L2']);
  });

  it('refuses an unknown check and a bad page with a 400', async () => {
    expect((await get('/api/members/fixes/nonsense')).status).toBe(400);
    expect((await get('/api/members/fixes/no-country?limit=0')).status).toBe(400);
  });
});

describe('the repairs', () => {
  it('needs members.edit: a read-only operator is refused and nothing changes', async () => {
    const version = await versionOf('N3');
    expectForbidden(
      await post(
        '/api/members/fixes/no-country/repair',
        { mid: 'N3', version, countryIso2: 'CH' },
        readOnlyCookie,
      ),
      'members.edit',
    );
    expect(await versionOf('N3')).toBe(version);
  });

  it('sets a country, audited as fix:no-country; a stale version is a 409', async () => {
    const version = await versionOf('N1');
    const bad = await post<ErrorBody>('/api/members/fixes/no-country/repair', {
      mid: 'N1',
      version,
      countryIso2: 'QQ',
    });
    expectInvalid(bad, 'body.countryIso2', 'exists');
    const malformed = await post<ErrorBody>('/api/members/fixes/no-country/repair', {
      mid: 'N1',
      version,
      countryIso2: 'Greece',
    });
    expect(malformed.status).toBe(400);

    const { status, body } = await post<TMemberFixResult>('/api/members/fixes/no-country/repair', {
      mid: 'N1',
      version,
      countryIso2: 'gr',
    });
    expect(status).toBe(200);
    expect(body.changed).toEqual([{ table: 'members', id: 'N1', version: version + 1 }]);
    const row = await t.database.db
      .selectFrom('members')
      .selectAll()
      .where('mid', '=', 'N1')
      .executeTakeFirstOrThrow();
    expect(row.country_iso2).toBe('GR');
    expect(row.updated_by).toBe(uid);
    const [entry] = await auditOf('members', 'N1');
    expect(entry).toMatchObject({ action: 'fix:no-country', actor_uid: uid });
    expect(entry?.before).toMatchObject({ country_iso2: null });
    expect(entry?.after).toMatchObject({ country_iso2: 'GR' });

    const stale = await post<ErrorBody>('/api/members/fixes/no-country/repair', {
      mid: 'N2',
      version: 99,
      countryIso2: 'AT',
    });
    expectConflict(stale, /^Member M-N2 \(.+\) was changed by .* since you opened it/);

    const summary = await get<TMemberFixesSummary>('/api/members/fixes');
    expect(summary.body.checks.find((c) => c.check === 'no-country')?.count).toBe(2);
  });

  /** Repairs the member's e-mail at the version it has now (as a screen that just read it). */
  const repairEmail = async <T>(mid: string, repair: Record<string, string>) =>
    post<T>('/api/members/fixes/invalid-email/repair', {
      mid,
      version: await versionOf(mid),
      ...repair,
    });

  it('sets a corrected e-mail or clears it, audited as fix:invalid-email', async () => {
    const set = await repairEmail<TMemberFixResult>('E1', {
      action: 'set',
      email: ' Info@Acme.DE',
    });
    expect(set.status).toBe(200);
    const clear = await repairEmail<TMemberFixResult>('E3', { action: 'clear' });
    expect(clear.status).toBe(200);
    const rows = await t.database.db
      .selectFrom('members')
      .select(['mid', 'email'])
      .where('mid', 'in', ['E1', 'E3'])
      .orderBy('mid')
      .execute();
    expect(rows).toEqual([
      { mid: 'E1', email: 'info@acme.de' },
      { mid: 'E3', email: null },
    ]);
    const [entry] = await auditOf('members', 'E1');
    expect(entry).toMatchObject({ action: 'fix:invalid-email' });
    expect(entry?.before).toMatchObject({ email: '  Info@Acme.DE ' });
    expect(entry?.after).toMatchObject({ email: 'info@acme.de' });

    const invalid = await repairEmail<ErrorBody>('E2', { action: 'set', email: 'still wrong' });
    expectInvalid(invalid, 'body.email', 'email');
    const notBroken = await repairEmail<ErrorBody>('E5', { action: 'clear' });
    expectInvalid(notBroken, 'body.mid', 'check');
    expect(await versionOf('E5')).toBe(1);
  });

  /** Repairs a member's association link at the version it has now. */
  const repairMemberLink = async <T>(mid: string, repair: Record<string, string>) =>
    post<T>('/api/members/fixes/association-link/repair', {
      kind: 'member',
      id: mid,
      version: await versionOf(mid),
      ...repair,
    });

  it('clears or relinks bad association links of members and countries', async () => {
    const cleared = await repairMemberLink<TMemberFixResult>('L1', { action: 'clear' });
    expect(cleared.status).toBe(200);
    const relinked = await repairMemberLink<TMemberFixResult>('L2', {
      action: 'relink',
      associationMid: 'ADE',
    });
    expect(relinked.status).toBe(200);
    const toIndividual = await repairMemberLink<ErrorBody>('L3', {
      action: 'relink',
      associationMid: 'INDX',
    });
    expectInvalid(toIndividual, 'body.associationMid', 'association');

    const france = await t.database.db
      .selectFrom('countries')
      .selectAll()
      .where('iso2', '=', 'FR')
      .executeTakeFirstOrThrow();
    const staleCountry = await post('/api/members/fixes/association-link/repair', {
      kind: 'country',
      id: 'FR',
      version: france.version + 1,
      action: 'clear',
    });
    expectConflict(staleCountry, /^France \(FR\) was changed by .* since you opened it/);
    const country = await post<TMemberFixResult>('/api/members/fixes/association-link/repair', {
      kind: 'country',
      id: 'FR',
      version: france.version,
      action: 'relink',
      associationMid: 'AFR',
    });
    expect(country.status).toBe(200);

    const links = await t.database.db
      .selectFrom('members')
      .select(['mid', 'national_association_mid'])
      .where('mid', 'in', ['L1', 'L2', 'L3'])
      .orderBy('mid')
      .execute();
    expect(links).toEqual([
      { mid: 'L1', national_association_mid: null },
      { mid: 'L2', national_association_mid: 'ADE' },
      { mid: 'L3', national_association_mid: 'AEND' },
    ]);
    const [countryEntry] = await auditOf('countries', 'FR');
    expect(countryEntry).toMatchObject({ action: 'fix:association-link' });
    expect(countryEntry?.before).toMatchObject({ national_association_mid: 'INDX' });
    expect(countryEntry?.after).toMatchObject({ national_association_mid: 'AFR' });
    expect((await auditOf('members', 'L2'))[0]?.after).toMatchObject({
      national_association_mid: 'ADE',
    });

    const { body } = await get<Page<TAssociationLinkFinding>>(
      '/api/members/fixes/association-link',
    );
    expect(body.findings.map((f) => f.id)).toEqual(['L3']);
  });
});

describe('merging duplicates', () => {
  it('refuses the same member twice, a read-only operator, and stale versions', async () => {
    const versions = {
      survivorVersion: await versionOf('D2'),
      mergedVersion: await versionOf('D1'),
    };
    const same = await post<ErrorBody>('/api/members/merge', {
      survivorMid: 'D2',
      mergedMid: 'D2',
      ...versions,
    });
    expectInvalid(same, 'body.mergedMid', 'distinct');
    const readOnly = await post(
      '/api/members/merge',
      { survivorMid: 'D2', mergedMid: 'D1', ...versions },
      readOnlyCookie,
    );
    expectForbidden(readOnly, 'members.edit');
    const stale = await post<ErrorBody>('/api/members/fixes/duplicate-name/repair', {
      survivorMid: 'D2',
      mergedMid: 'D1',
      survivorVersion: versions.survivorVersion,
      mergedVersion: versions.mergedVersion + 1,
    });
    expectConflict(stale, /^Member M-D1 \(Müller Spedition GmbH\) was changed by/);
  });

  it('rolls everything back when a step fails mid-way', async () => {
    const db = t.database.db;
    // Certificates move after users and invoices: make that step fail.
    await sql`CREATE FUNCTION fail_certificate_move() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'certificate move refused by the test'; END $$`.execute(db);
    await sql`CREATE TRIGGER fail_certificate_move BEFORE UPDATE ON certificates
                FOR EACH ROW EXECUTE FUNCTION fail_certificate_move()`.execute(db);
    const auditBefore = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    try {
      const response = await post('/api/members/merge', {
        survivorMid: 'D1',
        mergedMid: 'D2',
        survivorVersion: await versionOf('D1'),
        mergedVersion: await versionOf('D2'),
      });
      expect(response.status).toBe(500);
    } finally {
      await sql`DROP TRIGGER fail_certificate_move ON certificates`.execute(db);
      await sql`DROP FUNCTION fail_certificate_move()`.execute(db);
    }
    const user = await db
      .selectFrom('users')
      .select('member_mid')
      .where('uid', '=', 'u-d2')
      .executeTakeFirstOrThrow();
    const invoices = await db
      .selectFrom('invoices')
      .select(['iid', 'member_mid'])
      .where('iid', 'in', ['i-paid', 'i-open'])
      .execute();
    expect(user.member_mid).toBe('D2');
    expect(invoices.every((row) => row.member_mid === 'D2')).toBe(true);
    expect(
      (
        await db
          .selectFrom('members')
          .select('deleted_at')
          .where('mid', '=', 'D2')
          .executeTakeFirstOrThrow()
      ).deleted_at,
    ).toBeNull();
    const auditAfter = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(auditAfter.n).toBe(auditBefore.n);
  });

  it('moves every related record to the survivor, fills its empty fields, deletes the other', async () => {
    const db = t.database.db;
    // Make D2 a link target too: a member and a country name it as their association.
    await setMember('D2', { category: 'association' });
    await setMember('D1', { category: 'association' });
    await setMember('L4', { national_association_mid: 'D2' });
    await setCountry('AT', { national_association_mid: 'D2' });
    const paidBefore = await db
      .selectFrom('invoices')
      .selectAll()
      .where('iid', '=', 'i-paid')
      .executeTakeFirstOrThrow();

    const { status, body } = await post<TMemberFixResult>(
      '/api/members/fixes/duplicate-name/repair',
      {
        survivorMid: 'D1',
        mergedMid: 'D2',
        survivorVersion: await versionOf('D1'),
        mergedVersion: await versionOf('D2'),
      },
    );
    expect(status).toBe(200);
    expect(body.merge?.moved).toEqual({ ...recordsOfD2, memberLinks: 1, countryLinks: 1 });
    expect(body.message).toMatch(/^M-D2 was merged into M-D1/);

    for (const [table, key, id, column] of [
      ['users', 'uid', 'u-d2', 'member_mid'],
      ['certificates', 'cid', 'c-d2', 'member_mid'],
      ['applications', 'aid', 'a-d2', 'member_mid'],
      ['applications', 'aid', 'a-end', 'endorsing_association_mid'],
      ['emails', 'eid', 'e-d2', 'related_id'],
      ['members', 'mid', 'L4', 'national_association_mid'],
      ['countries', 'iso2', 'AT', 'national_association_mid'],
      ['invoices', 'iid', 'i-open', 'member_mid'],
    ] as const) {
      expect(await pointerOf(table, key, id, column), `${table} ${id}`).toBe('D1');
    }

    // The paid invoice: only its member link (and bookkeeping) changed.
    const paidAfter = await db
      .selectFrom('invoices')
      .selectAll()
      .where('iid', '=', 'i-paid')
      .executeTakeFirstOrThrow();
    const bookkeeping = ['member_mid', 'version', 'updated_at', 'updated_by'];
    const withoutBookkeeping = (row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => !bookkeeping.includes(key)));
    expect(paidAfter.member_mid).toBe('D1');
    expect(withoutBookkeeping(paidAfter)).toEqual(withoutBookkeeping(paidBefore));
    const [paidEntry] = await auditOf('invoices', 'i-paid');
    expect(paidEntry).toMatchObject({ action: 'fix:duplicate-name' });
    expect(String((paidEntry?.after as Record<string, unknown>)._reason)).toMatch(
      /Paid invoice INV-1: only its member link moved/,
    );

    const [survivor, merged] = await Promise.all([
      db.selectFrom('members').selectAll().where('mid', '=', 'D1').executeTakeFirstOrThrow(),
      db.selectFrom('members').selectAll().where('mid', '=', 'D2').executeTakeFirstOrThrow(),
    ]);
    expect(survivor).toMatchObject({
      legal_name: 'Müller Spedition GmbH',
      email: 'd1@example.org', // its own, not replaced
      phone: '+49 40 123456',
      website: 'https://mueller.example',
      address_line1: 'Hafenstraße 1',
      city: 'Hamburg',
      joined_on: '2010-05-01',
      paid_through_year: 2025,
      national_association_mid: 'ADE',
      deleted_at: null,
    });
    expect(merged.deleted_at).not.toBeNull();
    const [survivorEntry] = await auditOf('members', 'D1');
    const [mergedEntry] = await auditOf('members', 'D2');
    expect(survivorEntry?.action).toBe('fix:duplicate-name');
    expect(survivorEntry?.before).toMatchObject({ phone: null });
    expect(survivorEntry?.after).toMatchObject({
      phone: '+49 40 123456',
      _mergedFrom: { mid: 'D2' },
    });
    expect(mergedEntry?.action).toBe('fix:duplicate-name');
    expect(mergedEntry?.before).toMatchObject({ deleted_at: null });
    expect(mergedEntry?.after).toMatchObject({ _mergedInto: { mid: 'D1' } });
    for (const [table, id] of [
      ['users', 'u-d2'],
      ['certificates', 'c-d2'],
      ['applications', 'a-end'],
      ['emails', 'e-d2'],
      ['members', 'L4'],
      ['countries', 'AT'],
    ] as const) {
      expect((await auditOf(table, id)).map((entry) => entry.action)).toContain(
        'fix:duplicate-name',
      );
    }

    const { body: after } = await get<Page<TDuplicateFinding>>('/api/members/fixes/duplicate-name');
    expect(after.count).toBe(0);
  });

  it('keeps an association as the survivor when the merged one is a national association', async () => {
    await setMember('V4', { national_association_mid: 'V2' });
    await setMember('V2', { category: 'association' });
    const response = await post<ErrorBody>('/api/members/fixes/duplicate-vat/repair', {
      survivorMid: 'V1',
      mergedMid: 'V2',
      survivorVersion: await versionOf('V1'),
      mergedVersion: await versionOf('V2'),
    });
    expectInvalid(response, 'body.survivorMid', 'association-survivor');
    const merged = await post<TMemberFixResult>('/api/members/fixes/duplicate-vat/repair', {
      survivorMid: 'V2',
      mergedMid: 'V1',
      survivorVersion: await versionOf('V2'),
      mergedVersion: await versionOf('V1'),
    });
    expect(merged.status).toBe(200);
    expect((await auditOf('members', 'V1')).at(-1)?.action).toBe('fix:duplicate-vat');
  });
});

describe('merging members with different VAT numbers', () => {
  it('is refused without the explicit flag (400 naming it), and done with it', async () => {
    const pair = async () => ({
      survivorMid: 'W1',
      mergedMid: 'W2',
      survivorVersion: await versionOf('W1'),
      mergedVersion: await versionOf('W2'),
    });
    const refused = await post<ErrorBody>('/api/members/merge', await pair());
    expectInvalid(refused, 'body.confirmDifferentVatNumbers', 'different-vat-numbers');
    expect(refused.body.error.message).toContain('DE 111 111 111');
    expect(refused.body.error.message).toContain('DE222222222');
    const notConfirmed = await post<ErrorBody>('/api/members/merge', {
      ...(await pair()),
      confirmDifferentVatNumbers: false,
    });
    expectInvalid(notConfirmed, 'body.confirmDifferentVatNumbers', 'different-vat-numbers');
    // Nothing was merged by the refused requests.
    const { rows } = await sql<{ deleted: boolean }>`
      SELECT deleted_at IS NOT NULL AS deleted FROM members WHERE mid = 'W2'`.execute(
      t.database.db,
    );
    expect(rows[0]?.deleted).toBe(false);

    const confirmed = await post<TMemberFixResult>('/api/members/merge', {
      ...(await pair()),
      confirmDifferentVatNumbers: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.merge?.mergedMid).toBe('W2');
  });

  it('compares VAT numbers in the browser as the SQL duplicate check does', async () => {
    const samples = [
      'CHE-123.456.789 MWST',
      'che123456789 tva',
      'DE 111 111 111',
      'ÖSTERREICH ATU12345678',
      ' - ',
      'EL123456789',
    ];
    for (const value of samples) {
      const { rows } = await sql<{ key: string | null }>`
        SELECT member_vat_key(${value}) AS key`.execute(t.database.db);
      expect(memberVatKey(value), value).toBe(rows[0]?.key ?? null);
    }
    expect(haveDifferentVatNumbers('CHE-123.456.789 MWST', 'che123456789')).toBe(false);
    expect(haveDifferentVatNumbers('DE111111111', null)).toBe(false);
    expect(haveDifferentVatNumbers('DE111111111', 'DE222222222')).toBe(true);
  });
});
