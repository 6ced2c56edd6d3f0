import type { TDirectoryEntry, TDirectoryPage } from '@ops/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRow, insertMembers } from '../../test/fixtures';
import {
  testPortalUrl,
  createPortalTestApp,
  signInAsMemberUser,
  type PortalTestApp,
} from '../../test/portal';
import { expectForbidden, expectInvalid, type ErrorBody } from '../../test/requests';

/**
 * The public member directory (issue 35): off until an owner or admin lists the member; the
 * public finds listed, active members by name with a typo forgiven, by country, region and
 * category, and sees only the fields each chose (never an e-mail address), cached a minute and
 * limited per address.
 */
describe('the public member directory', () => {
  let t: PortalTestApp;
  let portal: FastifyInstance;
  let owner: string;
  let staff: string;

  const visitor = (url: string, remoteAddress = '198.51.100.7') =>
    portal.inject({ method: 'GET', url, remoteAddress });
  const search = async (query: string, remoteAddress?: string) => {
    const response = await visitor(`/api/directory${query}`, remoteAddress);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TDirectoryPage>();
  };
  const call = <T = ErrorBody>(cookie: string, method: 'GET' | 'PUT', body?: object) =>
    portal
      .inject({
        method,
        url: '/api/directory-entry',
        headers: { cookie, origin: testPortalUrl },
        ...(body ? { payload: body } : {}),
      })
      .then((response) => ({ status: response.statusCode, body: response.json<T>() }));

  beforeAll(async () => {
    t = await createPortalTestApp({}, { countries: true });
    portal = t.portal;
    await insertMembers(t.database.db, [
      memberRow('dir-a', {
        legal_name: 'Hanseatic Spedition GmbH',
        country_iso2: 'DE',
        city: 'Hamburg',
        email: 'info@hanseatic.example',
        phone: '+49 40 123 45 67',
        website: 'https://hanseatic.example',
        status: 'active',
      }),
      memberRow('dir-b', {
        legal_name: 'Andes Cargo SA',
        country_iso2: 'CL',
        city: 'Santiago',
        status: 'active',
      }),
      memberRow('dir-c', {
        legal_name: 'Hanseatic Terminated Spedition KG',
        country_iso2: 'DE',
        status: 'terminated',
      }),
      memberRow('dir-d', {
        legal_name: 'Hidden Spedition AG',
        country_iso2: 'CH',
        status: 'active',
        directory_visible: false,
      }),
    ]);
    owner = await signInAsMemberUser(t, portal, 'owner@dir-a.example', 'dir-a', 'owner');
    staff = await signInAsMemberUser(t, portal, 'staff@dir-a.example', 'dir-a', 'staff');
    // The other members opted in by their own owners (as the portal writes it).
    await t.database.db
      .insertInto('member_directory_entries')
      .values(
        ['dir-b', 'dir-c', 'dir-d'].map((mid) => ({
          member_mid: mid,
          listed: true,
          services: ['sea-freight'],
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  it('is off until an owner lists the member, with a preview of what the public will see', async () => {
    const entry = await call<TDirectoryEntry>(owner, 'GET');
    expect(entry.status).toBe(200);
    expect(entry.body).toMatchObject({
      listed: false,
      visible: false,
      hiddenBecause: 'not-listed',
      fields: ['city', 'country', 'website', 'services'],
      canEdit: true,
      version: 0,
    });
    expect(entry.body.preview).toMatchObject({
      name: 'Hanseatic Spedition GmbH',
      city: 'Hamburg',
      phone: null,
    });
    expect((await search('?q=hanseatic')).items).toEqual([]);

    expectForbidden(await call(staff, 'PUT', { listed: true, fields: ['city'] }));
    expectInvalid(
      await call(owner, 'PUT', { listed: true, fields: ['city', 'email'] }),
      'body.fields.1',
    );
    const listed = await call<TDirectoryEntry>(owner, 'PUT', {
      listed: true,
      fields: ['city', 'country', 'services', 'phone'],
      services: ['road-freight', 'customs-brokerage'],
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body).toMatchObject({ listed: true, visible: true, hiddenBecause: null });
    // A stale version is a 409; none at all, on an entry that exists, a 400.
    expect((await call(owner, 'PUT', { listed: false, fields: [], version: 99 })).status).toBe(409);
    expectInvalid(await call(owner, 'PUT', { listed: false, fields: [] }), 'body.version');
  });

  it('finds listed active members by name with a typo; shows only what each chose', async () => {
    const page = await search('?q=hanseatik');
    expect(page.items).toEqual([
      {
        number: expect.any(String),
        name: 'Hanseatic Spedition GmbH',
        city: 'Hamburg',
        countryIso2: 'DE',
        countryName: 'Germany',
        website: null,
        phone: '+49 40 123 45 67',
        services: ['road-freight', 'customs-brokerage'],
        verificationUrl: null,
      },
    ]);
    // Neither the terminated member nor the one staff hide, whatever they chose.
    const spedition = await search('?q=spedition');
    expect(spedition.items.map((item) => item.name)).toEqual(['Hanseatic Spedition GmbH']);
    expect(JSON.stringify(await search(''))).not.toContain('@');

    const response = await visitor('/api/directory?q=spedition');
    expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=60');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('filters by country, region and category, pages by cursor, refuses bad input', async () => {
    expect((await search('?country=cl')).items.map((item) => item.name)).toEqual([
      'Andes Cargo SA',
    ]);
    expect((await search('?region=europe')).items.map((item) => item.name)).toEqual([
      'Hanseatic Spedition GmbH',
    ]);
    expect((await search('?category=association')).items).toEqual([]);
    const all = await search('');
    expect(all.items.map((item) => item.name)).toEqual([
      'Andes Cargo SA',
      'Hanseatic Spedition GmbH',
    ]);
    expect(all.nextCursor).toBeNull();
    // The filter's countries: only those of members the public sees (not the terminated or
    // hidden members' countries), cached like the search.
    const countries = await visitor('/api/directory/countries');
    expect(countries.statusCode).toBe(200);
    expect(countries.json()).toEqual({ items: ['CL', 'DE'] });
    expect(countries.headers['cache-control']).toBe(
      'public, max-age=60, stale-while-revalidate=60',
    );

    expectInvalid(await visitor('/api/directory?cursor=bm90LWEtY3Vyc29y'), 'query.cursor');
    expectInvalid(await visitor('/api/directory?country=Germany'), 'query.country');
    expectInvalid(await visitor('/api/directory?category=honorary'), 'query.category');
    expectInvalid(await visitor(`/api/directory?q=${'x'.repeat(101)}`), 'query.q');
  });

  it('pages 20 at a time and limits each address to 30 searches a minute', async () => {
    await insertMembers(
      t.database.db,
      Array.from({ length: 25 }, (_, i) =>
        memberRow(`dir-many-${String(i).padStart(2, '0')}`, {
          legal_name: `Zephyr Freight ${String(i).padStart(2, '0')} Ltd`,
          country_iso2: 'GB',
          status: 'active',
        }),
      ),
    );
    await t.database.db
      .insertInto('member_directory_entries')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          member_mid: `dir-many-${String(i).padStart(2, '0')}`,
          listed: true,
        })),
      )
      .execute();
    const first = await search('?country=GB', '203.0.113.9');
    expect(first.items).toHaveLength(20);
    const second = await search(`?country=GB&cursor=${first.nextCursor ?? ''}`, '203.0.113.9');
    expect(second.items.map((item) => item.name)).toEqual(
      [20, 21, 22, 23, 24].map((i) => `Zephyr Freight ${i} Ltd`),
    );
    expect(second.nextCursor).toBeNull();
    const byWords = await search('?q=zephyr', '203.0.113.9');
    expect(byWords.items).toHaveLength(20);
    expect(
      (await search(`?q=zephyr&cursor=${byWords.nextCursor ?? ''}`, '203.0.113.9')).items,
    ).toHaveLength(5);

    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      statuses.push((await visitor('/api/directory?country=GB', '192.0.2.44')).statusCode);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await visitor('/api/directory?country=GB', '192.0.2.44');
    expect(refused.statusCode).toBe(429);
    // Another address is not held back by it.
    expect((await visitor('/api/directory?country=GB', '192.0.2.45')).statusCode).toBe(200);
  });
});
