import { clock } from '../lib/clock';
import {
  computeInvoiceTotals,
  donationVatExemption,
  invoiceFixChecks,
  invoiceFixChecksWithoutRepair,
  invoiceNumberKey,
  membershipVatExemption,
  type TCardUnlinkedFinding,
  type TCardVoidInvoiceFinding,
  type TDuplicateInvoicesFinding,
  type TInvoiceFixesSummary,
  type TInvoiceFixResult,
  type TInvoiceLine,
  type TNoMemberFinding,
  type TPaidMemberPendingFinding,
  type TTotalsFinding,
} from '@ops/contract';
import { sql, type Insertable } from 'kysely';
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
import type { InvoicesTable, StripeInvoicesTable } from '../db/schema';
import { buildCreditorReference, buildQrReference } from '../lib/iban';
import { invoiceFixes, memberDigitsFromReference } from './fixes';
import { auditEntriesOf } from '../../test/audit';

type Page<F> = { check: string; count: number; offset: number; limit: number; findings: F[] };

const thisYear = clock.year();
let t: TestApp;
let cookie: string;
let readOnlyCookie: string;
let api: WriteTestApp['api'];

const feeLine = (amount: number): TInvoiceLine => ({
  description: 'Membership fee',
  quantity: 1,
  unitAmountMinor: amount,
  vatRate: null,
  vatExemption: membershipVatExemption,
});

/** An invoice whose totals add up (one fee line of `amount`), unless the fields say otherwise. */
function invoice(
  iid: string,
  number: string,
  fields: Partial<Insertable<InvoicesTable>> & { amount?: number } = {},
): Insertable<InvoicesTable> {
  const { amount = 50_000, ...rest } = fields;
  const isPaid = rest.status === 'paid';
  return {
    iid,
    number,
    member_mid: 'MA',
    kind: 'other',
    year: 2025,
    currency: 'CHF',
    lines: JSON.stringify([feeLine(amount)]),
    subtotal_minor: amount,
    total_minor: amount,
    status: 'issued',
    issue_date: '2025-01-10',
    due_date: '2025-02-09',
    ...(isPaid
      ? {
          paid_at: new Date('2025-01-20T10:00:00Z'),
          paid_amount_minor: amount,
          paid_method: 'bank-transfer' as const,
        }
      : {}),
    ...rest,
  };
}

function card(
  sid: string,
  fields: Partial<Insertable<StripeInvoicesTable>> = {},
): Insertable<StripeInvoicesTable> {
  return {
    sid,
    provider_invoice_id: `in_${sid}`,
    status: 'paid',
    currency: 'CHF',
    amount_due_minor: 50_000,
    amount_paid_minor: fields.status === 'open' ? 0 : 50_000,
    provider_created_at: new Date('2025-03-01T10:00:00Z'),
    paid_at: fields.status === 'open' ? null : new Date('2025-03-02T10:00:00Z'),
    metadata: JSON.stringify({}),
    created_at: new Date(),
    updated_at: new Date(),
    ...fields,
  };
}

const refOf777 = buildQrReference(`777${2025}${'0000001'}`);

