import {
  computeInvoiceTotals,
  membershipVatExemption,
  type TInvoiceActionResult,
  type TInvoiceDetail,
} from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { createWriteTestApp, insertMembers } from '../../test/fixtures';
import type { apiAs } from '../../test/requests';
import { expectConflict, expectForbidden, expectInvalid } from '../../test/requests';
import { todayAtHeadquarters } from '../lib/dates';
import { buildSwissIban, isValidCreditorReference, isValidQrReference } from '../lib/iban';
import { addDays } from './lifecycle';
import { auditEntriesOf } from '../../test/audit';

const thisYear = Number(todayAtHeadquarters().slice(0, 4));

const feeLine = {
  description: 'Membership fee – individual member',
  quantity: 1,
  unitAmountMinor: 95_000,
  vatRate: null,
  vatExemption: membershipVatExemption,
};
const serviceLine = {
  description: 'Training seminar (2 seats)',
  quantity: 2,
  unitAmountMinor: 12_345,
  vatRate: 8.1,
  vatExemption: null,
};

describe('invoices: drafts and the life cycle', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  let readOnlyCookie: string;

  beforeAll(async () => {
    ({ t, api, readOnlyCookie } = await createWriteTestApp('finance@example.org', ['finance']));
    const account = (id: string, currency: string, qr: boolean, active = true) => ({
      id,
      label: `Fees ${currency}${active ? '' : ' (closed)'}`,
      bank_name: 'Test Bank AG',
      holder_name: 'Federation',
      holder_address: 'Seefeldstrasse 45, 8008 Zürich, Switzerland',
      iban: buildSwissIban('04835', id.replace(/\D/g, '').padStart(12, '0')),
      qr_iban: qr ? buildSwissIban('30835', id.replace(/\D/g, '').padStart(12, '0')) : null,
      currency,
      is_default: active,
      active,
    });
    await t.database.db
      .insertInto('bank_accounts')
      .values([
        account('ba1', 'CHF', true),
        account('ba2', 'USD', false),
        account('ba3', 'EUR', false, false),
      ])
      .execute();
    await insertMembers(t.database.db, [
      {
        mid: 'm-pending',
        number: 'M-000101',
        category: 'individual',
        status: 'pending-payment',
        legal_name: 'Rheinhafen Spedition AG',
        country_iso2: 'CH',
        email: 'office@rheinhafen.example',
      },
      {
        mid: 'm-active',
        number: 'M-000102',
        category: 'individual',
        status: 'active',
        legal_name: 'Lago Cargo SA',
        country_iso2: 'IT',
        paid_through_year: thisYear - 1,
      },
      {
        mid: 'm-gone',
        number: 'M-000103',
        category: 'individual',
        status: 'active',
        legal_name: 'Deleted Freight Ltd',
        country_iso2: 'GB',
        deleted_at: new Date(),
      },
    ]);
  });
  afterAll(() => t.close());

  const draft = (fields: Record<string, unknown> = {}) => ({
    memberMid: 'm-pending',
    kind: 'membership',
    year: thisYear,
    currency: 'CHF',
    lines: [feeLine],
    ...fields,
  });
  const create = (fields: Record<string, unknown> = {}) =>
    api.post<TInvoiceDetail>('/api/invoices', draft(fields));

  it('creates a draft with totals computed on the server, numbered apart from issued invoices', async () => {
    const { status, body } = await create({
      kind: 'other',
      lines: [
        feeLine,
        serviceLine,
        {
          ...feeLine,
          description: 'Donation',
          unitAmountMinor: 2_500,
          isDonation: true,
          vatExemption: 'Outside the scope of Swiss VAT (donation)',
        },
      ],
      // Whatever a client sends as totals is not read.
      totalMinor: 1,
    });
    expect(status, JSON.stringify(body)).toBe(201);
    const totals = computeInvoiceTotals([feeLine, serviceLine]);
    expect(body).toMatchObject({
      status: 'draft',
      source: 'manual',
      kind: 'other',
      subtotalMinor: String(95_000 + 24_690),
      vatMinor: String(totals.vatMinor),
      donationMinor: '2500',
      totalMinor: String(95_000 + 24_690 + totals.vatMinor + 2_500),
      actions: ['edit', 'issue', 'void'],
      version: 1,
      member: { mid: 'm-pending', number: 'M-000101', name: 'Rheinhafen Spedition AG' },
    });
    expect(body.number).toMatch(/^DRAFT-\d{6}$/);
    expect(totals.vatMinor).toBe(2_000); // 246.90 × 8.1 % = 19.9989 → 20.00
  });

  it('refuses a bad draft with a 400 naming the field and the rule', async () => {
    expectInvalid(await create({ memberMid: 'nobody' }), 'body.memberMid', 'exists');
    expectInvalid(await create({ memberMid: 'm-gone' }), 'body.memberMid', 'deleted');
    expectInvalid(await create({ lines: [] }), 'body.lines');
    expectInvalid(await create({ currency: 'GBP' }), 'body.currency');
    expectInvalid(
      await create({ bankAccountId: 'ba3', currency: 'EUR' }),
      'body.bankAccountId',
      'active',
    );
    expectInvalid(await create({ bankAccountId: 'ba2' }), 'body.bankAccountId', 'currency');
    expectInvalid(await create({ issueDate: '2026-03-01', dueDate: '2026-02-01' }), 'body.dueDate');
    expectInvalid(
      await create({ lines: [{ ...serviceLine, vatRate: null, vatExemption: null }] }),
      'body.lines.0.vatExemption',
    );
    expectInvalid(
      await create({ lines: [{ ...serviceLine, quantity: 0.5 }] }),
      'body.lines.0.quantity',
    );
  });

  it('edits a draft at the version read; a stale version is a 409, a reader is refused', async () => {
    const created = (await create({ memberMid: 'm-active', kind: 'licence' })).body;
    const edit = (version: number, fields: Record<string, unknown> = {}) =>
      api.patch<TInvoiceDetail>(`/api/invoices/${created.iid}`, {
        ...draft({ memberMid: 'm-active', kind: 'licence' }),
        lines: [serviceLine],
        version,
        ...fields,
      });
    const edited = await edit(1);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ version: 2, subtotalMinor: '24690', lines: [serviceLine] });
    expectConflict(await edit(1), /was changed by finance@example\.org at .* since you opened it/);
    expectForbidden(
      await api.patch(`/api/invoices/${created.iid}`, { ...draft(), version: 2 }, readOnlyCookie),
      'invoices.edit',
    );
    expectForbidden(await api.post('/api/invoices', draft(), readOnlyCookie), 'invoices.edit');

    const history = await api.get<{ entries: { action: string }[] } | { action: string }[]>(
      `/api/audit/invoices/${created.iid}`,
    );
    expect(JSON.stringify(history.body)).toContain('update');
  });

  it('issues a draft: number of its year, dates, QR reference, e-mail with the PDF', async () => {
    const created = (await create()).body;
    const { status, body } = await api.post<TInvoiceActionResult>(
      `/api/invoices/${created.iid}/issue`,
      { version: 1, sendEmail: true },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const today = todayAtHeadquarters();
    expect(body.invoice).toMatchObject({
      status: 'issued',
      issueDate: today,
      dueDate: addDays(today, 30),
      bankAccount: { id: 'ba1' },
      actions: ['mark-paid', 'void', 'uncollectible'],
      version: 2,
    });
    expect(body.invoice.number).toMatch(new RegExp(`^${thisYear}-\\d{6}$`));
    expect(isValidQrReference(body.invoice.paymentReference ?? '')).toBe(true);
    expect(body.message).toContain('e-mailed to office@rheinhafen.example');

    const email = await t.database.db
      .selectFrom('emails')
      .select(['eid', 'to_addresses', 'kind', 'subject'])
      .where('related_id', '=', created.iid)
      .executeTakeFirstOrThrow();
    expect(email).toMatchObject({
      to_addresses: ['office@rheinhafen.example'],
      kind: 'invoice-issued',
      // A Swiss member writes in German by its country's default (issue 17).
      subject: `Rechnung ${body.invoice.number} des Verbands`,
    });
    const attachment = await t.database.db
      .selectFrom('email_attachments')
      .selectAll()
      .where('eid', '=', email.eid)
      .executeTakeFirstOrThrow();
    expect(attachment).toMatchObject({ content_type: 'application/pdf' });

    // Issued once: issuing again, or editing, is a move the life cycle refuses.
    expectInvalid(
      await api.post(`/api/invoices/${created.iid}/issue`, { version: 2 }),
      'params.iid',
      'transition',
    );
    expectInvalid(
      await api.patch(`/api/invoices/${created.iid}`, { ...draft(), version: 2 }),
      'params.iid',
      'transition',
    );
  });

  it('numbers issued invoices without gaps and uses a creditor reference without a QR-IBAN', async () => {
    const a = (await create({ memberMid: 'm-active', kind: 'other', currency: 'USD' })).body;
    const b = (await create({ memberMid: 'm-active', kind: 'other', currency: 'USD' })).body;
    const void1 = await api.post(`/api/invoices/${a.iid}/void`, { version: 1, reason: 'Typo' });
    expect(void1.status).toBe(200);
    const issued = (
      await api.post<TInvoiceActionResult>(`/api/invoices/${b.iid}/issue`, { version: 1 })
    ).body.invoice;
    expect(isValidCreditorReference(issued.paymentReference ?? '')).toBe(true);
    expect(issued.bankAccount?.id).toBe('ba2');
    const numbers = await t.database.db
      .selectFrom('invoices')
      .select('number')
      .where('number', 'like', `${thisYear}-%`)
      .orderBy('number')
      .execute();
    expect(numbers.map((row) => Number(row.number.slice(5)))).toEqual(numbers.map((_, i) => i + 1));
  });

  it('refuses a second membership invoice of the same member and year', async () => {
    expectInvalid(await create(), 'body.year', 'duplicate');
  });

  it('marks paid with rule 2: member active, paid through the year, certificate issued and e-mailed', async () => {
    const [invoice] = (
      await api.get<{ data: { iid: string }[] }>(
        `/api/invoices?member=m-pending&status=issued&kind=membership`,
      )
    ).body.data;
    if (!invoice) throw new Error('the issued membership invoice is not listed');
    const pay = (version: number, fields: Record<string, unknown> = {}) =>
      api.post<TInvoiceActionResult>(`/api/invoices/${invoice.iid}/mark-paid`, {
        version,
        paidAt: todayAtHeadquarters(),
        amountMinor: 95_000,
        method: 'bank-transfer',
        reference: 'STMT-0114-17',
        ...fields,
      });
    expectConflict(await pay(1), /was changed by/);
    expectInvalid(await pay(2, { amountMinor: 0 }), 'body.amountMinor');
    expectInvalid(await pay(2, { paidAt: '2999-01-01' }), 'body.paidAt', 'not-future');
    expectForbidden(
      await api.post(`/api/invoices/${invoice.iid}/mark-paid`, { version: 2 }, readOnlyCookie),
    );

    const { status, body } = await pay(2);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.invoice).toMatchObject({
      status: 'paid',
      paidAmountMinor: '95000',
      paidMethod: 'bank-transfer',
      paidReference: 'STMT-0114-17',
      actions: [],
    });
    expect(body.memberEffects).toEqual([
      'M-000101 is now active (was pending payment)',
      `M-000101 is paid through ${thisYear}`,
      `membership certificate ${thisYear} issued`,
    ]);
    expect(body.invoice.member).toMatchObject({ status: 'active', paidThroughYear: thisYear });
    expect(body.invoice.certificate?.status).toBe('issued');
    const certificateEmail = await t.database.db
      .selectFrom('emails')
      .select('kind')
      .where('related_id', '=', body.invoice.certificate?.cid ?? '')
      .executeTakeFirst();
    expect(certificateEmail?.kind).toBe('certificate-issued');

    // A paid invoice never moves back.
    const version = body.invoice.version;
    for (const action of ['void', 'uncollectible']) {
      expectInvalid(
        await api.post(`/api/invoices/${invoice.iid}/${action}`, { version, reason: 'Oops' }),
        'params.iid',
        'transition',
      );
    }
    expectInvalid(await pay(version), 'params.iid', 'transition');
    expectInvalid(
      await api.post(`/api/invoices/${invoice.iid}/issue`, { version }),
      'params.iid',
      'transition',
    );
  });

  it('voids and writes off with a required reason, audited; a draft cannot be written off or paid', async () => {
    const first = (await create({ memberMid: 'm-active', kind: 'other' })).body;
    expectInvalid(
      await api.post(`/api/invoices/${first.iid}/uncollectible`, { version: 1, reason: 'Gone' }),
      'params.iid',
      'transition',
    );
    expectInvalid(
      await api.post(`/api/invoices/${first.iid}/mark-paid`, {
        version: 1,
        paidAt: todayAtHeadquarters(),
        amountMinor: 100,
        method: 'cash',
      }),
      'params.iid',
      'transition',
    );
    const issued = (
      await api.post<TInvoiceActionResult>(`/api/invoices/${first.iid}/issue`, { version: 1 })
    ).body.invoice;
    expectInvalid(
      await api.post(`/api/invoices/${first.iid}/uncollectible`, {
        version: issued.version,
        reason: ' ',
      }),
      'body.reason',
    );
    const writtenOff = await api.post<TInvoiceActionResult>(
      `/api/invoices/${first.iid}/uncollectible`,
      {
        version: issued.version,
        reason: 'Company dissolved, no assets',
      },
    );
    expect(writtenOff.status).toBe(200);
    expect(writtenOff.body.invoice).toMatchObject({ status: 'uncollectible', actions: [] });
    expectInvalid(
      await api.post(`/api/invoices/${first.iid}/void`, {
        version: writtenOff.body.invoice.version,
        reason: 'Too late',
      }),
      'params.iid',
      'transition',
    );
    const audit = await auditEntriesOf(t.database.db, 'invoices', first.iid)
      .select(['action', 'after'])
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'issue', 'uncollectible']);
    expect(audit[2]?.after).toMatchObject({ _reason: 'Company dissolved, no assets' });

    const second = (await create({ memberMid: 'm-active', kind: 'other' })).body;
    const voided = await api.post<TInvoiceActionResult>(`/api/invoices/${second.iid}/void`, {
      version: 1,
      reason: 'Created by mistake',
    });
    expect(voided.body.invoice.status).toBe('void');
  });

  it('answers 404 for an unknown invoice', async () => {
    const { status } = await api.get('/api/invoices/nope');
    expect(status).toBe(404);
  });
});
