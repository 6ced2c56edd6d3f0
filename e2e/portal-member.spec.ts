import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { expectNoSeriousViolations as expectAccessible } from './support/axe';
import { withDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { ops } from './support/ops';
import { yearAtHeadquarters } from './support/headquarters-day';
import { cardInvoice, eventOf, postSignedEvent } from './support/payments';
import { countMail, linkIn, waitForMail, waitForMailAbout } from './support/mail';
import { portalUrl } from './support/portal-journey';

/**
 * A member's owner in the member portal (issue 35), in German on a phone: signed in by the link
 * `npm run ops -- portal-sign-in-link` prints, the home shows the membership in words and the
 * certificates with their PDF and public check, the invoices screen what is left to pay and
 * each PDF. axe on every screen.
 */

/** A demo member, active, with an owner who may sign in, an issued certificate and invoices. */
async function demoMember() {
  return withDatabase(async ({ db }) => {
    const member = await db
      .selectFrom('members as m')
      .innerJoin('users as u', 'u.member_mid', 'm.mid')
      .select(['m.mid', 'm.number', 'm.legal_name', 'u.email'])
      .where('m.status', '=', 'active')
      .where('m.deleted_at', 'is', null)
      .where('u.member_role', '=', 'owner')
      .where('u.disabled', '=', false)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('certificates as c')
            .select('c.cid')
            .whereRef('c.member_mid', '=', 'm.mid')
            .where('c.status', '=', 'issued'),
        ),
      )
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('invoices as i')
            .select('i.iid')
            .whereRef('i.member_mid', '=', 'm.mid')
            .where('i.status', '=', 'paid'),
        ),
      )
      .orderBy(sql`m.number`)
      .executeTakeFirstOrThrow();
    // The portal speaks a signed-in person's own language: this test's person reads German.
    await db
      .updateTable('users')
      .set({ preferred_language: 'de' })
      .where('email', '=', member.email)
      .execute();
    return member;
  });
}

/** A member of its own, its owner (who reads German) and an open membership invoice of CHF 950. */
async function memberWithOpenInvoice() {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    mid: `e2eown${suffix}`.slice(0, 20),
    iid: `e2eowninv${suffix}`.slice(0, 20),
    legalName: `Paying Owner Cargo ${suffix.toUpperCase()} AG`,
    invoiceNumber: `E2E-OWN-${suffix}`,
    email: `owner-${suffix}@owner-cargo.example`,
    suffix,
  };
  const year = yearAtHeadquarters();
  const iban = await withDatabase(async ({ db }) => {
    const account = await db
      .selectFrom('bank_accounts')
      .select(['id', 'iban'])
      .where('currency', '=', 'CHF')
      .where('active', '=', true)
      .orderBy('is_default', 'desc')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('members')
      .values({
        mid: member.mid,
        number: `E2O-${suffix}`.slice(0, 20),
        category: 'individual',
        status: 'pending-payment',
        legal_name: member.legalName,
        country_iso2: 'CH',
      })
      .execute();
    await db
      .insertInto('invoices')
      .values({
        iid: member.iid,
        number: member.invoiceNumber,
        member_mid: member.mid,
        kind: 'membership',
        year,
        issue_date: `${year}-01-05`,
        due_date: `${year + 1}-02-04`,
        currency: 'CHF',
        subtotal_minor: 95_000,
        total_minor: 95_000,
        status: 'issued',
        bank_account_id: account.id,
      })
      .execute();
    await db
      .insertInto('users')
      .values({
        uid: `e2eownuser${suffix}`.slice(0, 28),
        email: member.email,
        member_mid: member.mid,
        member_role: 'owner',
        preferred_language: 'de',
      })
      .execute();
    return account.iban;
  });
  return { ...member, iban };
}

async function expectNoSidewaysScrolling(page: Page) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