beforeAll(async () => {
  ({ t, cookie, readOnlyCookie, api } = await createWriteTestApp('finance@example.org', [
    'finance',
  ]));
  const db = t.database.db;
  await insertMembers(db, [
    memberRow('MA', { number: 'M-000101', paid_through_year: 2030, email: 'ma@example.org' }),
    memberRow('MSURV', { number: 'M-000102', paid_through_year: 2025 }),
    memberRow('MDEL', { number: 'M-000103', deleted_at: new Date() }),
    memberRow('MREF', { number: 'M-000777', paid_through_year: 2030 }),
    // Paid, still pending (and nothing past due); paid through behind; pending but owing.
    memberRow('MP', { number: 'M-000201', status: 'pending-payment', email: 'mp@example.org' }),
    memberRow('MB', { number: 'M-000202', paid_through_year: 2024 }),
    memberRow('MP2', { number: 'M-000203', status: 'pending-payment', paid_through_year: 2024 }),
    memberRow('MOK', { number: 'M-000204', paid_through_year: thisYear }),
    memberRow('MCARD', { number: 'M-000301', email: 'card@example.org', paid_through_year: 2030 }),
  ]);
  // MDEL was merged into MSURV (the member fixes' merge writes this audit entry).
  await db
    .insertInto('audit_log')
    .values({
      actor_uid: null,
      actor_kind: 'system',
      table_name: 'members',
      record_id: 'MDEL',
      action: 'fix:duplicate-name',
      before: JSON.stringify({ deleted_at: null }),
      after: JSON.stringify({ _mergedInto: { mid: 'MSURV', number: 'M-000102' } }),
    })
    .execute();

  await db
    .insertInto('invoices')
    .values([
      // 1. Without a member: N1 (its reference names M-000777), N2 (merged member), N3 (paid);
      //    a void one and a live member's are fine.
      invoice('N1', '2025-000001', { member_mid: null, payment_reference: refOf777 }),
      invoice('N2', '2025-000002', { member_mid: 'MDEL' }),
      invoice('N3', '2025-000003', { member_mid: null, status: 'paid' }),
      invoice('N4', '2025-000004', { member_mid: null, status: 'void' }),
      invoice('N5', '2025-000005'),

      // 2. Numbers that collide: 2026-000123 / 2026-123; INV-7 / inv 7 (both paid); the void
      //    2026-124 collides with nothing live.
      invoice('D1', '2026-000123', { year: 2026, issue_date: '2026-01-05' }),
      invoice('D2', '2026-123', { year: 2026, source: 'csv-import', issue_date: '2026-01-06' }),
      invoice('D3', 'INV-7', { status: 'paid' }),
      invoice('D4', 'inv 7', { status: 'paid' }),
      invoice('D5', '2026-000124', { year: 2026 }),
      invoice('D6', '2026-124', { year: 2026, status: 'void' }),

      // 3. Billed twice: MA 2025 (paid + issued); MSURV 2025 (both paid); MA 2024 (one void).
      invoice('B1', '2025-000201', { kind: 'membership', status: 'paid' }),
      invoice('B2', '2025-000202', { kind: 'membership' }),
      invoice('B3', '2025-000203', { kind: 'membership', member_mid: 'MSURV', status: 'paid' }),
      invoice('B4', '2025-000204', { kind: 'membership', member_mid: 'MSURV', status: 'paid' }),
      invoice('B5', '2024-000205', { kind: 'membership', year: 2024, status: 'paid' }),
      invoice('B6', '2024-000206', { kind: 'membership', year: 2024, status: 'void' }),

      // 4. Totals: T1 stored too low; T2 paid, VAT missing; T3 adds up (VAT + donation); T4's
      //    lines cannot be read.
      invoice('T1', '2025-000401', { total_minor: 40_000 }),
      invoice('T2', '2025-000402', {
        status: 'paid',
        amount: 10_000,
        lines: JSON.stringify([{ ...feeLine(10_000), vatRate: 8.1, vatExemption: null }]),
      }),
      invoice('T3', '2025-000403', {
        lines: JSON.stringify([
          { ...feeLine(617), quantity: 3, vatRate: 8.1, vatExemption: null },
          { ...feeLine(2_500), vatExemption: donationVatExemption, isDonation: true },
        ]),
        subtotal_minor: 1_851,
        vat_minor: 150,
        donation_minor: 2_500,
        total_minor: 4_501,
      }),
      invoice('T4', '2025-000404', {
        lines: JSON.stringify([{ description: 'Broken', quantity: 'one', unitAmountMinor: 5 }]),
      }),

      // 5. Paid, member pending: MP (this year's fee paid), MB (paid 2025, paid through 2024);
      //    MP2 owes a past-due invoice; MOK is fine.
      invoice('P1', `${thisYear}-000501`, {
        kind: 'membership',
        member_mid: 'MP',
        year: thisYear,
        status: 'paid',
        paid_at: new Date(),
      }),
      invoice('P2', '2025-000502', { kind: 'membership', member_mid: 'MB', status: 'paid' }),
      invoice('P3', '2024-000503', {
        kind: 'membership',
        member_mid: 'MP2',
        year: 2024,
        status: 'paid',
      }),
      invoice('P4', '2025-000504', {
        kind: 'membership',
        member_mid: 'MP2',
        due_date: '2025-02-01',
      }),
      invoice('P5', `${thisYear}-000505`, {
        kind: 'membership',
        member_mid: 'MOK',
        year: thisYear,
        status: 'paid',
        paid_at: new Date(),
      }),

      // 6/7. Card payments' invoices.
      invoice('C1', '2025-000601', { member_mid: 'MCARD' }),
      invoice('C2', '2025-000602', { member_mid: 'MCARD', amount: 30_000 }),
      invoice('C3', '2025-000603', { member_mid: 'MCARD', card_invoice_sid: 'S3' }),
      invoice('C7', '2025-000607', { member_mid: 'MCARD', amount: 70_000 }),
      invoice('V1', '2025-000608', { member_mid: 'MCARD', status: 'void' }),
    ])
    .execute();
  await db
    .insertInto('stripe_invoices')
    .values([
      card('S1', { number: '2025-000601' }),
      card('S2', { status: 'open', customer_email: 'Card@Example.org', amount_due_minor: 30_000 }),
      card('S3', { invoice_iid: 'C3', member_mid: 'MCARD' }),
      card('S4', { deleted_at: new Date() }),
      card('S5', { status: 'draft' }),
      card('S6', { invoice_iid: 'V1', member_mid: 'MCARD', number: 'CARD-6' }),
      card('S7', { metadata: JSON.stringify({ invoice_iid: 'C7' }), amount_paid_minor: 70_000 }),
      card('S8', { currency: 'EUR', number: 'EUR-8' }),
    ])
    .execute();
});
afterAll(() => t.close());

