import { yearAtHeadquarters } from './support/headquarters-day';
import { withDatabase } from './support/database';
import { waitForMail } from './support/mail';
import {
  addOperator,
  expect,
  signInByApi,
  test,
  testPassword,
  uniqueEmail,
} from './support/fixtures';

const thisYear = yearAtHeadquarters();

/** A pending-payment member of this test alone (parallel tests never touch it). */
async function pendingMember(): Promise<{ mid: string; number: string; legalName: string }> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    mid: `e2einvm${suffix}`.slice(0, 20),
    number: `E2E-${suffix}`.slice(0, 20),
    legalName: `Invoiced Forwarding ${suffix.toUpperCase()} AG`,
  };
  await withDatabase(async ({ db }) => {
    await db
      .insertInto('members')
      .values({
        mid: member.mid,
        number: member.number,
        category: 'individual',
        status: 'pending-payment',
        legal_name: member.legalName,
        country_iso2: 'CH',
        email: `billing-${suffix}@example.org`,
      })
      .execute();
  });
  return member;
}

test('the home screen’s overdue link opens the list filtered to overdue invoices', async ({
  operatorPage: page,
}) => {
  await page.goto('/');
  await page.locator('a[href="/invoices?overdue=true"]').first().click();
  await expect(page).toHaveURL(/\/invoices\?overdue=true$/);
  const rows = page.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows.first()).toBeVisible();
  // Every row shown is issued and past due: the Overdue badge is on each.
  const count = await rows.count();
  for (let i = 0; i < Math.min(count, 5); i++) {
    await expect(rows.nth(i).getByText('Overdue', { exact: true })).toBeVisible();
  }
});

test('a draft with two lines is issued and marked paid: the member becomes active with a certificate', async ({
  operatorPage: page,
}) => {
  const member = await pendingMember();
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'New invoice' }).click();
  const form = page.getByRole('form', { name: 'New invoice' });
  await form.getByLabel('Member (name or membership number)').fill(member.legalName);
  await form.getByRole('button', { name: new RegExp(member.legalName) }).click();
  await expect(form.getByTestId('chosen-member')).toContainText(member.legalName);
  await form.getByLabel('Year').fill(String(thisYear));
  await form.getByLabel('Line 1 description').fill(`Membership fee ${thisYear}`);
  await form.getByLabel('Line 1 unit amount').fill("1'250.50");
  await form.getByRole('button', { name: 'Add line' }).click();
  await form.getByLabel('Line 2 description').fill('Seminar seat');
  await form.getByLabel('Line 2 quantity').fill('2');
  await form.getByLabel('Line 2 unit amount').fill('100,25');
  await form.getByLabel('Line 2 VAT').selectOption('8.1');
  // 1,250.50 + 200.50 + 8.1 % of 200.50 (16.24) = 1,467.24, computed as typed.
  await expect(form.getByTestId('draft-total')).toHaveText('CHF 1,467.24');
  await form.getByRole('button', { name: 'Create draft' }).click();

  const detail = page.getByRole('region', { name: /^Invoice DRAFT-/ });
  await expect(detail.getByTestId('invoice-total')).toHaveText('CHF 1,467.24');
  await detail.getByRole('button', { name: 'Issue', exact: true }).click();
  const issue = page.getByRole('dialog', { name: /^Issue DRAFT-/ });
  await issue.getByRole('checkbox').uncheck();
  await issue.getByRole('button', { name: 'Issue invoice' }).click();
  const issued = page.getByRole('region', { name: new RegExp(`^Invoice ${thisYear}-\\d{6}$`) });
  await expect(issued.getByText(/issued over CHF\s1,467\.24/)).toBeVisible();

  await issued.getByRole('button', { name: 'Mark paid' }).click();
  const pay = page.getByRole('dialog', { name: /^Mark .* paid$/ });
  await expect(pay.getByLabel(/Amount/)).toHaveValue('1467.24');
  await pay.getByLabel('Reference').fill('Bank statement 17');
  await pay.getByRole('button', { name: 'Mark paid' }).click();

  const effects = issued.getByRole('list', { name: 'Effects on the member' });
  await expect(effects).toContainText(`${member.number} is now active (was pending payment)`);
  await expect(effects).toContainText(`membership certificate ${thisYear} issued`);
  await expect(issued.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(issued.getByRole('link', { name: /\(issued\)$/ })).toBeVisible();
  await expect(issued.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
});

