import { readFile } from 'node:fs/promises';
import { withDatabase } from './support/database';
import { ops } from './support/ops';
import { expect, signInByApi, test, testPassword, uniqueEmail } from './support/fixtures';
import { pdfText } from '../apps/server/test/pdf-text';

/**
 * Issue 32: a postal reminder (a member without an e-mail address) is found with the invoices
 * list's "Needs a letter" filter, its letter downloaded as a PDF from "Postal letters", and
 * confirmed posted, after which it leaves the filter.
 *
 * The reminder is written as a dunning run records it (the run's own path is the API test's):
 * a run in this test would chase the other tests' invoices too. Its invoice must never be chased
 * by the others' runs either: it falls due in September 1995, after dunning.spec's day of
 * 15 February 1995 (and before the demo's and the other tests' invoices), and its member is
 * exempt from dunning (a run for today skips it; its letter is still to post).
 */
async function postalReminder() {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    mid: `e2eletm${suffix}`.slice(0, 20),
    legalName: `Messageries Girard ${suffix.toUpperCase()} SA`,
  };
  const invoice = {
    iid: `e2eleti${suffix}`.slice(0, 20),
    number: `E2E-LET-${suffix}`.slice(0, 24),
  };
  await withDatabase(async ({ db }) => {
    const account = await db
      .selectFrom('bank_accounts')
      .select('id')
      .where('currency', '=', 'EUR')
      .where('is_default', '=', true)
      .executeTakeFirst();
    await db
      .insertInto('members')
      .values({
        mid: member.mid,
        number: `E2E-L-${suffix}`.slice(0, 20),
        category: 'individual',
        status: 'active',
        legal_name: member.legalName,
        country_iso2: 'FR',
        address_line1: '4 quai Saint-Antoine',
        postal_code: '69002',
        city: 'Lyon',
        email: null,
        dunning_exempt_until: '2099-12-31',
        dunning_exempt_reason: 'e2e: chased by no run but its own',
      })
      .execute();
    await db
      .insertInto('invoices')
      .values({
        iid: invoice.iid,
        number: invoice.number,
        member_mid: member.mid,
        kind: 'membership',
        year: 1995,
        currency: 'EUR',
        status: 'issued',
        issue_date: '1995-08-01',
        due_date: '1995-09-01',
        bank_account_id: account?.id ?? null,
        lines: JSON.stringify([
          {
            description: 'Cotisation 1995',
            quantity: 1,
            unitAmountMinor: 36_000,
            vatRate: null,
            vatExemption: 'Hors du champ de la TVA suisse',
          },
        ]),
        subtotal_minor: 36_000,
        total_minor: 36_000,
        dunning_level: 1,
        dunning_level_on: '1995-09-11',
      })
      .execute();
    await db
      .insertInto('dunning_notices')
      .values({
        id: `e2elen${suffix}`.slice(0, 20),
        invoice_iid: invoice.iid,
        member_mid: member.mid,
        level: 1,
        as_of: '1995-09-11',
        channel: 'postal',
        email_id: null,
        run_id: null,
      })
      .execute();
  });
  return { member, invoice };
}

test('a finance operator filters the invoices that need a letter, downloads the letters and confirms them posted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { member, invoice } = await postalReminder();
  const email = uniqueEmail('letters-finance');
  ops('operators', 'add', email, '--roles', 'finance', '--password', testPassword);
  await signInByApi(page, email);

  // The filter: "Postal letter: Needs a letter" keeps the invoices whose letter is to post.
  await page.goto('/invoices');
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Postal letter', exact: true }).click();
  await page
    .getByRole('group', { name: 'Postal letter filter' })
    .getByLabel('Needs a letter')
    .click();
  await expect(page).toHaveURL((url) => url.searchParams.get('needsLetter') === 'true');
  await page.keyboard.press('Escape');
  await expect(
    filters.getByRole('button', { name: 'Postal letter: Needs a letter' }),
  ).toBeVisible();
  const list = page.getByRole('table', { name: 'Invoices' });
  await expect(list.getByRole('row').filter({ hasText: invoice.number })).toContainText(
    member.legalName,
  );

  // Postal letters: the member's letter is listed, the PDF downloads with its page.
  await page.getByRole('button', { name: 'Postal letters', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Postal letters' });
  const letter = dialog
    .getByRole('table', { name: 'Letters to print' })
    .getByRole('row')
    .filter({ hasText: member.legalName });
  await expect(letter).toContainText('Reminder 1');
  await expect(letter).toContainText(invoice.number);
  await expect(letter).toContainText('French');
  await expect(dialog.getByTestId('letters-summary')).toContainText(/\d+ letters? to print/);
  // Confirming comes after the download.
  await expect(dialog.getByRole('button', { name: /^Mark \d+ letters? as posted$/ })).toHaveCount(
    0,
  );
  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download letters (PDF)' }).click();
  const file = await (await download).path();
  const text = pdfText(await readFile(file));
  expect(text).toContain(member.legalName);
  expect(text).toContain('4 quai Saint-Antoine');
  expect(text).toContain(`Rappel : la facture ${invoice.number} est échue`);
  expect(text).toContain('Sauf erreur de notre part');

  // Confirmed posted: the invoice leaves the filter, and says when and by whom.
  await dialog.getByRole('button', { name: /^Mark \d+ letters? as posted$/ }).click();
  await expect(dialog.getByRole('status')).toHaveText(/letters? marked as posted/);
  await dialog.getByRole('link', { name: 'Invoices that need a letter' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL((url) => url.searchParams.get('needsLetter') === 'true');
  await expect(list.getByRole('row').filter({ hasText: invoice.number })).toHaveCount(0);
  await page.goto(`/invoices/${invoice.iid}`);
  const history = page
    .getByRole('region', { name: `Invoice ${invoice.number}` })
    .getByRole('table', { name: 'Dunning history' });
  await expect(history).toContainText(/Postal · letter posted .* by /);
  await expect(history).toContainText(email);
});