const get = <T>(url: string) => api.get<T>(url);
const post = <T = ErrorBody>(url: string, payload: unknown, as = cookie) =>
  api.post<T>(url, payload, as);

async function invoiceOf(iid: string) {
  return t.database.db
    .selectFrom('invoices')
    .selectAll()
    .where('iid', '=', iid)
    .executeTakeFirstOrThrow();
}

function auditOf(table: string, id: string) {
  return auditEntriesOf(t.database.db, table, id).selectAll().orderBy('id').execute();
}

async function auditCount() {
  const row = await t.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the rules of the database and the contract agree', () => {
  it('normalizes invoice numbers alike', async () => {
    const samples = [
      '2026-000123',
      '2026-123',
      '2026 123',
      'INV-007',
      'inv 7',
      '2026-000000',
      'A00B',
      '0',
    ];
    const { rows } = await sql<{ value: string; key: string; standard: string | null }>`
      SELECT value, invoice_number_key(value) AS key,
             invoice_number_standard_of(invoice_number_key(value)) AS standard
        FROM unnest(${samples}::text[]) AS s(value)`.execute(t.database.db);
    for (const row of rows)
      expect([row.value, row.key]).toEqual([row.value, invoiceNumberKey(row.value)]);
    expect(rows.map((row) => row.key)).toEqual([
      '2026123',
      '2026123',
      '2026123',
      'inv7',
      'inv7',
      '20260',
      'a0b',
      '0',
    ]);
    expect(rows[0]?.standard).toBe('2026-000123');
    expect(rows[5]?.standard).toBe('2026-000000');
  });

  it("adds up lines as the contract's computeInvoiceTotals does (VAT half up per line, donations apart)", async () => {
    const samples: TInvoiceLine[][] = [
      [],
      [feeLine(50_000)],
      [{ ...feeLine(617), vatRate: 8.1, vatExemption: null }], // 49.977 → 50
      [{ ...feeLine(20), vatRate: 2.5, vatExemption: null }], // 0.5 → 1
      [{ ...feeLine(6_173), quantity: 7, vatRate: 7.7, vatExemption: null }],
      [
        { ...feeLine(1_999), quantity: 3, vatRate: 8.1, vatExemption: null },
        { ...feeLine(2_500), isDonation: true },
        { ...feeLine(1_000), vatExemption: donationVatExemption },
        { ...feeLine(333), vatRate: 3.8, vatExemption: null },
      ],
    ];
    const { rows } = await sql<{ i: number; totals: string[] }>`
      SELECT i, invoice_lines_totals(lines) AS totals
        FROM unnest(${samples.map((lines) => JSON.stringify(lines))}::jsonb[]) WITH ORDINALITY
             AS s(lines, i) ORDER BY i`.execute(t.database.db);
    rows.forEach((row, index) => {
      const expected = computeInvoiceTotals(samples[index] ?? []);
      expect(row.totals.map(Number)).toEqual([
        expected.subtotalMinor,
        expected.vatMinor,
        expected.donationMinor,
        expected.totalMinor,
      ]);
    });
  });

  it('reads the member digits of QR and creditor references we generate', () => {
    expect(memberDigitsFromReference(refOf777, 2025)).toBe('777');
    expect(memberDigitsFromReference(refOf777, 2024)).toBeNull();
    expect(memberDigitsFromReference(buildCreditorReference(`000123${2026}0000042`), 2026)).toBe(
      '123',
    );
    expect(memberDigitsFromReference('210000000003139471430009018', 2025)).toBeNull(); // bad check digit
    expect(memberDigitsFromReference(null, 2025)).toBeNull();
  });

  it('the registry holds a repair for every check the contract says has one', () => {
    for (const check of invoiceFixChecks) {
      expect(invoiceFixes[check].repair === null, check).toBe(
        invoiceFixChecksWithoutRepair.includes(check),
      );
    }
  });

  it('the checks read their partial indexes', async () => {
    await t.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const plan = async (query: ReturnType<typeof sql>) =>
        (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(trx)).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      expect(
        await plan(sql`SELECT iid FROM invoices i WHERE NOT invoice_totals_match(i.lines,
          i.subtotal_minor, i.vat_minor, i.donation_minor, i.total_minor) ORDER BY number, iid`),
      ).toContain('invoices_fix_totals_idx');
      expect(
        await plan(sql`SELECT invoice_number_key(number) FROM invoices
          WHERE status <> 'void' AND NOT invoice_number_is_standard(number)`),
      ).toContain('invoices_fix_odd_number_idx');
      expect(
        await plan(sql`SELECT iid FROM invoices WHERE member_mid IS NULL AND status <> 'void'
          ORDER BY number, iid`),
      ).toContain('invoices_fix_no_member_idx');
      expect(
        await plan(sql`SELECT sid FROM stripe_invoices WHERE invoice_iid IS NULL
          AND deleted_at IS NULL AND status IN ('open', 'paid')`),
      ).toContain('stripe_invoices_fix_unlinked_idx');
    });
  });
});

