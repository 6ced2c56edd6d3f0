import { yearAtHeadquarters } from './support/headquarters-day';
import { withDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { cardInvoice, eventOf, postSignedEvent } from './support/payments';

const thisYear = yearAtHeadquarters();

/** A member of its own with an issued membership invoice of this year (CHF 950.00). */
async function memberWithIssuedInvoice() {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const mid = `e2epay${suffix}`.slice(0, 20);
  const iid = `e2epayinv${suffix}`.slice(0, 20);
  const legalName = `Card Paying Cargo ${suffix.toUpperCase()} SA`;
  const invoiceNumber = `E2E-PAY-${suffix}`;
  await withDatabase(async (database) => {
    await database.db
      .insertInto('members')
      .values({
        mid,
        number: `E2P-${suffix}`.slice(0, 20),
        category: 'individual',
        status: 'pending-payment',
        legal_name: legalName,
        country_iso2: 'CH',
      })
      .execute();
    await database.db
      .insertInto('invoices')
      .values({
        iid,
        number: invoiceNumber,
        member_mid: mid,
        kind: 'membership',
        year: thisYear,
        issue_date: `${thisYear}-01-05`,
        due_date: `${thisYear}-02-04`,
        currency: 'CHF',
        subtotal_minor: 95_000,
        total_minor: 95_000,
        status: 'issued',
      })
      .execute();
  });
  return { mid, iid, legalName, invoiceNumber, suffix };
}

test('a signed card payment shows in Payments, with its events, and pays the linked invoice', async ({
  operatorPage: page,
}) => {
  const member = await memberWithIssuedInvoice();
  const providerId = `in_e2e_${member.suffix}`;
  const created = Math.floor(Date.now() / 1000) - 600;

  // The provider posts two events, as it would: finalized, then paid. No session, no Origin.
  for (const [type, status, at] of [
    ['invoice.finalized', 'open', created + 60],
    ['invoice.paid', 'paid', created + 120],
  ] as const) {
    const response = await postSignedEvent(
      page.request,
      eventOf(type, cardInvoice(providerId, status, created, member), at),
    );
    expect(response.status(), await response.text()).toBe(200);
  }

  // A forged delivery is refused.
  const refused = await postSignedEvent(
    page.request,
    eventOf('invoice.paid', cardInvoice('in_forged', 'paid', created, member), created),
    'whsec_not_the_secret',
  );
  expect(refused.status()).toBe(400);

  // The list finds it by the customer's e-mail.
  const cardNumber = `CARD-${member.suffix.toUpperCase()}`;
  await page.goto(`/stripe-invoices?q=${encodeURIComponent(`billing-${member.suffix}`)}`);
  const row = page.getByRole('row').filter({ hasText: cardNumber });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText(member.invoiceNumber);
  await expect(row).toContainText('CHF 950.00');
  await page.getByRole('link', { name: cardNumber, exact: true }).click();

  // Its detail: our invoice paid by card, the member, the provider's pages in a new tab.
  await expect(page.getByRole('heading', { name: `Card payment ${cardNumber}` })).toBeVisible();
  await expect(page.getByRole('link', { name: member.invoiceNumber })).toBeVisible();
  await expect(page.getByText(/^Paid on .* \(card\)$/)).toBeVisible();
  // The detail's member link (with the membership number; the list's row links the name too).
  await expect(
    page.getByRole('link', { name: new RegExp(`^${member.legalName} \\(`) }),
  ).toBeVisible();
  const hosted = page.getByRole('link', { name: 'Open the hosted invoice page' });
  await expect(hosted).toHaveAttribute(
    'href',
    `https://invoice.stripe.com/i/acct_e2e/${providerId}`,
  );
  await expect(hosted).toHaveAttribute('target', '_blank');
  await expect(hosted).toHaveAttribute('rel', 'noreferrer');

  // The timeline: both events, and what the payment did.
  await page.getByRole('tab', { name: /Events/ }).click();
  const timeline = page.getByRole('list', { name: 'Webhook events' });
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').nth(0)).toContainText('invoice.finalized');
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('invoice.paid');
  await expect(timeline.getByRole('listitem').nth(1)).toContainText(
    `Invoice ${member.invoiceNumber} marked paid by card: CHF 950.00.`,
  );

  // Our side: the invoice is paid by card and the member is active.
  const after = await withDatabase((database) =>
    database.db
      .selectFrom('invoices as i')
      .innerJoin('members as m', 'm.mid', 'i.member_mid')
      .select(['i.status', 'i.paid_method', 'i.paid_reference', 'm.status as member_status'])
      .where('i.iid', '=', member.iid)
      .executeTakeFirstOrThrow(),
  );
  expect(after).toEqual({
    status: 'paid',
    paid_method: 'card',
    paid_reference: providerId,
    member_status: 'active',
  });
});
