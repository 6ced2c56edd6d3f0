import { yearAtHeadquarters } from './support/headquarters-day';
import { withDatabase } from './support/database';
import { expect, test } from './support/fixtures';

const thisYear = yearAtHeadquarters();

/**
 * A member of its own who paid this year's membership invoice (set up in the database, as a
 * bank payment booked by another process would leave it), so that parallel tests never touch it.
 */
async function paidMember(): Promise<{ mid: string; legalName: string }> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const mid = `e2ecert${suffix}`.slice(0, 20);
  const legalName = `Certified Forwarding ${suffix.toUpperCase()} AG`;
  await withDatabase(async (database) => {
    await database.db
      .insertInto('members')
      .values({
        mid,
        number: `E2E-${suffix}`.slice(0, 20),
        category: 'individual',
        status: 'active',
        legal_name: legalName,
        country_iso2: 'CH',
        paid_through_year: thisYear,
      })
      .execute();
    await database.db
      .insertInto('invoices')
      .values({
        iid: `e2einv${suffix}`.slice(0, 20),
        number: `E2E-${thisYear}-${suffix}`,
        member_mid: mid,
        kind: 'membership',
        year: thisYear,
        currency: 'CHF',
        status: 'paid',
        paid_at: new Date(),
      })
      .execute();
  });
  return { mid, legalName };
}

test('a paid member gets a certificate that the public page verifies until it is revoked', async ({
  operatorPage: page,
  browser,
}) => {
  const member = await paidMember();

  // Issue it from the list screen: find the member by name, keep this year.
  await page.goto('/certificates');
  await page.getByRole('button', { name: 'Issue certificate' }).click();
  const form = page.getByRole('form', { name: 'Issue a membership certificate' });
  await form.getByLabel('Find the member by name or membership number').fill(member.legalName);
  await form.getByRole('button', { name: new RegExp(member.legalName) }).click();
  await expect(form.getByTestId('chosen-member')).toContainText(member.legalName);
  await expect(form.getByLabel('Year')).toHaveValue(String(thisYear));
  await form.getByRole('button', { name: 'Issue certificate' }).click();

  // The new certificate opens beside the list.
  await expect(page).toHaveURL(/\/certificates\/[A-Za-z0-9]{20}$/);
  const heading = page.getByRole('heading', { name: /^Certificate C-\d{4}-\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? '').replace('Certificate ', '');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(`Valid today, until 31 Dec ${thisYear}.`)).toBeVisible();
  const cid = new URL(page.url()).pathname.split('/').pop() ?? '';
  const response = await page.request.get(`/api/certificates/${cid}`);
  const { verificationCode: code } = (await response.json()) as { verificationCode: string };
  expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  // The code is on screen, with its copy button and the link of the public page.
  await expect(panel.getByText(code, { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Copy verification code' })).toBeVisible();
  await expect(panel.getByRole('link', { name: new RegExp(`/verify/${code}$`) })).toBeVisible();

  // It is in the list: search it by the member's name.
  await page.getByRole('searchbox', { name: 'Search certificates' }).fill(member.legalName);
  const table = page.getByRole('table', { name: 'Certificates' });
  await expect(table.getByRole('link', { name: number, exact: true })).toBeVisible();
  await expect(table.getByText(member.legalName, { exact: true })).toBeVisible();

  // Anyone, signed out, reads that it is valid, for whom and until when.
  const visitor = await browser.newContext();
  try {
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/verify/${code}`);
    const result = publicPage.getByRole('status');
    await expect(result).toContainText('This certificate is valid');
    await expect(result).toContainText(`Issued to ${member.legalName}, Switzerland.`);
    await expect(result).toContainText(`Valid until 31 December ${thisYear}.`);
    await expect(publicPage.getByText(number)).toHaveCount(0);

    // Revoke it, with a reason.
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Revoke certificate ${number}?` });
    await dialog.getByLabel('Reason').fill('Payment reversed by the bank');
    await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByText('Not valid: revoked.')).toBeVisible();
    await expect(panel.getByText('Payment reversed by the bank')).toBeVisible();

    // The public page now says revoked, and still not why.
    await publicPage.reload();
    await expect(result).toContainText('This certificate has been revoked');
    await expect(publicPage.getByText('Payment reversed')).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

test('an unknown code is "not found" on the public page, signed out', async ({ browser }) => {
  const visitor = await browser.newContext();
  try {
    const publicPage = await visitor.newPage();
    const response = await publicPage.goto('/verify/AAAA-BBBB-CCCC-DDDD');
    expect(response?.status()).toBe(404);
    await expect(publicPage.getByRole('status')).toContainText('Certificate not found');
  } finally {
    await visitor.close();
  }
});
