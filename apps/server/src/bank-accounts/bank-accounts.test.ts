import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import {
  apiAs,
  expectConflict,
  expectForbidden,
  issuesOf,
  type ErrorBody,
} from '../../test/requests';

type Account = {
  id: string;
  label: string;
  iban: string;
  qrIban: string | null;
  bic: string | null;
  currency: string;
  isDefault: boolean;
  active: boolean;
  hasInvoices: boolean;
  version: number;
  createdBy: string | null;
};

const swiss = {
  label: 'Membership fees CHF',
  bankName: 'UBS Switzerland AG',
  holderName: 'Federation of Freight Forwarders',
  holderAddress: 'Seefeldstrasse 45, 8008 Zürich',
  iban: 'ch93 0076 2011 6238 5295 7',
  qrIban: 'CH44 3199 9123 0008 8901 2',
  bic: 'ubswchzh80a',
  currency: 'chf',
};

describe('/api/bank-accounts', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'treasurer@example.org', ['finance']);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, as = cookie) =>
    apiAs(t, cookie).send<Account & ErrorBody>(method, url, payload, as);
  const create = (
    fields: Partial<Record<keyof typeof swiss, string | null>> & { isDefault?: boolean },
  ) => call('POST', '/api/bank-accounts', { ...swiss, ...fields });

  it('refuses a bad IBAN with a 400 naming the field and the rule, and stores nothing', async () => {
    const typo = await create({ iban: 'CH93 0076 2011 6238 5295 8' });
    expect(typo.status).toBe(400);
    expect(issuesOf(typo.body)).toEqual(['body.iban:iban-checksum']);
    expect(typo.body.error.message).toContain('check digits');

    const swapped = await create({ iban: swiss.qrIban, qrIban: swiss.iban });
    expect(swapped.status).toBe(400);
    expect(issuesOf(swapped.body)).toEqual([
      'body.iban:qr-iban-not-allowed',
      'body.qrIban:qr-iban',
    ]);

    const dollars = await create({ currency: 'USD' });
    expect(issuesOf(dollars.body)).toEqual(['body.qrIban:qr-currency']);
    const unknown = await create({ currency: 'XYZ' });
    expect(unknown.status).toBe(400);
    expect(issuesOf(unknown.body)[0]).toMatch(/^body\.currency:/);

    const list = await call('GET', '/api/bank-accounts');
    expect((list.body as unknown as { data: Account[] }).data).toEqual([]);
  });

  it('stores a good account normalized; the first of its currency becomes its default', async () => {
    const { status, body } = await create({});
    expect(status).toBe(201);
    expect(body).toMatchObject({
      iban: 'CH9300762011623852957',
      qrIban: 'CH4431999123000889012',
      bic: 'UBSWCHZH80A',
      currency: 'CHF',
      isDefault: true,
      active: true,
      hasInvoices: false,
      version: 1,
      createdBy: 'treasurer@example.org',
    });
    const again = await create({ label: 'Copy' });
    expect(again.status).toBe(400);
    expect(issuesOf(again.body)).toEqual(['body.iban:unique']);
  });

  it('keeps exactly one default per currency: a new default takes it from the old, audited', async () => {
    const second = await create({
      label: 'Reserve CHF',
      iban: 'CH56 0483 5012 3456 7800 9',
      qrIban: null,
      bic: null,
    });
    expect(second.status).toBe(201);
    expect(second.body.isDefault).toBe(false);

    const made = await call('POST', `/api/bank-accounts/${second.body.id}/make-default`, {
      version: second.body.version,
    });
    expect(made.status).toBe(200);
    expect(made.body.isDefault).toBe(true);

    const defaults = await t.database.db
      .selectFrom('bank_accounts')
      .select(['label'])
      .where('currency', '=', 'CHF')
      .where('is_default', '=', true)
      .execute();
    expect(defaults).toEqual([{ label: 'Reserve CHF' }]);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'record_id'])
      .where('table_name', '=', 'bank_accounts')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'create',
      'create',
      'unset-default',
      'make-default',
    ]);

    // Created as the default straight away, in another currency: CHF keeps its own.
    const euro = await create({
      label: 'Fees EUR',
      iban: 'DE89 3704 0044 0532 0130 00',
      qrIban: null,
      bic: 'COBADEFFXXX',
      currency: 'EUR',
      isDefault: true,
    });
    expect(euro.body.isDefault).toBe(true);
    const list = await call('GET', '/api/bank-accounts?isDefault=true&sort=currency');
    const rows = (list.body as unknown as { data: Account[] }).data;
    expect(rows.map((row) => `${row.currency} ${row.label}`)).toEqual([
      'CHF Reserve CHF',
      'EUR Fees EUR',
    ]);
  });

  it('deactivates (never the default), reactivates, and checks the version (409)', async () => {
    const list = await call('GET', '/api/bank-accounts?q=Membership');
    const [first] = (list.body as unknown as { data: Account[] }).data;
    expect(first?.label).toBe('Membership fees CHF');
    const fresh = await call('GET', `/api/bank-accounts/${first?.id}`);

    const off = await call('PATCH', `/api/bank-accounts/${fresh.body.id}`, {
      version: fresh.body.version,
      active: false,
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);

    const stale = await call('PATCH', `/api/bank-accounts/${fresh.body.id}`, {
      version: fresh.body.version,
      label: 'Old fees CHF',
    });
    expectConflict(
      stale,
      /was changed by treasurer@example\.org at .* since you opened it\. Reload/,
    );

    const inactiveDefault = await call('POST', `/api/bank-accounts/${fresh.body.id}/make-default`, {
      version: off.body.version,
    });
    expect(inactiveDefault.status).toBe(400);
    expect(issuesOf(inactiveDefault.body)).toEqual(['action:transition']);

    const reserve = (
      (await call('GET', '/api/bank-accounts?q=reserve')).body as unknown as { data: Account[] }
    ).data[0];
    const current = await call('GET', `/api/bank-accounts/${reserve?.id}`);
    const refused = await call('PATCH', `/api/bank-accounts/${current.body.id}`, {
      version: current.body.version,
      active: false,
    });
    expect(refused.status).toBe(400);
    expect(issuesOf(refused.body)).toEqual(['body.active:is-default']);

    const on = await call('PATCH', `/api/bank-accounts/${fresh.body.id}`, {
      version: off.body.version,
      active: true,
      bic: '',
    });
    expect(on.body).toMatchObject({ active: true, bic: null, isDefault: false });
  });

  it('locks IBAN and currency once invoices name the account', async () => {
    const euro = (
      (await call('GET', '/api/bank-accounts?currency=EUR')).body as unknown as { data: Account[] }
    ).data[0];
    await t.database.db
      .insertInto('invoices')
      .values({
        iid: 'inv1',
        number: '2026-000001',
        kind: 'membership',
        year: 2026,
        currency: 'EUR',
        status: 'issued',
        bank_account_id: euro?.id ?? null,
      })
      .execute();
    const detail = await call('GET', `/api/bank-accounts/${euro?.id}`);
    expect(detail.body.hasInvoices).toBe(true);
    const moved = await call('PATCH', `/api/bank-accounts/${euro?.id}`, {
      version: detail.body.version,
      iban: 'GB82 WEST 1234 5698 7654 32',
    });
    expect(moved.status).toBe(400);
    expect(issuesOf(moved.body)).toEqual(['body.iban:in-use']);
    const renamed = await call('PATCH', `/api/bank-accounts/${euro?.id}`, {
      version: detail.body.version,
      label: 'Membership fees EUR',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.label).toBe('Membership fees EUR');
  });

  it('keeps one default when two operators make different accounts the default at once', async () => {
    const made = await Promise.all(
      ['CH70 0900 0000 3000 0000 1', 'CH52 0483 5012 3456 7100 0'].map((iban, i) =>
        create({ label: `Race ${i}`, iban, qrIban: null, bic: null }),
      ),
    );
    expect(made.map((result) => result.status)).toEqual([201, 201]);
    const results = await Promise.all(
      made.map(({ body }) =>
        call('POST', `/api/bank-accounts/${body.id}/make-default`, { version: body.version }),
      ),
    );
    expect(results.every((result) => result.status === 200 || result.status === 409)).toBe(true);
    const defaults = await t.database.db
      .selectFrom('bank_accounts')
      .select('label')
      .where('currency', '=', 'CHF')
      .where('is_default', '=', true)
      .execute();
    expect(defaults).toHaveLength(1);
    expect(defaults[0]?.label).toMatch(/^Race [01]$/);
  });

  it('lets only roles with bank-accounts.edit write', async () => {
    const membership = await signInAsNewOperator(t, 'clerk@example.org', ['membership']);
    expectForbidden(
      await call('POST', '/api/bank-accounts', swiss, membership),
      'bank-accounts.edit',
    );
    const readable = await call('GET', '/api/bank-accounts', undefined, membership);
    expect(readable.status).toBe(200);
  });
});