describe('the checks', () => {
  it('sums up every check with its count', async () => {
    const { status, body } = await get<TInvoiceFixesSummary>('/api/invoices/fixes');
    expect(status).toBe(200);
    expect(Object.fromEntries(body.checks.map((check) => [check.check, check.count]))).toEqual({
      'no-member': 3,
      'duplicate-number': 2,
      'duplicate-billing': 2,
      totals: 3,
      'paid-member-pending': 2,
      'card-unlinked': 4, // S1, S2, S7, S8 (not S3 linked, S4 deleted, S5 draft)
      'card-void-invoice': 1,
    });
    expect(body.checks.find((check) => check.check === 'card-void-invoice')?.hasRepair).toBe(false);
  });

  it('finds invoices without a live member, proposing the merge survivor or the referenced member', async () => {
    const { body } = await get<Page<TNoMemberFinding>>('/api/invoices/fixes/no-member');
    expect(
      body.findings.map((f) => [
        f.invoice.number,
        f.problem,
        f.proposedMember?.number ?? null,
        f.canVoid,
      ]),
    ).toEqual([
      ['2025-000001', 'no-member', 'M-000777', true],
      ['2025-000002', 'deleted-member', 'M-000102', true],
      ['2025-000003', 'no-member', null, false],
    ]);
    expect(body.findings[0]?.proposedMember?.reason).toBe(
      'the payment reference names member M-000777',
    );
    expect(body.findings[1]?.proposedMember?.reason).toBe('M-000103 was merged into M-000102');
    expect(body.findings[2]?.proposal).toMatch(
      /It is paid: the member is added, nothing else changes, and a reason is required/,
    );

    const second = await get<Page<TNoMemberFinding>>(
      '/api/invoices/fixes/no-member?limit=2&offset=2',
    );
    expect(second.body).toMatchObject({ count: 3, offset: 2, limit: 2 });
    expect(second.body.findings.map((f) => f.invoice.iid)).toEqual(['N3']);
  });

  it('finds numbers that collide once normalized, and membership billed twice', async () => {
    const numbers = await get<Page<TDuplicateInvoicesFinding>>(
      '/api/invoices/fixes/duplicate-number',
    );
    expect(
      numbers.body.findings.map((f) => [f.key, f.invoices.map((i) => i.number), f.proposedVoidIid]),
    ).toEqual([
      ['2026123', ['2026-000123', '2026-123'], 'D2'],
      ['inv7', ['inv 7', 'INV-7'], null],
    ]);
    expect(numbers.body.findings[1]?.proposal).toMatch(/credit note or refund/);

    const billing = await get<Page<TDuplicateInvoicesFinding>>(
      '/api/invoices/fixes/duplicate-billing',
    );
    expect(
      billing.body.findings.map((f) => [f.key, f.invoices.map((i) => i.iid), f.proposedVoidIid]),
    ).toEqual([
      ['M-000101 · 2025', ['B1', 'B2'], 'B2'],
      ['M-000102 · 2025', ['B3', 'B4'], null],
    ]);
  });

  it('finds totals that do not add up, a paid invoice needing confirmation', async () => {
    const { body } = await get<Page<TTotalsFinding>>('/api/invoices/fixes/totals');
    expect(
      body.findings.map((f) => [
        f.invoice.iid,
        f.computed?.totalMinor ?? null,
        f.needsConfirmation,
      ]),
    ).toEqual([
      ['T1', 50_000, false],
      ['T2', 10_810, true],
      ['T4', null, false],
    ]);
    expect(body.findings[0]?.differences).toEqual([
      'total: stored CHF 400.00, the lines add up to CHF 500.00',
    ]);
    expect(body.findings[1]?.proposal).toMatch(
      /paid \(CHF 100.00\): confirm it and say why; the payment is not changed/,
    );
  });

  it('finds paid membership invoices whose member is still pending or paid through an earlier year', async () => {
    const { body } = await get<Page<TPaidMemberPendingFinding>>(
      '/api/invoices/fixes/paid-member-pending',
    );
    expect(body.findings.map((f) => [f.member.number, f.invoice.number, f.problems])).toEqual([
      [
        'M-000201',
        `${thisYear}-000501`,
        [
          'M-000201 is still pending payment',
          `M-000201 has no paid-through year, but paid ${thisYear}`,
        ],
      ],
      ['M-000202', '2025-000502', ['M-000202 is paid through 2024, but paid 2025']],
    ]);
  });

  it('finds unlinked card payments with the invoice they most likely pay', async () => {
    const { body } = await get<Page<TCardUnlinkedFinding>>(
      '/api/invoices/fixes/card-unlinked?limit=10',
    );
    const bySid = Object.fromEntries(body.findings.map((f) => [f.card.sid, f]));
    expect(Object.keys(bySid).sort()).toEqual(['S1', 'S2', 'S7', 'S8']);
    expect(bySid.S1).toMatchObject({ proposedInvoice: { iid: 'C1' }, marksPaid: true });
    expect(bySid.S2).toMatchObject({ proposedInvoice: { iid: 'C2' }, marksPaid: false });
    expect(bySid.S2?.proposedReason).toMatch(/customer e-mail/);
    expect(bySid.S7).toMatchObject({
      proposedInvoice: { iid: 'C7' },
      proposedReason: "its metadata names our invoice's id",
    });
    expect(bySid.S8).toMatchObject({ proposedInvoice: null });

    const voids = await get<Page<TCardVoidInvoiceFinding>>('/api/invoices/fixes/card-void-invoice');
    expect(voids.body.findings.map((f) => [f.card.sid, f.invoice.iid])).toEqual([['S6', 'V1']]);
    expect(voids.body.findings[0]?.proposal).toMatch(/^No automatic repair/);
  });

  it('refuses an unknown check and a bad page with a 400', async () => {
    expectInvalid(await get('/api/invoices/fixes/nonsense'), 'params.check');
    expectInvalid(await get('/api/invoices/fixes/totals?limit=0'), 'query.limit');
  });
});

