import { expect, test } from './support/fixtures';

test('the console opens at / with the sidebar of spec §2 in order', async ({
  operatorPage: page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Operations');
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  const entries = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await expect(entries).toHaveText([
    'Ops',
    'Applications',
    'Members',
    'Certificates',
    'Invoices',
    'Payments',
    'Users',
    'Emails',
    'Settings',
  ]);
});

test('a deep link such as /members/xyz loads the app at the member, nested in the members list', async ({
  operatorPage: page,
}) => {
  const response = await page.goto('/members/xyz');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Member', exact: true })).toBeVisible();
  await expect(page.getByText('xyz', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('/countries/CH opens the country inside the settings view', async ({ operatorPage: page }) => {
  await page.goto('/countries/CH');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Country', exact: true })).toBeVisible();
  await expect(page.getByText('CH', { exact: true })).toBeVisible();
});

test('the sidebar navigates with history routing, without reloading the page', async ({
  operatorPage: page,
}) => {
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Invoices' })
    .click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
    'same page',
  );
});

test('an unknown path shows a not-found screen inside the shell', async ({
  operatorPage: page,
}) => {
  await page.goto('/no/such/screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('the API documentation is browsable at /api/docs', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('Operations API')).toBeVisible();
  await expect(page.getByText('/readyz').first()).toBeVisible();
});