test('an issued invoice is sent again to another address, with its PDF, in the member’s language', async ({
  operatorPage: page,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const memberEmail = `billing-${suffix}@leman.example`;
  const accountant = `accounts-${suffix}@fiduciaire.example`;
  const iid = `e2einvs${suffix}`.slice(0, 20);
  const number = `${thisYear}-S${suffix}`.slice(0, 24);
  await withDatabase(async ({ db }) => {
    await db
      .insertInto('members')
      .values({
        mid: `e2einvsm${suffix}`.slice(0, 20),
        number: `E2E-S-${suffix}`.slice(0, 20),
        category: 'individual',
        status: 'active',
        legal_name: `Transports Léman ${suffix.toUpperCase()} SA`,
        country_iso2: 'CH',
        preferred_language: 'fr',
        email: memberEmail,
      })
      .execute();
    await db
      .insertInto('invoices')
      .values({
        iid,
        number,
        member_mid: `e2einvsm${suffix}`.slice(0, 20),
        kind: 'other',
        year: thisYear,
        currency: 'CHF',
        status: 'issued',
        issue_date: `${thisYear}-01-06`,
        due_date: `${thisYear}-02-05`,
        lines: JSON.stringify([
          {
            description: 'Séminaire de formation',
            quantity: 1,
            unitAmountMinor: 40_000,
            vatRate: null,
            vatExemption: 'Hors du champ de la TVA',
          },
        ]),
        subtotal_minor: 40_000,
        total_minor: 40_000,
      })
      .execute();
  });
  await page.goto(`/invoices/${iid}`);
  const detail = page.getByRole('region', { name: `Invoice ${number}` });
  await detail.getByRole('button', { name: 'Send again', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Send invoice ${number} again` });
  // The member's address is the default, and shown.
  await expect(
    dialog.getByRole('radio', { name: `The member’s address (${memberEmail})` }),
  ).toBeChecked();
  await dialog.getByRole('radio', { name: 'Another address' }).check();
  const address = dialog.getByLabel('E-mail address');
  await address.fill('accounts at fiduciaire');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  // A bad address is the field's error, read with the field; nothing is sent.
  await expect(address).toHaveAccessibleDescription('Must be a valid e-mail address');
  await address.fill(accountant);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    `Invoice ${number} e-mailed to ${accountant} with its PDF.`,
  );

  const mail = await waitForMail(accountant, 0, 20_000);
  expect(mail.subject).toBe(`Facture ${number} de la fédération`);
  expect(mail.attachments).toEqual([
    expect.objectContaining({
      filename: `invoice-${number}.pdf`,
      contentType: 'application/pdf',
      head: '%PDF-',
    }),
  ]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // A second click at once, to the same address, is refused beside the button.
  await detail.getByRole('button', { name: 'Send again', exact: true }).click();
  await dialog.getByRole('radio', { name: 'Another address' }).check();
  await dialog.getByLabel('E-mail address').fill(accountant);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('less than a minute ago');
});

test('a read-only operator sees invoices but no action buttons', async ({ page }) => {
  const email = uniqueEmail('invoices-reader');
  addOperator(email, testPassword);
  const member = await pendingMember();
  const iid = `e2einvr${Date.now().toString(36)}`.slice(0, 20);
  await withDatabase(async ({ db }) => {
    await db
      .updateTable('operators')
      .set({ roles: ['read-only'] })
      .where('uid', '=', db.selectFrom('users').select('uid').where('email', '=', email))
      .execute();
    await db
      .insertInto('invoices')
      .values({
        iid,
        number: `E2E-R-${iid}`,
        member_mid: member.mid,
        kind: 'other',
        year: thisYear,
        currency: 'CHF',
        status: 'issued',
        issue_date: `${thisYear}-01-06`,
        due_date: `${thisYear}-02-05`,
      })
      .execute();
  });
  await signInByApi(page, email);
  await page.goto(`/invoices/${iid}`);
  const detail = page.getByRole('region', { name: `Invoice E2E-R-${iid}` });
  await expect(detail.getByText(member.legalName).first()).toBeVisible();
  for (const name of [
    'Issue',
    'Mark paid',
    'Void',
    'Uncollectible',
    'Send again',
    'New invoice',
    'Renewal run',
  ]) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(detail.getByRole('tab', { name: 'Edit draft' })).toHaveCount(0);
});
