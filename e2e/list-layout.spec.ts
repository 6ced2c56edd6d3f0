import type { Locator, Page, Response } from '@playwright/test';
import { withDatabase } from './support/database';
import {
  addOperator,
  expect,
  signInByApi,
  test,
  testPassword,
  uniqueEmail,
} from './support/fixtures';

/**
 * Issue 19, the lists themselves: every list at 1280, 1440 and 1920 px (sidebar included), the
 * density and the split kept per operator on the server.
 */

/** Every list screen and its table's name. */
const lists = [
  ['/members', 'Members'],
  ['/applications', 'Applications'],
  ['/certificates', 'Certificates'],
  ['/invoices', 'Invoices'],
  ['/stripe-invoices', 'Card payments'],
  ['/bank-statements', 'Bank statements'],
  ['/users', 'Users'],
  ['/emails', 'E-mails'],
  ['/activity', 'Entries'],
  ['/operators', 'Operators'],
  ['/countries', 'Countries'],
  ['/settings/bank-accounts', 'Bank accounts'],
] as const;

const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });
const region = (page: Page, name: string) => page.getByRole('region', { name: `${name} list` });
const bodyRows = (page: Page, name: string) =>
  table(page, name).getByRole('rowgroup').nth(1).getByRole('row');

type Box = { left: number; right: number };
const boxOf = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const { left, right } = element.getBoundingClientRect();
    return { left, right };
  });

/** The scroll area's widths: what it holds, and what it shows. */
const widthsOf = (scrollArea: Locator) =>
  scrollArea.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));

/** Whether a box lies within the scroll area's visible width (a pixel of rounding allowed). */
function isWithin(box: Box, area: Box): boolean {
  return box.left >= area.left - 1 && box.right <= area.right + 1;
}

/** A fresh operator of this test alone: the preferences it changes are nobody else's. */
async function signInAsOwnOperator(page: Page, name: string) {
  const email = uniqueEmail(name);
  addOperator(email, testPassword);
  await signInByApi(page, email);
}

/** The answer of the next preferences change (the switch and the separator save at once). */
const preferencesSaved = (page: Page) =>
  page.waitForResponse(
    (response: Response) =>
      new URL(response.url()).pathname === '/api/preferences' &&
      response.request().method() === 'PATCH',
  );

