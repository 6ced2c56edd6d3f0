import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signInEditorAndReader, insertMembers } from '../../test/fixtures';
import { expectInvalid } from '../../test/requests';
import type { MemberCategory, MemberStatus } from '../db/schema';
import { loadCountries } from '../seed/countries';

type Detail = {
  mid: string;
  number: string;
  status: MemberStatus;
  category: MemberCategory;
  legalName: string;
  tradeName: string | null;
  countryIso2: string | null;
  countryName: string | null;
  website: string | null;
  nationalAssociationMid: string | null;
  nationalAssociationName: string | null;
  joinedOn: string | null;
  terminatedOn: string | null;
  terminationReason: string | null;
  preferredLanguage: string;
  version: number;
  updatedBy: string | null;
  deletedAt: string | null;
  nextStatuses: MemberStatus[];
  related: Record<
    'users' | 'invoices' | 'certificates' | 'applications' | 'emails',
    { total: number; items: Record<string, unknown>[] }
  >;
};
type ErrorBody = {
  error: { code: string; message: string; issues?: { path: string; rule: string }[] };
};

let counter = 0;

describe('member detail API', () => {
  let t: TestApp;
  let cookie: string;
  let readOnlyCookie: string;

  /** A member straight in the database, as the seed or an import would make it. */
  async function addMember(
    values: Partial<{
      category: MemberCategory;
      status: MemberStatus;
      legal_name: string;
      country_iso2: string | null;
      national_association_mid: string | null;
      joined_on: string | null;
    }> = {},
  ): Promise<string> {
    counter++;
    const mid = `detail-mid-${counter}`;
    await insertMembers(t.database.db, [
      {
        mid,
        number: `D-${String(counter).padStart(6, '0')}`,
        category: values.category ?? 'individual',
        status: values.status ?? 'active',
        legal_name: values.legal_name ?? `Detail Forwarding ${counter} AG`,
        country_iso2: values.country_iso2 === undefined ? 'CH' : values.country_iso2,
        national_association_mid: values.national_association_mid ?? null,
        joined_on: values.joined_on === undefined ? '2020-01-15' : values.joined_on,
        created_by: 'seed',
        updated_by: 'seed',
      },
    ]);
    return mid;
  }

  const get = async (mid: string, as = cookie) => {
    const response = await t.app.inject({ url: `/api/members/${mid}`, headers: { cookie: as } });
    return { status: response.statusCode, body: response.json<Detail & ErrorBody>() };
  };

  const send = async (
    method: 'PATCH' | 'POST' | 'DELETE',
    url: string,
    payload: Record<string, unknown>,
    as = cookie,
  ) => {
    const response = await t.app.inject({ method, url, payload, headers: { cookie: as } });
    return { status: response.statusCode, body: response.json<Detail & ErrorBody>() };
  };

  const history = async (mid: string) => {
    const response = await t.app.inject({
      url: `/api/audit/members/${mid}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{
      data: {
        action: string;
        reason: string | null;
        actor: { email: string | null };
        changes: { field: string; before: unknown; after: unknown }[];
      }[];
    }>().data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie, readOnlyCookie } = await signInEditorAndReader(
      t,
      'detail-editor@example.org',
      ['membership'],
      'detail-reader@example.org',
    ));
    await loadCountries(t.database.pool);
  });
  afterAll(() => t.close());

  it('shows every field, the country and association names, and related records with totals', async () => {
    const association = await addMember({
      category: 'association',
      legal_name: 'Swiss Freight Forwarders Association',
    });
    const mid = await addMember({ national_association_mid: association });
    const db = t.database.db;
    await db
      .insertInto('users')
      .values([
        {
          uid: `${mid}-u1`,
          email: `owner-${mid}@example.org`,
          member_mid: mid,
          member_role: 'owner',
        },
        {
          uid: `${mid}-u2`,
          email: `staff-${mid}@example.org`,
          member_mid: mid,
          member_role: 'staff',
        },
      ])
      .execute();
    await db
      .insertInto('invoices')
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          iid: `${mid}-i${i}`,
          number: `INV-${mid}-${String(i).padStart(2, '0')}`,
          member_mid: mid,
          kind: 'membership' as const,
          year: 2000 + i,
          currency: 'CHF',
          total_minor: 120_000,
          status: 'paid' as const,
          paid_at: new Date(`${2000 + i}-02-01T10:00:00Z`),
        })),
      )
      .execute();
    await db
      .insertInto('emails')
      .values({
        eid: `${mid}-e1`,
        to_addresses: ['info@example.org'],
        from_address: 'ops@example.org',
        subject: 'Welcome',
        kind: 'member-welcome',
        related_table: 'members',
        related_id: mid,
      })
      .execute();

    const { status, body } = await get(mid);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      mid,
      status: 'active',
      countryIso2: 'CH',
      countryName: 'Switzerland',
      nationalAssociationMid: association,
      nationalAssociationName: 'Swiss Freight Forwarders Association',
      version: 1,
      updatedBy: 'seed',
      deletedAt: null,
      nextStatuses: ['overdue', 'resigned', 'terminated'],
    });
    expect(body.related.users.total).toBe(2);
    expect(body.related.users.items.map((user) => user.memberRole)).toEqual(['owner', 'staff']);
    expect(body.related.invoices.total).toBe(23);
    expect(body.related.invoices.items).toHaveLength(20);
    expect(body.related.invoices.items[0]).toMatchObject({ year: 2022, totalMinor: '120000' });
    expect(body.related.emails).toMatchObject({ total: 1, items: [{ subject: 'Welcome' }] });
    expect(body.related.certificates).toEqual({ total: 0, items: [] });
  });

  it('offers the countries and the live association members to the edit form', async () => {
    const association = await addMember({ category: 'association', legal_name: 'Aaa Association' });
    const response = await t.app.inject({ url: '/api/members/form-options', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const options = response.json<{
      countries: { iso2: string; name: string }[];
      associations: { mid: string; category?: string }[];
    }>();
    expect(options.countries.length).toBeGreaterThan(200);
    expect(options.countries).toContainEqual({ iso2: 'CH', name: 'Switzerland' });
    expect(options.associations.map((row) => row.mid)).toContain(association);
    const individuals = await t.database.db
      .selectFrom('members')
      .select('mid')
      .where('category', '<>', 'association')
      .execute();
    const offered = new Set(options.associations.map((row) => row.mid));
    expect(individuals.some((row) => offered.has(row.mid))).toBe(false);
  });

  it('answers 404 for an unknown member', async () => {
    const { status, body } = await get('no-such-member');
    expect(status).toBe(404);
    expect(body.error.code).toBe('not-found');
  });

  it('edits fields at the version read, audits before → after, and writes nothing for no change', async () => {
    const mid = await addMember();
    const edited = await send('PATCH', `/api/members/${mid}`, {
      version: 1,
      tradeName: '  Detail Logistics ',
      website: 'https://detail.example.ch',
      countryIso2: 'de',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      tradeName: 'Detail Logistics',
      website: 'https://detail.example.ch',
      countryIso2: 'DE',
      countryName: 'Germany',
      version: 2,
      updatedBy: 'detail-editor@example.org',
    });

    const same = await send('PATCH', `/api/members/${mid}`, {
      version: 2,
      tradeName: 'Detail Logistics',
    });
    expect(same.body.version).toBe(2);

    const entries = await history(mid);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.action).toBe('update');
    expect(entries[0]?.actor.email).toBe('detail-editor@example.org');
    expect(entries[0]?.changes).toEqual([
      { field: 'country_iso2', before: 'CH', after: 'DE' },
      { field: 'trade_name', before: null, after: 'Detail Logistics' },
      { field: 'website', before: null, after: 'https://detail.example.ch' },
    ]);
  });

  it('takes the country’s language for a new member, and edits the preferred language, audited (issue 17)', async () => {
    // The insert trigger: a French member is French, a Swiss one German, one without a country
    // English; a member's own language is kept.
    const french = await addMember({ country_iso2: 'FR' });
    const swiss = await addMember({ country_iso2: 'CH' });
    const stateless = await addMember({ country_iso2: null });
    expect((await get(french)).body.preferredLanguage).toBe('fr');
    expect((await get(swiss)).body.preferredLanguage).toBe('de');
    expect((await get(stateless)).body.preferredLanguage).toBe('en');

    const edited = await send('PATCH', `/api/members/${french}`, {
      version: 1,
      preferredLanguage: 'es',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ preferredLanguage: 'es', version: 2 });
    // Moving to another country keeps the language the member has.
    const moved = await send('PATCH', `/api/members/${french}`, { version: 2, countryIso2: 'DE' });
    expect(moved.body).toMatchObject({ preferredLanguage: 'es', countryIso2: 'DE' });
    const entries = await history(french);
    expect(entries.at(-1)?.changes).toEqual([
      { field: 'preferred_language', before: 'fr', after: 'es' },
    ]);
    expect(entries.at(-1)?.actor.email).toBe('detail-editor@example.org');

    const invalid = await send('PATCH', `/api/members/${french}`, {
      version: 3,
      preferredLanguage: 'it',
    });
    expectInvalid(invalid, 'body.preferredLanguage', 'invalid_value');
    const readOnly = await send(
      'PATCH',
      `/api/members/${french}`,
      { version: 3, preferredLanguage: 'en' },
      readOnlyCookie,
    );
    expect(readOnly.status).toBe(403);
  });

  it('refuses an edit made on an older version with 409, saying who changed it and when', async () => {
    const mid = await addMember();
    await send('PATCH', `/api/members/${mid}`, { version: 1, city: 'Basel' });
    const stale = await send('PATCH', `/api/members/${mid}`, { version: 1, city: 'Bern' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('aborted');
    expect(stale.body.error.message).toMatch(
      /^Member D-\d+ \(.+\) was changed by detail-editor@example\.org at \d{4}-\d\d-\d\d \d\d:\d\d UTC since you opened it\. Reload to see the change\.$/,
    );
    expect((await get(mid)).body.version).toBe(2);
  });

  it('names the field and the rule of bad input, from the schema and from the rules', async () => {
    const mid = await addMember();
    const individual = await addMember();
    const invalid = await send('PATCH', `/api/members/${mid}`, {
      version: 1,
      legalName: '  ',
      email: 'not an address',
      website: 'example.com',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.issues?.map((issue) => issue.path).sort()).toEqual([
      'body.email',
      'body.legalName',
      'body.website',
    ]);

    const notAssociation = await send('PATCH', `/api/members/${mid}`, {
      version: 1,
      nationalAssociationMid: individual,
      countryIso2: 'QQ',
    });
    expect(notAssociation.status).toBe(400);
    expect(notAssociation.body.error.issues).toEqual([
      expect.objectContaining({ path: 'body.countryIso2', rule: 'exists' }),
      expect.objectContaining({ path: 'body.nationalAssociationMid', rule: 'association' }),
    ]);
    expect(notAssociation.body.error.message).toContain('is not an association member');
  });

  it('follows the life cycle, with reasons, and refuses the moves it does not allow', async () => {
    const mid = await addMember({ status: 'pending-payment', joined_on: null });
    const activated = await send('POST', `/api/members/${mid}/status`, {
      status: 'active',
      reason: 'Paid by bank transfer',
      version: 1,
    });
    expect(activated.status).toBe(200);
    expect(activated.body.status).toBe('active');
    expect(activated.body.joinedOn).toMatch(/^\d{4}-\d\d-\d\d$/);

    const skipping = await send('POST', `/api/members/${mid}/status`, {
      status: 'suspended',
      version: 2,
    });
    expectInvalid(skipping, 'body.status', 'transition');

    const noReason = await send('POST', `/api/members/${mid}/status`, {
      status: 'resigned',
      reason: ' ',
      version: 2,
    });
    expectInvalid(noReason, 'body.reason', 'required');

    const resigned = await send('POST', `/api/members/${mid}/status`, {
      status: 'resigned',
      reason: 'Company closed',
      version: 2,
    });
    expect(resigned.body).toMatchObject({
      status: 'resigned',
      terminationReason: 'Company closed',
      nextStatuses: [],
    });
    expect(resigned.body.terminatedOn).toMatch(/^\d{4}-\d\d-\d\d$/);

    const final = await send('POST', `/api/members/${mid}/status`, {
      status: 'active',
      version: 3,
    });
    expect(final.status).toBe(400);
    expect(final.body.error.message).toContain('final');

    const [latest] = await history(mid);
    expect(latest).toMatchObject({ action: 'status', reason: 'Company closed' });
    expect(latest?.changes.map((change) => change.field)).toEqual([
      'status',
      'terminated_on',
      'termination_reason',
    ]);
  });

  it('never makes an honorary member overdue', async () => {
    const mid = await addMember({ category: 'honorary' });
    expect((await get(mid)).body.nextStatuses).toEqual(['resigned', 'terminated']);
    const overdue = await send('POST', `/api/members/${mid}/status`, {
      status: 'overdue',
      version: 1,
    });
    expect(overdue.status).toBe(400);
    expect(overdue.body.error.message).toBe('Honorary members are never overdue.');
  });

  it('soft-deletes with a reason and restores; a deleted member is shown but not edited', async () => {
    const mid = await addMember();
    const noReason = await send('DELETE', `/api/members/${mid}`, { version: 1, reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.issues?.[0]?.path).toBe('body.reason');

    const deleted = await send('DELETE', `/api/members/${mid}`, {
      version: 1,
      reason: 'Duplicate of another record',
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deletedAt).not.toBeNull();
    expect(deleted.body.nextStatuses).toEqual([]);

    const shown = await get(mid);
    expect(shown.status).toBe(200);
    expect(shown.body.deletedAt).not.toBeNull();
    const listed = await t.app.inject({ url: '/api/members?limit=200', headers: { cookie } });
    expect(listed.json<{ data: { mid: string }[] }>().data.map((row) => row.mid)).not.toContain(
      mid,
    );

    const edit = await send('PATCH', `/api/members/${mid}`, { version: 2, city: 'Zug' });
    expect(edit.status).toBe(404);
    expect(edit.body.error.message).toContain('restore it first');

    const restored = await send('POST', `/api/members/${mid}/restore`, { version: 2 });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ deletedAt: null, version: 3 });

    const entries = await history(mid);
    expect(entries.map((entry) => entry.action)).toEqual(['restore', 'delete']);
    expect(entries[1]?.reason).toBe('Duplicate of another record');
  });

  it('refuses to delete a member that owes money or is an association of others', async () => {
    const mid = await addMember();
    await t.database.db
      .insertInto('invoices')
      .values({
        iid: `${mid}-open`,
        number: `INV-${mid}-open`,
        member_mid: mid,
        kind: 'membership',
        year: 2026,
        currency: 'CHF',
        total_minor: 95_000,
        status: 'issued',
      })
      .execute();
    const owing = await send('DELETE', `/api/members/${mid}`, { version: 1, reason: 'Test' });
    expect(owing.status).toBe(400);
    expect(owing.body.error.issues?.[0]?.rule).toBe('unpaid-invoices');
    expect(owing.body.error.message).toContain('CHF 950.00');

    const association = await addMember({ category: 'association' });
    await addMember({ national_association_mid: association });
    const linked = await send('DELETE', `/api/members/${association}`, {
      version: 1,
      reason: 'Test',
    });
    expect(linked.status).toBe(400);
    expect(linked.body.error.issues?.[0]?.rule).toBe('referenced');
  });

  it('lets a read-only operator read but not write', async () => {
    const mid = await addMember();
    expect((await get(mid, readOnlyCookie)).status).toBe(200);
    const refused = await send(
      'PATCH',
      `/api/members/${mid}`,
      { version: 1, city: 'Chur' },
      readOnlyCookie,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('permission-denied');
  });
});
