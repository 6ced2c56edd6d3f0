import { expect, type Page } from '@playwright/test';
import { withDatabase } from './database';
import { todayAtHeadquarters } from './headquarters-day';

/** A day `days` before today at headquarters, as YYYY-MM-DD. */
function daysAgo(days: number): string {
  const today = new Date(`${todayAtHeadquarters()}T12:00:00Z`);
  return new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A member of this test alone with an invoice that is issued, partially paid (a payment booked by
 * hand, through the API) and overdue, with a reminder sent: every table of an invoice and of the
 * member's ledger has rows, and the list shows three badges for it.
 */
export async function partlyPaidOverdueInvoice(page: Page) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    mid: `e2enarm${suffix}`.slice(0, 20),
    legalName: `Narrow Screen Logistics ${suffix.toUpperCase()} AG`,
  };
  const invoice = {
    iid: `e2enari${suffix}`.slice(0, 20),
    number: `E2E-NAR-${suffix}`.slice(0, 24),
  };
  const year = Number(daysAgo(70).slice(0, 4));
  await withDatabase(async ({ db }) => {
    const account = await db
      .selectFrom('bank_accounts')
      .select('id')
      .where('currency', '=', 'CHF')
      .where('is_default', '=', true)
      .executeTakeFirst();
    await db
      .insertInto('members')
      .values({
        mid: member.mid,
        number: `E2E-${suffix}`.slice(0, 20),
        category: 'individual',
        status: 'active',
        legal_name: member.legalName,
        country_iso2: 'CH',
        email: `narrow-${suffix}@example.org`,
      })
      .execute();
    await db
      .insertInto('invoices')
      .values({
        iid: invoice.iid,
        number: invoice.number,
        member_mid: member.mid,
        kind: 'membership',
        year,
        currency: 'CHF',
        status: 'issued',
        issue_date: daysAgo(70),
        due_date: daysAgo(40),
        bank_account_id: account?.id ?? null,
        payment_reference: '21 00000 00003 13947 14300 09017',
        lines: JSON.stringify([
          {
            description: `Membership ${year}, individual member with the federation's annual yearbook`,
            quantity: 1,
            unitAmountMinor: 1_295_000,
            vatRate: null,
            vatExemption: 'Outside the scope of Swiss VAT',
          },
        ]),
        subtotal_minor: 1_295_000,
        total_minor: 1_295_000,
      })
      .execute();
    await db
      .insertInto('dunning_notices')
      .values({
        id: `e2enard${suffix}`.slice(0, 20),
        invoice_iid: invoice.iid,
        member_mid: member.mid,
        level: 1,
        as_of: daysAgo(30),
        channel: 'postal',
      })
      .execute();
    await db
      .updateTable('invoices')
      .set({ dunning_level: 1, dunning_level_on: daysAgo(30) })
      .where('iid', '=', invoice.iid)
      .execute();
  });
  const read = await page.request.get(`/api/invoices/${invoice.iid}`);
  expect(read.status(), await read.text()).toBe(200);
  const { version } = (await read.json()) as { version: number };
  const paid = await page.request.post(`/api/invoices/${invoice.iid}/mark-paid`, {
    data: {
      version,
      paidAt: daysAgo(10),
      amountMinor: 500_000,
      method: 'bank-transfer',
      reference: `NARROW-SCREEN-BANK-TRANSFER-${suffix.toUpperCase()}`,
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { member, invoice, suffix };
}
