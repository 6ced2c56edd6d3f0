import { clock } from '../lib/clock';
import type { TInvoiceActionResult } from '@ops/contract';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signInAsNewOperator } from '../../test/app';
import { apiAs } from '../../test/requests';
import { renewMemberships } from '../invoices';
import { renderInvoicePdf } from '../invoices/pdf';
import { insertDefaultQrAccount, insertInvoice, insertMember } from '../invoices/pdf-test-support';
import type { InvoicesTable } from '../db/schema';
import { loadCountries } from '../seed/countries';
import { mailContext, pay, systemActor } from './ledger-test-support';
import { pdfText } from '../../test/pdf-text';

/** Member credit pays a newly issued invoice first (issue 16). */
describe('member credit applied on issue', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  let account: string;

  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t, await signInAsNewOperator(t, 'finance@example.org', ['finance']));
    await loadCountries(t.database.pool);
    account = await insertDefaultQrAccount(t.database.db);
  });
  afterAll(() => t.close());

  /** An issued CHF invoice of 1,275.00 (kind other: no membership side effects) of `member`. */
  const insertOtherInvoice = (
    member: { mid: string },
    fields: Partial<Insertable<InvoicesTable>> = {},
  ) =>
    insertInvoice(t.database.db, {
      currency: 'CHF',
      kind: 'other',
      member_mid: member.mid,
      bank_account_id: account,
      ...fields,
    });

  /** A member with `creditMinor` of credit: an invoice of 1,275.00 overpaid by that much. */
  async function memberWithCredit(creditMinor: number) {
    const member = await insertMember(t.database.db);
    const invoice = await insertOtherInvoice(member);
    await pay(t.database.db, invoice.iid, 127_500 + creditMinor, '2026-02-02');
    return member;
  }

  it('pays an invoice the credit covers in full: its PDF shows the credit and asks nothing', async () => {
    const member = await memberWithCredit(200_000);
    const draft = await insertOtherInvoice(member, {
      number: 'DRAFT-990101',
      status: 'draft',
      issue_date: null,
      due_date: null,
    });
    const { status, body } = await api.post<TInvoiceActionResult>(
      `/api/invoices/${draft.iid}/issue`,
      { version: 1 },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.invoice.status).toBe('paid');
    expect(body.message).toContain(
      "CHF\u00a01,275.00 of the member's credit applied, so it is paid",
    );
    const movements = await t.database.db
      .selectFrom('money_movements')
      .select(['kind', 'settles_minor', 'credit_minor'])
      .where('member_mid', '=', member.mid)
      .where('kind', '=', 'credit-applied')
      .execute();
    expect(movements).toEqual([
      { kind: 'credit-applied', settles_minor: '127500', credit_minor: '-127500' },
    ]);
    const text = pdfText(await renderInvoicePdf(t.database.db, draft.iid));
    expect(text).toContain('PAID');
    expect(text).toContain('Credit applied from your account');
    expect(text).toMatch(/Amount due CHF\n0\.00/);
    expect(text).not.toContain('Payment part');
  });

  it('leaves an invoice issued with no credit exactly as before', async () => {
    const member = await insertMember(t.database.db);
    const draft = await insertOtherInvoice(member, {
      number: 'DRAFT-990102',
      status: 'draft',
      issue_date: null,
      due_date: null,
    });
    const { body } = await api.post<TInvoiceActionResult>(`/api/invoices/${draft.iid}/issue`, {
      version: 1,
    });
    expect(body.invoice.status).toBe('issued');
    expect(body.message).not.toContain('credit');
    const text = pdfText(await renderInvoicePdf(t.database.db, draft.iid));
    expect(text).not.toContain('Credit applied');
    expect(text).not.toContain('Amount due');
    expect(text).toContain('CHF 1’275.00');
  });

  it('prints a part payment and asks only the balance, in the payment details and the QR-bill', async () => {
    const member = await insertMember(t.database.db);
    const invoice = await insertOtherInvoice(member);
    await pay(t.database.db, invoice.iid, 50_000, '2026-02-03');
    const text = pdfText(await renderInvoicePdf(t.database.db, invoice.iid));
    expect(text).toMatch(/Paid\n-500\.00/);
    expect(text).toMatch(/Amount due CHF\n775\.00/);
    expect(text).toContain('CHF 775.00, by');
    expect(text).toContain('Payment part');
    expect(text).not.toContain('Credit applied');
  });

  it('applies credit to the invoices of a renewal batch, found by one query', async () => {
    const year = clock.year() + 3;
    const rich = await memberWithCredit(500_000);
    const some = await memberWithCredit(10_000);
    const none = await insertMember(t.database.db);
    const run = await renewMemberships(
      t.database.db,
      systemActor,
      { year, sendEmails: false },
      mailContext,
    );
    expect(run.status).toBe('succeeded');
    const renewed = await t.database.db
      .selectFrom('invoices')
      .select(['member_mid', 'status', 'total_minor', 'paid_minor', 'balance_minor'])
      .where('year', '=', year)
      .where('member_mid', 'in', [rich.mid, some.mid, none.mid])
      .execute();
    const of = (mid: string) => renewed.find((row) => row.member_mid === mid);
    expect(of(rich.mid)).toMatchObject({ status: 'paid', balance_minor: '0' });
    expect(of(rich.mid)?.paid_minor).toBe(of(rich.mid)?.total_minor);
    expect(of(some.mid)).toMatchObject({ status: 'issued', paid_minor: '10000' });
    expect(Number(of(some.mid)?.balance_minor)).toBe(Number(of(some.mid)?.total_minor) - 10_000);
    expect(of(none.mid)).toMatchObject({ status: 'issued', paid_minor: '0' });
  });
});