for (const width of [1440, 1920]) {
  test(`at ${width} px every list shows its default columns without scrolling sideways`, async ({
    operatorPage: page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    for (const [url, name] of lists) {
      await page.goto(url);
      await expect(bodyRows(page, name).first(), url).toBeVisible();
      const area = region(page, name);
      const { scrollWidth, clientWidth } = await widthsOf(area);
      expect(scrollWidth, `${url} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
      const areaBox = await boxOf(area);
      const headers = table(page, name).getByRole('columnheader');
      expect(await headers.count(), url).toBeGreaterThan(2);
      for (const header of await headers.all()) {
        await expect(header, url).toBeVisible();
        expect(
          isWithin(await boxOf(header), areaBox),
          `${url}: ${await header.textContent()}`,
        ).toBe(true);
      }
    }
  });
}

test('at 1280 px a list that scrolls sideways keeps its selection and first column in view', async ({
  operatorPage: page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  let scrolledLists = 0;
  for (const [url, name] of lists) {
    await page.goto(url);
    await expect(bodyRows(page, name).first(), url).toBeVisible();
    const area = region(page, name);
    const { scrollWidth, clientWidth } = await widthsOf(area);
    if (scrollWidth <= clientWidth) continue;
    scrolledLists += 1;
    await area.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect
      .poll(() => area.evaluate((element) => element.scrollLeft), { message: url })
      .toBeGreaterThan(0);
    const areaBox = await boxOf(area);
    // The first column's header and cell, and the checkbox before them, stayed where they were.
    const firstHeader = table(page, name)
      .getByRole('columnheader')
      .filter({ hasText: /\S/ })
      .first();
    expect(isWithin(await boxOf(firstHeader), areaBox), `${url} header`).toBe(true);
    const firstRow = bodyRows(page, name).first();
    const cells = firstRow.getByRole('cell');
    const hasSelection = (await firstRow.getByRole('checkbox').count()) > 0;
    if (hasSelection) {
      expect(isWithin(await boxOf(firstRow.getByRole('checkbox')), areaBox), url).toBe(true);
    }
    const firstCell = cells.nth(hasSelection ? 1 : 0);
    const cellBox = await boxOf(firstCell);
    expect(isWithin(cellBox, areaBox), `${url} first cell`).toBe(true);
    // Nothing else shows through it: the point in its middle is the cell's own.
    const isOnTop = await firstCell.evaluate((element) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      return hit !== null && element.contains(hit);
    });
    expect(isOnTop, `${url} first cell on top`).toBe(true);
  }
  // At least the members list is wider than 1280 px allows, so the test proves something.
  expect(scrolledLists).toBeGreaterThan(0);
});

test('a row opens its record from anywhere on it, also scrolled sideways', async ({
  operatorPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/members');
  const area = region(page, 'Members');
  const row = bodyRows(page, 'Members').nth(1);
  await expect(row).toBeVisible();
  await area.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  const name = (await row.getByRole('link').first().textContent()) ?? '';
  // The last cell with something in it, far from the name's link (an empty cell has no height:
  // which member is second depends on what the other specs created).
  await row.getByRole('cell').filter({ hasText: /\S/ }).last().click();
  await expect(page).toHaveURL(/\/members\/[^/?]+/);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  // A click on the checkbox selects, and opens nothing.
  await page.goto('/members');
  const checkbox = bodyRows(page, 'Members').first().getByRole('checkbox');
  await checkbox.check();
  await expect(page).toHaveURL(/\/members(\?.*)?$/);
  await expect(checkbox).toBeChecked();
});

test('a long name is cut short in its cell, with the whole name as its tooltip', async ({
  operatorPage: page,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const legalName = `Transcontinental Multimodal Freight Forwarding and Customs Brokerage ${suffix.toUpperCase()} International Holding Company Limited`;
  await withDatabase(async (database) => {
    await database.db
      .insertInto('members')
      .values({
        mid: `e2elong${suffix}`.slice(0, 20),
        number: `E2E-${suffix}`.slice(0, 20),
        category: 'association',
        status: 'active',
        legal_name: legalName,
        country_iso2: 'CH',
      })
      .execute();
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/members?q=${suffix}`);
  const link = bodyRows(page, 'Members').first().getByRole('link', { name: legalName });
  await expect(link).toBeVisible({ timeout: 15_000 });
  expect(await link.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await link.hover();
  await expect(link).toHaveAttribute('title', legalName);
  // A cell that shows all of its text has no tooltip to repeat it.
  const country = bodyRows(page, 'Members').first().getByRole('cell', { name: 'Switzerland' });
  await country.hover();
  await expect(country).not.toHaveAttribute('title', /./);
});

test('the density switch changes the rows’ height and is kept on the server', async ({ page }) => {
  test.setTimeout(90_000); // a new operator of its own, made through the CLI
  await signInAsOwnOperator(page, 'density');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/members');
  const firstRow = bodyRows(page, 'Members').first();
  await expect(firstRow).toBeVisible();
  const density = page.getByRole('group', { name: 'Row density' });
  await expect(density.getByRole('radio', { name: 'Comfortable' })).toBeChecked();
  expect((await firstRow.boundingBox())?.height).toBe(40);

  const saved = preferencesSaved(page);
  await density.getByText('Compact', { exact: true }).click();
  await expect(density.getByRole('radio', { name: 'Compact' })).toBeChecked();
  await expect.poll(async () => (await firstRow.boundingBox())?.height).toBe(32);
  expect((await saved).status()).toBe(200);

  // From the server, in a new page load: the rows are compact in every list.
  await page.reload();
  await expect(firstRow).toBeVisible();
  await expect(density.getByRole('radio', { name: 'Compact' })).toBeChecked();
  await expect.poll(async () => (await firstRow.boundingBox())?.height).toBe(32);
  await page.goto('/invoices');
  await expect
    .poll(async () => (await bodyRows(page, 'Invoices').first().boundingBox())?.height)
    .toBe(32);
  const response = await page.request.get('/api/preferences');
  expect(await response.json()).toMatchObject({ density: 'compact' });
});

test('the split of a list and its record resizes with the keyboard and is kept on the server', async ({
  page,
}) => {
  test.setTimeout(90_000); // a new operator of its own, made through the CLI
  await signInAsOwnOperator(page, 'split');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/members');
  await bodyRows(page, 'Members').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/members\/[^/?]+/);
  const separator = page.getByRole('separator', { name: 'Resize the list and the record' });
  await expect(separator).toBeVisible();
  await expect(separator).toHaveAttribute('aria-orientation', 'vertical');
  await expect(separator).toHaveAttribute('aria-valuenow', '50');
  await expect(separator).toHaveAttribute('aria-valuemin', '25');
  await expect(separator).toHaveAttribute('aria-valuemax', '75');

  const listArea = region(page, 'Members');
  const record = page.getByRole('link', { name: 'Close', exact: true });
  const listWidth = async () => (await listArea.boundingBox())?.width ?? 0;
  const before = await listWidth();

  await separator.focus();
  await separator.press('ArrowLeft');
  await expect(separator).toHaveAttribute('aria-valuenow', '45');
  await separator.press('End');
  await expect(separator).toHaveAttribute('aria-valuenow', '75');
  await separator.press('Home');
  await expect(separator).toHaveAttribute('aria-valuenow', '25');
  const saved = preferencesSaved(page);
  await separator.press('ArrowRight');
  await expect(separator).toHaveAttribute('aria-valuenow', '30');
  await saved;
  await expect.poll(listWidth).toBeLessThan(before * 0.7);
  await expect(record).toBeVisible();
  // The writes run one after the other: the server has the last one.
  await expect
    .poll(async () => (await (await page.request.get('/api/preferences')).json()) as unknown)
    .toMatchObject({ splitPercent: 30 });

  await page.reload();
  await expect(separator).toHaveAttribute('aria-valuenow', '30');
  const narrow = await listWidth();
  expect(narrow).toBeGreaterThan(0);
  expect(narrow).toBeLessThan(before * 0.7);
});

test('a record takes the full width and "Show list" brings the list back where it was', async ({
  page,
}) => {
  test.setTimeout(90_000); // a new operator of its own, made through the CLI
  await signInAsOwnOperator(page, 'full-width');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/members');
  const listArea = region(page, 'Members');
  await expect(bodyRows(page, 'Members').first()).toBeVisible();
  await listArea.evaluate((element) => element.scrollTo({ top: 600 }));
  await expect.poll(() => listArea.evaluate((element) => element.scrollTop)).toBe(600);
  await bodyRows(page, 'Members').nth(3).getByRole('link').click();
  await expect(page).toHaveURL(/\/members\/[^/?]+/);
  const scrollTop = await listArea.evaluate((element) => element.scrollTop);
  expect(scrollTop).toBeGreaterThan(0);

  const saved = preferencesSaved(page);
  await page.getByRole('button', { name: 'Full width', exact: true }).click();
  await expect(listArea).toBeHidden();
  await expect(page.getByRole('separator')).toHaveCount(0);
  const close = page.getByRole('link', { name: 'Close', exact: true });
  await expect(close).toBeVisible();
  await saved;

  // Kept on the server: a new page load opens the record alone too.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Show list', exact: true })).toBeVisible();
  await expect(listArea).toBeHidden();
  await page.getByRole('button', { name: 'Show list', exact: true }).click();
  await expect(listArea).toBeVisible();
  await expect(page.getByRole('button', { name: 'Full width', exact: true })).toBeVisible();

  // Without a reload, the list comes back at the same scroll.
  await listArea.evaluate((element) => element.scrollTo({ top: 480 }));
  await expect.poll(() => listArea.evaluate((element) => element.scrollTop)).toBe(480);
  await page.getByRole('button', { name: 'Full width', exact: true }).click();
  await expect(listArea).toBeHidden();
  await page.getByRole('button', { name: 'Show list', exact: true }).click();
  await expect(listArea).toBeVisible();
  expect(await listArea.evaluate((element) => element.scrollTop)).toBe(480);
});
