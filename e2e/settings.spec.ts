import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

type Account = { id: string; label: string; currency: string; isDefault: boolean; version: number };
type Country = {
  iso2: string;
  name: string;
  region: string;
  feeCategory: string | null;
  version: number;
};

/** A valid Swiss IBAN (mod 97 check digits) with a random account number, not a QR-IBAN. */
function randomSwissIban(): string {
  const bban = `00762${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  const digits = `${bban}1217` + '00'; // "CH" is 12 17 in ISO 13616's letter numbering
  let remainder = 0;
  for (const char of digits) remainder = (remainder * 10 + Number(char)) % 97;
  return `CH${String(98 - remainder).padStart(2, '0')}${bban}`;
}

const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

async function accounts(page: Page, query: string): Promise<Account[]> {
  const response = await page.request.get(`/api/bank-accounts?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Account[] }).data;
}

test('a bank account with a bad IBAN is refused under the field; a good one becomes the CHF default', async ({
  operatorPage: page,
}) => {
  const [previous] = await accounts(page, 'currency=CHF&isDefault=true');
  expect(previous).toBeDefined();
  const label = `Reserve CHF ${Date.now().toString(36)}`;
  const iban = randomSwissIban();

  await page.goto('/settings/bank-accounts');
  await expect(page.getByRole('link', { name: 'Bank accounts', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('link', { name: previous?.label ?? '', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New bank account' }).click();
  const dialog = page.getByRole('dialog', { name: 'New bank account' });
  await dialog.getByLabel('Label').fill(label);
  await dialog.getByLabel('Bank', { exact: true }).fill('Zürcher Kantonalbank');
  await dialog.getByLabel('Account holder').fill('Federation of Freight Forwarders');
  await dialog.getByLabel('Holder address').fill('Seefeldstrasse 45\n8008 Zürich\nSwitzerland');
  // One digit off: the check digits no longer match.
  const typo = `${iban.slice(0, -1)}${(Number(iban.at(-1)) + 1) % 10}`;
  await dialog.getByLabel('IBAN', { exact: true }).fill(grouped(typo));
  await dialog.getByRole('button', { name: 'Add bank account' }).click();

  const ibanField = dialog.getByLabel('IBAN', { exact: true });
  await expect(ibanField).toHaveAttribute('aria-invalid', 'true');
  await expect(ibanField).toHaveAccessibleDescription(/check digits do not match/);

  await ibanField.fill(grouped(iban).toLowerCase());
  await dialog.getByRole('button', { name: 'Add bank account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/settings\/bank-accounts\/[A-Za-z0-9]{20}$/);
  const detail = page.getByRole('region', { name: label });
  await expect(detail.getByRole('definition').filter({ hasText: grouped(iban) })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Copy IBAN' })).toBeVisible();

  await detail.getByRole('button', { name: 'Make default' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make default' }).click();
  await expect(detail.getByRole('button', { name: 'Make default' })).toBeHidden();
  await expect(detail.getByText('Default', { exact: true }).first()).toBeVisible();

  // The list shows the new default, and the previous one without its badge.
  const table = page.getByRole('table', { name: 'Bank accounts' });
  const rowOf = (name: string) =>
    table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(rowOf(label).getByText('Default', { exact: true })).toBeVisible();
  await expect(rowOf(previous?.label ?? '').getByText('Default', { exact: true })).toHaveCount(0);

  // Leave the demo data as it was for the next run: the previous account is the default again.
  const restored = (await (
    await page.request.get(`/api/bank-accounts/${previous?.id}`)
  ).json()) as Account;
  expect(restored.isDefault).toBe(false);
  const response = await page.request.post(`/api/bank-accounts/${restored.id}/make-default`, {
    data: { version: restored.version },
  });
  expect(response.status(), await response.text()).toBe(200);
});

test('countries filter by region, and an edited fee category shows in the list', async ({
  operatorPage: page,
}) => {
  await page.goto('/countries');
  await expect(page.getByRole('heading', { name: 'Countries', exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Countries' });
  const rows = table.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows.first()).toContainText('Afghanistan');
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Region', exact: true }).click();
  await page.getByRole('group', { name: 'Region filter' }).getByLabel('Europe').click();
  await expect(page).toHaveURL((url) => url.searchParams.get('region') === 'europe');
  await page.keyboard.press('Escape');
  await expect(rows.first()).toContainText('Europe');
  await expect
    .poll(async () => (await rows.allTextContents()).every((text) => text.includes('Europe')))
    .toBe(true);
  // Japan is not in Europe; Malta is (searched: the list shows rows as it scrolls).
  await page.getByRole('searchbox', { name: 'Search countries' }).fill('japan');
  await expect(page.getByText('No country matches these filters.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search countries' }).fill('malta');
  await expect(rows).toHaveCount(1);

  const before = (await (await page.request.get('/api/countries/MT')).json()) as Country;
  const target = before.feeCategory === 'C' ? 'D' : 'C';
  const targetLabel = target === 'C' ? 'C – low fee' : 'D – lowest fee';

  await rows.filter({ hasText: 'Malta' }).getByRole('link', { name: 'Malta', exact: true }).click();
  await expect(page).toHaveURL(/\/countries\/MT(\?|$)/);
  const detail = page.getByRole('region', { name: 'Malta' });
  await expect(detail.getByRole('button', { name: 'Copy ISO alpha-2 code' })).toBeVisible();
  await detail.getByRole('tab', { name: 'Edit' }).click();
  await detail.getByLabel('Fee category').selectOption(target);
  await detail.getByRole('button', { name: 'Save country' }).click();
  await expect(detail.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(detail.getByText(targetLabel)).toBeVisible();

  const malta = rows.filter({ hasText: 'Malta' });
  await expect(malta.getByRole('cell').filter({ hasText: new RegExp(`^${target}$`) })).toHaveCount(
    1,
  );

  await detail.getByRole('tab', { name: 'History' }).click();
  await expect(detail.getByText(/Fee category/).first()).toBeVisible();
});

test('membership billing: each first-year rule shows what it bills, and saving says what changed', async ({
  operatorPage: page,
}) => {
  await page.goto('/settings/membership-billing');
  await expect(page.getByRole('heading', { name: 'Membership billing' })).toBeVisible();
  const current = (await (await page.request.get('/api/settings/membership-billing')).json()) as {
    firstYearRule: string;
  };
  const examples = page.getByRole('table', { name: 'Examples for a fee of CHF 950.00' });
  const december = examples.getByRole('row', { name: /^2 December/ });

  await page.getByRole('radio', { name: /^The rest of the current year, by month/ }).check();
  await expect(december).toContainText('1 of 12 months of 2026');
  await expect(december).toContainText('CHF 79.17');
  await page
    .getByRole('radio', { name: /^Next year, when approved from the cut-off month/ })
    .check();
  await page
    .getByRole('combobox', { name: /^Cut-off month/ })
    .selectOption({ label: 'From 1 October' });
  await expect(december).toContainText('2027');
  await expect(december).toContainText('CHF 950.00');
  await expect(examples.getByRole('row', { name: /^15 March/ })).toContainText('2026');
  await page.getByRole('radio', { name: /^The whole current year/ }).check();
  await expect(december).toContainText('2026');

  // Saved as it was (other tests approve applications meanwhile): the answer says so in words.
  const labels: Record<string, RegExp> = {
    'full-year': /^The whole current year/,
    'next-year-from-cutoff': /^Next year, when approved from the cut-off month/,
    'pro-rata-by-month': /^The rest of the current year, by month/,
  };
  await page.getByRole('radio', { name: labels[current.firstYearRule] }).check();
  if (current.firstYearRule === 'next-year-from-cutoff') {
    await page
      .getByRole('combobox', { name: /^Cut-off month/ })
      .selectOption({ label: 'From 1 October' });
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText(
    'New members are now billed for their first year:',
  );
});