test.describe('on a phone, in German', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'de-CH', hasTouch: true });

  test('a member’s owner signs in by the printed link and finds the membership, certificates and invoices', async ({
    page,
  }) => {
    const member = await demoMember();
    const printed = ops('portal-sign-in-link', member.number);
    expect(printed).toContain(
      `Member portal sign-in link for ${member.email} (owner of ${member.number})`,
    );
    const link = /https?:\/\/\S+/.exec(printed)?.[0] ?? '';
    expect(link.startsWith(`${portalUrl}/`), printed).toBe(true);

    // A browser that never asked for the link: the address is confirmed first.
    await page.goto(link);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(member.email);
    await page.getByRole('button', { name: 'Anmelden' }).tap();
    await expect(page.getByText(`Angemeldet als ${member.email}`, { exact: true })).toBeVisible();

    const membership = page.getByRole('region', { name: 'Ihre Mitgliedschaft' });
    await expect(membership).toBeVisible();
    await expect(membership.getByText(member.legal_name, { exact: true })).toBeVisible();
    await expect(membership.getByText(`Mitgliedsnummer ${member.number}`)).toBeVisible();
    await expect(membership.getByText('Aktiv', { exact: true })).toBeVisible();
    await expect(membership.getByText(/^Bezahlt bis \d{4}$/)).toBeVisible();
    await expect(membership.getByText('Sie sind ihr Inhaber.')).toBeVisible();

    const certificates = page.getByRole('region', { name: 'Zertifikate' });
    const pdf = certificates.getByRole('link', { name: /^PDF des Zertifikats / }).first();
    await expect(pdf).toBeVisible();
    const pdfResponse = await page.request.get(
      new URL((await pdf.getAttribute('href')) ?? '', portalUrl).href,
    );
    expect(pdfResponse.status()).toBe(200);
    expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
    const check = certificates
      .getByRole('link', { name: /^Öffentliche Prüfung des Zertifikats / })
      .first();
    expect(await check.getAttribute('href')).toMatch(
      /^http:\/\/localhost:\d+\/verify\/[A-Z0-9-]+$/,
    );
    await expectNoSidewaysScrolling(page);
    await expectAccessible(page);

    // The public check, on the console's origin, confirms the certificate.
    const verify = await page.request.get((await check.getAttribute('href')) ?? '');
    expect(verify.status()).toBe(200);
    expect(await verify.text()).toContain(member.legal_name);

    await membership.getByRole('link', { name: 'Ihre Rechnungen' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
    await expect(page.getByText('Bezahlt', { exact: true }).first()).toBeVisible();
    const invoicePdf = page.getByRole('link', { name: /^PDF der Rechnung / }).first();
    const invoiceResponse = await page.request.get(
      new URL((await invoicePdf.getAttribute('href')) ?? '', portalUrl).href,
    );
    expect(invoiceResponse.status()).toBe(200);
    expect((await invoiceResponse.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectNoSidewaysScrolling(page);
    await expectAccessible(page);
  });

  test('a member’s owner pays an open invoice by card and sees it paid without reloading', async ({
    page,
  }) => {
    const member = await memberWithOpenInvoice();
    const providerId = `in_e2e_own_${member.suffix}`;
    const created = Math.floor(Date.now() / 1000) - 600;
    // The provider's page for the invoice exists (the card-payment flow made it, its webhook
    // told us); its page is the provider's, which this test stands in for.
    const deliver = async (type: string, status: 'open' | 'paid', at: number) => {
      const response = await postSignedEvent(
        page.request,
        eventOf(type, cardInvoice(providerId, status, created, member), at),
      );
      expect(response.status(), await response.text()).toBe(200);
    };
    await deliver('invoice.finalized', 'open', created + 60);
    await page
      .context()
      .route('https://invoice.stripe.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Kartenzahlung</title>' }),
      );

    const link = /https?:\/\/\S+/.exec(ops('portal-sign-in-link', member.email))?.[0] ?? '';
    await page.goto(link);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(member.email);
    await page.getByRole('button', { name: 'Anmelden' }).tap();
    // The home leads with the membership: its h1, what is due.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ihre Mitgliedschaft' }),
    ).toBeVisible();
    await expect(page.getByText(/^CHF 950\.00 zu zahlen \(1 Rechnung\)/)).toBeVisible();
    await page.getByRole('link', { name: 'Ihre Rechnungen' }).tap();

    const invoice = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: `Rechnung ${member.invoiceNumber}` }),
    });
    await expect(invoice.getByText('Zu zahlen: CHF 950.00')).toBeVisible();
    const transfer = invoice.getByRole('region', { name: 'Per Banküberweisung bezahlen' });
    await expect(
      transfer.getByText(`IBAN ${member.iban.replace(/(.{4})(?=.)/g, '$1 ')}`),
    ).toBeVisible();
    await expect(transfer.getByRole('button', { name: 'IBAN kopieren' })).toBeVisible();

    // The statement of account of this year, as the console makes it.
    const statement = page.getByRole('region', { name: 'Kontoauszug' });
    const statementLink = statement.getByRole('link', { name: /^Kontoauszug vom 1\. Januar / });
    const statementPdf = await page.request.get(
      new URL((await statementLink.getAttribute('href')) ?? '', portalUrl).href,
    );
    expect(statementPdf.status()).toBe(200);
    expect((await statementPdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await statement.getByLabel('Von').fill('2999-01-01');
    await expect(
      statement
        .getByRole('status')
        .filter({ hasText: 'Der Zeitraum kann nicht vor seinem Beginn enden.' }),
    ).toBeVisible();
    await expect(statementLink).toHaveCount(0);
    await expectAccessible(page);

    const popup = page.waitForEvent('popup');
    await invoice.getByRole('button', { name: 'CHF 950.00 mit Karte bezahlen' }).tap();
    expect((await popup).url()).toBe(`https://invoice.stripe.com/i/acct_e2e/${providerId}`);
    await expect(
      invoice.getByRole('status').filter({ hasText: 'in einem neuen Tab geöffnet' }),
    ).toBeVisible();

    // The provider tells us it is paid: the page shows it without a reload.
    await deliver('invoice.paid', 'paid', created + 120);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `Rechnung ${member.invoiceNumber} ist bezahlt. Vielen Dank.` }),
    ).toBeVisible();
    await expect(invoice.getByText('Bezahlt', { exact: true })).toBeVisible();
    await expect(invoice.getByRole('button', { name: /mit Karte bezahlen/ })).toHaveCount(0);
    await expectNoSidewaysScrolling(page);
    await expectAccessible(page);
  });

  test('the owner invites a colleague, who accepts by the e-mailed link and sees the invoices', async ({
    page,
    browser,
  }) => {
    const member = await memberWithOpenInvoice();
    const invitee = `colleague-${member.suffix}@owner-cargo.example`;
    const link = /https?:\/\/\S+/.exec(ops('portal-sign-in-link', member.email))?.[0] ?? '';
    await page.goto(link);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(member.email);
    await page.getByRole('button', { name: 'Anmelden' }).tap();
    await page.getByRole('link', { name: 'Ihre Kolleginnen und Kollegen' }).tap();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Kolleginnen und Kollegen' }),
    ).toBeVisible();
    await expect(page.getByText(`${member.email} (Sie)`)).toBeVisible();

    // A bad address is said in words, at the field.
    const address = page.getByRole('textbox', { name: 'E-Mail-Adresse' });
    await address.fill('not an address');
    await page.getByRole('button', { name: 'Einladung senden' }).tap();
    await expect(
      page.getByText('Geben Sie eine E-Mail-Adresse wie name@beispiel.ch ein.'),
    ).toBeVisible();
    await address.fill(invitee);
    await page
      .getByRole('combobox', { name: 'Rolle', exact: true })
      .selectOption({ label: 'Mitarbeiter' });
    await page.getByRole('button', { name: 'Einladung senden' }).tap();
    await expect(
      page.getByRole('status').filter({ hasText: `Einladung an ${invitee} gesendet.` }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Versandte Einladungen' })
        .getByText(invitee, { exact: false }),
    ).toBeVisible();
    await expectNoSidewaysScrolling(page);
    await expectAccessible(page);

    // The invitee, in another browser, opens the e-mailed invitation and signs in there.
    const invitation = linkIn(await waitForMailAbout(invitee, member.legalName));
    expect(invitation).toMatch(new RegExp(`^${portalUrl}/invitations/[\\w-]+$`));
    const context = await browser.newContext({ locale: 'en-GB' });
    try {
      const colleague = await context.newPage();
      await colleague.goto(invitation);
      const before = countMail(invitee);
      await colleague.getByRole('textbox', { name: 'E-mail address' }).fill(invitee);
      await colleague.getByRole('button', { name: 'Send me a link' }).click();
      await colleague.goto(linkIn(await waitForMail(invitee, before)));
      await expect(colleague.getByRole('heading', { level: 1, name: 'Invitation' })).toBeVisible();
      await expect(colleague.getByText(`invites you to ${member.legalName}`)).toBeVisible();
      await expectAccessible(colleague);
      await colleague.getByRole('button', { name: 'Accept' }).click();
      await expect(
        colleague
          .getByRole('status')
          .filter({ hasText: `Welcome: you are now a colleague at ${member.legalName}.` }),
      ).toBeVisible();
      await colleague.getByRole('link', { name: 'Go to your home' }).click();
      await expect(
        colleague.getByRole('heading', { level: 1, name: 'Your membership' }),
      ).toBeVisible();
      await expect(colleague.getByText('You are one of its staff.')).toBeVisible();
      await colleague.getByRole('link', { name: 'Your invoices' }).click();
      await expect(
        colleague.getByRole('heading', { name: `Invoice ${member.invoiceNumber}` }),
      ).toBeVisible();
    } finally {
      await context.close();
    }

    // The owner's list shows the new colleague.
    await page.reload();
    await expect(page.getByText(invitee, { exact: true })).toBeVisible();
  });
});