describe('the repairs', () => {
  it('need invoices.edit: a read-only operator is refused and nothing changes', async () => {
    const before = await invoiceOf('N1');
    for (const [path, body] of [
      ['no-member', { action: 'assign', iid: 'N1', version: 1, memberNumber: 'M-000777' }],
      ['duplicate-number', { iid: 'D2', version: 1, reason: 'x' }],
      ['duplicate-billing', { iid: 'B2', version: 1, reason: 'x' }],
      ['totals', { iid: 'T1', version: 1 }],
      ['paid-member-pending', { iid: 'P1', mid: 'MP', memberVersion: 1 }],
      ['card-unlinked', { sid: 'S1', version: 1, iid: 'C1', invoiceVersion: 1 }],
    ] as const) {
      expectForbidden(
        await post(`/api/invoices/fixes/${path}/repair`, body, readOnlyCookie),
        'invoices.edit',
      );
    }
    expect(await invoiceOf('N1')).toEqual(before);
  });

  it('assigns the proposed member, audited; a stale version is a 409', async () => {
    expectConflict(
      await post('/api/invoices/fixes/no-member/repair', {
        action: 'assign',
        iid: 'N1',
        version: 2,
        memberNumber: 'M-000777',
      }),
      /^Invoice 2025-000001 was changed by/,
    );
    expectInvalid(
      await post('/api/invoices/fixes/no-member/repair', {
        action: 'assign',
        iid: 'N1',
        version: 1,
        memberNumber: 'M-000103',
      }),
      'body.memberNumber',
      'deleted',
    );
    const { status, body } = await post<TInvoiceFixResult>('/api/invoices/fixes/no-member/repair', {
      action: 'assign',
      iid: 'N1',
      version: 1,
      memberNumber: 'M-000777',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe('Invoice 2025-000001 now bills M-000777 Company MREF.');
    expect(await invoiceOf('N1')).toMatchObject({ member_mid: 'MREF', version: 2 });
    const [entry] = await auditOf('invoices', 'N1');
    expect(entry).toMatchObject({ action: 'fix:no-member', before: { member_mid: null } });
    expect((entry?.after as Record<string, unknown>)._reason).toMatch(
      /it had no member; now billed to M-000777/,
    );
  });

  it('adds a member to a paid invoice only when confirmed with a reason, and never voids it', async () => {
    const body = { action: 'assign', iid: 'N3', version: 1, memberNumber: 'M-000101' };
    expectInvalid(
      await post('/api/invoices/fixes/no-member/repair', body),
      'body.confirmPaid',
      'confirm-paid',
    );
    expectInvalid(
      await post('/api/invoices/fixes/no-member/repair', { ...body, confirmPaid: true }),
      'body.reason',
      'required',
    );
    expectInvalid(
      await post('/api/invoices/fixes/no-member/repair', {
        action: 'void',
        iid: 'N3',
        version: 1,
        reason: 'wrong',
      }),
      'body.iid',
      'transition',
    );
    const before = await invoiceOf('N3');
    const { status, body: result } = await post<TInvoiceFixResult>(
      '/api/invoices/fixes/no-member/repair',
      {
        ...body,
        confirmPaid: true,
        reason: 'Bank statement shows M-000101 paid it',
      },
    );
    expect(status).toBe(200);
    expect(result.message).toMatch(/It is paid: only its member was added/);
    const after = await invoiceOf('N3');
    expect(after).toMatchObject({ member_mid: 'MA', status: 'paid', version: 2 });
    for (const field of [
      'paid_at',
      'paid_amount_minor',
      'paid_method',
      'total_minor',
      'lines',
    ] as const) {
      expect(after[field]).toEqual(before[field]);
    }
    const [entry] = await auditOf('invoices', 'N3');
    expect((entry?.after as Record<string, unknown>)._reason).toMatch(
      /Paid invoice: only its member was added; amounts and payment unchanged\. Bank statement shows/,
    );
  });

  it('voids an unpaid invoice of a deleted member with a reason', async () => {
    expectInvalid(
      await post('/api/invoices/fixes/no-member/repair', {
        action: 'void',
        iid: 'N2',
        version: 1,
        reason: '',
      }),
      'body.reason',
    );
    const { status } = await post('/api/invoices/fixes/no-member/repair', {
      action: 'void',
      iid: 'N2',
      version: 1,
      reason: 'Created by mistake',
    });
    expect(status).toBe(200);
    expect(await invoiceOf('N2')).toMatchObject({ status: 'void', version: 2 });
    const [entry] = await auditOf('invoices', 'N2');
    expect(entry).toMatchObject({
      action: 'fix:no-member',
      before: { status: 'issued' },
      after: { status: 'void' },
    });
  });

  it('voids the unpaid duplicate; the last of a group and a paid one are refused', async () => {
    expectInvalid(
      await post('/api/invoices/fixes/duplicate-number/repair', {
        iid: 'D3',
        version: 1,
        reason: 'twice',
      }),
      'body.iid',
      'transition',
    );
    const { status, body } = await post<TInvoiceFixResult>(
      '/api/invoices/fixes/duplicate-number/repair',
      {
        iid: 'D2',
        version: 1,
        reason: 'Imported twice',
      },
    );
    expect(status).toBe(200);
    expect(body.message).toBe('Invoice 2026-123 was voided; 2026-000123 stays.');
    expect(await invoiceOf('D2')).toMatchObject({ status: 'void' });
    const [entry] = await auditOf('invoices', 'D2');
    expect((entry?.after as Record<string, unknown>)._reason).toMatch(
      /Duplicate of 2026-000123\. Imported twice/,
    );
    expectInvalid(
      await post('/api/invoices/fixes/duplicate-number/repair', {
        iid: 'D1',
        version: 1,
        reason: 'x',
      }),
      'body.iid',
      'check',
    );

    const billing = await post<TInvoiceFixResult>('/api/invoices/fixes/duplicate-billing/repair', {
      iid: 'B2',
      version: 1,
      reason: 'Renewal issued twice',
    });
    expect(billing.status).toBe(200);
    expect(await invoiceOf('B2')).toMatchObject({ status: 'void' });
    expect(await invoiceOf('B1')).toMatchObject({ status: 'paid', version: 1 });
  });

  it('recomputes totals; a paid invoice only when confirmed, its payment untouched', async () => {
    const plain = await post<TInvoiceFixResult>('/api/invoices/fixes/totals/repair', {
      iid: 'T1',
      version: 1,
    });
    expect(plain.status).toBe(200);
    expect(await invoiceOf('T1')).toMatchObject({ total_minor: '50000', version: 2 });
    const [plainEntry] = await auditOf('invoices', 'T1');
    expect(plainEntry).toMatchObject({
      action: 'fix:totals',
      before: { total_minor: '40000' },
      after: { total_minor: '50000' },
    });

    expectInvalid(
      await post('/api/invoices/fixes/totals/repair', { iid: 'T2', version: 1 }),
      'body.confirmPaid',
      'confirm-paid',
    );
    expectInvalid(
      await post('/api/invoices/fixes/totals/repair', { iid: 'T2', version: 1, confirmPaid: true }),
      'body.reason',
      'required',
    );
    const paid = await post<TInvoiceFixResult>('/api/invoices/fixes/totals/repair', {
      iid: 'T2',
      version: 1,
      confirmPaid: true,
      reason: 'VAT line was added after payment; credit note to follow',
    });
    expect(paid.status).toBe(200);
    expect(paid.body.message).toMatch(
      /its payment of CHF 100\.00 was not changed; it differs from the new total by CHF 8\.10/,
    );
    expect(await invoiceOf('T2')).toMatchObject({
      status: 'paid',
      subtotal_minor: '10000',
      vat_minor: '810',
      total_minor: '10810',
      paid_amount_minor: '10000',
      // Issue 16: a paid invoice keeps no balance; the difference is written off, visibly.
      written_off_minor: '810',
      balance_minor: '0',
    });
    expect(paid.body.message).toMatch(/CHF 8\.10 written off on the invoice/);
    const writeOffs = await t.database.db
      .selectFrom('money_movements')
      .select(['kind', 'amount_minor', 'reason'])
      .where('invoice_iid', '=', 'T2')
      .where('kind', '=', 'write-off')
      .execute();
    expect(writeOffs).toEqual([
      { kind: 'write-off', amount_minor: '810', reason: 'totals corrected after payment' },
    ]);
    const [entry] = await auditOf('invoices', 'T2');
    expect(entry).toMatchObject({
      action: 'fix:totals',
      before: { vat_minor: '0', total_minor: '10000' },
      after: { vat_minor: '810', total_minor: '10810', paid_amount_minor: '10000' },
    });

    expectInvalid(
      await post('/api/invoices/fixes/totals/repair', { iid: 'T4', version: 1 }),
      'body.iid',
      'lines',
    );
    expectInvalid(
      await post('/api/invoices/fixes/totals/repair', { iid: 'T3', version: 1 }),
      'body.iid',
      'check',
    );
  });

  it('runs rule 2 for a paid invoice: active, paid through, certificate, audited', async () => {
    const { status, body } = await post<TInvoiceFixResult>(
      '/api/invoices/fixes/paid-member-pending/repair',
      {
        iid: 'P1',
        mid: 'MP',
        memberVersion: 1,
        reason: 'Paid at the counter; rule 2 never ran',
      },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toMatch(
      /M-000201 is now active \(was pending payment\); M-000201 is paid through \d{4}; membership certificate \d{4} issued/,
    );
    const member = await t.database.db
      .selectFrom('members')
      .selectAll()
      .where('mid', '=', 'MP')
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({ status: 'active', paid_through_year: thisYear });
    const certificate = await t.database.db
      .selectFrom('certificates')
      .select(['status', 'year'])
      .where('member_mid', '=', 'MP')
      .executeTakeFirstOrThrow();
    expect(certificate).toEqual({ status: 'issued', year: thisYear });
    expect(await invoiceOf('P1')).toMatchObject({ status: 'paid', version: 1 });
    const entries = await auditOf('members', 'MP');
    expect(entries.map((e) => e.action)).toEqual(['status', 'fix:paid-member-pending']);
    expect((entries[1]?.after as Record<string, unknown>)._reason).toMatch(/Paid at the counter/);

    // Again, with the old version: 409; with the new one: nothing to fix.
    expectConflict(
      await post('/api/invoices/fixes/paid-member-pending/repair', {
        iid: 'P1',
        mid: 'MP',
        memberVersion: 1,
      }),
      /^Member M-000201 \(Company MP\) was changed by/,
    );
    expectInvalid(
      await post('/api/invoices/fixes/paid-member-pending/repair', {
        iid: 'P1',
        mid: 'MP',
        memberVersion: member.version,
      }),
      'body.mid',
      'check',
    );

    const behind = await post('/api/invoices/fixes/paid-member-pending/repair', {
      iid: 'P2',
      mid: 'MB',
      memberVersion: 1,
    });
    expect(behind.status).toBe(200);
    expect(
      await t.database.db
        .selectFrom('members')
        .select('paid_through_year')
        .where('mid', '=', 'MB')
        .executeTakeFirstOrThrow(),
    ).toEqual({ paid_through_year: 2025 });
  });

  it('links a card payment and marks our issued invoice paid by card', async () => {
    expectInvalid(
      await post('/api/invoices/fixes/card-unlinked/repair', {
        sid: 'S8',
        version: 1,
        iid: 'C2',
        invoiceVersion: 1,
      }),
      'body.iid',
      'currency',
    );
    const { status, body } = await post<TInvoiceFixResult>(
      '/api/invoices/fixes/card-unlinked/repair',
      {
        sid: 'S1',
        version: 1,
        iid: 'C1',
        invoiceVersion: 1,
      },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe(
      'Card payment 2025-000601 is linked to invoice 2025-000601. It is now paid by card.',
    );
    expect(await invoiceOf('C1')).toMatchObject({
      status: 'paid',
      card_invoice_sid: 'S1',
      paid_method: 'card',
      paid_reference: 'in_S1',
      paid_amount_minor: '50000',
    });
    const linked = await t.database.db
      .selectFrom('stripe_invoices')
      .selectAll()
      .where('sid', '=', 'S1')
      .executeTakeFirstOrThrow();
    expect(linked).toMatchObject({ invoice_iid: 'C1', member_mid: 'MCARD', version: 2 });
    expect((await auditOf('stripe_invoices', 'S1')).map((e) => e.action)).toEqual([
      'fix:card-unlinked',
    ]);
    expect((await auditOf('invoices', 'C1')).map((e) => e.action)).toEqual([
      'fix:card-unlinked',
      'mark-paid',
    ]);

    const open = await post<TInvoiceFixResult>('/api/invoices/fixes/card-unlinked/repair', {
      sid: 'S2',
      version: 1,
      iid: 'C2',
      invoiceVersion: 1,
    });
    expect(open.status).toBe(200);
    expect(await invoiceOf('C2')).toMatchObject({ status: 'issued', card_invoice_sid: 'S2' });
    expectInvalid(
      await post('/api/invoices/fixes/card-unlinked/repair', {
        sid: 'S2',
        version: 2,
        iid: 'C2',
        invoiceVersion: 2,
      }),
      'body.sid',
      'check',
    );
  });

  it('rolls everything back when a step fails mid-way', async () => {
    const db = t.database.db;
    // Marking the invoice paid comes after both links are written: make it fail.
    await sql`CREATE FUNCTION fail_mark_paid() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN IF NEW.status = 'paid' THEN RAISE EXCEPTION 'refused by the test'; END IF;
                RETURN NEW; END $$`.execute(db);
    await sql`CREATE TRIGGER fail_mark_paid BEFORE UPDATE ON invoices
                FOR EACH ROW EXECUTE FUNCTION fail_mark_paid()`.execute(db);
    const auditBefore = await auditCount();
    try {
      const response = await post('/api/invoices/fixes/card-unlinked/repair', {
        sid: 'S7',
        version: 1,
        iid: 'C7',
        invoiceVersion: 1,
      });
      expect(response.status).toBe(500);
    } finally {
      await sql`DROP TRIGGER fail_mark_paid ON invoices`.execute(db);
      await sql`DROP FUNCTION fail_mark_paid()`.execute(db);
    }
    expect(await invoiceOf('C7')).toMatchObject({
      status: 'issued',
      card_invoice_sid: null,
      version: 1,
    });
    expect(
      await db
        .selectFrom('stripe_invoices')
        .select(['invoice_iid', 'version'])
        .where('sid', '=', 'S7')
        .executeTakeFirstOrThrow(),
    ).toEqual({ invoice_iid: null, version: 1 });
    expect(await auditCount()).toBe(auditBefore);
  });
});
