import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** A list's table, e.g. "Members", and its rows (the header row is the first row group). */
const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });
const bodyRows = (page: Page, name: string) =>
  table(page, name).getByRole('rowgroup').nth(1).getByRole('row');

/** The page can be scrolled sideways: something is wider than the screen. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test.describe('on a phone (390×844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tapped row shows its record at the top in place of the list; Back returns to the list with its filters', async ({
    operatorPage: page,
  }) => {
    await page.goto('/members?status=active');
    const rows = bodyRows(page, 'Members');
    await expect(rows.first()).toBeVisible();
    // The third row, so that the list is not simply at the top already.
    const link = rows.nth(2).getByRole('link');
    const name = (await link.textContent()) ?? '';
    expect(name).not.toBe('');
    await link.tap();

    await expect(page).toHaveURL(/\/members\/[^/?]+\?status=active$/);
    const heading = page.getByRole('heading', { name, exact: true });
    await expect(heading).toBeInViewport();
    await expect(table(page, 'Members')).toBeHidden();
    const back = page.getByRole('link', { name: 'Back to members' });
    await expect(back).toBeInViewport();
    // Close is for a record beside its list; here Back does it.
    await expect(page.getByRole('link', { name: 'Close', exact: true })).toBeHidden();
    expect(await scrollsSideways(page)).toBe(false);

    await back.tap();
    await expect(page).toHaveURL(/\/members\?status=active$/);
    await expect(table(page, 'Members')).toBeVisible();
    await expect(heading).toBeHidden();
    // The filter is still set: the folded filters say so.
    await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('1');
  });

  test('filters fold behind a Filters button', async ({ operatorPage: page }) => {
    await page.goto('/members');
    await expect(bodyRows(page, 'Members').first()).toBeVisible();
    const filters = page.getByRole('group', { name: 'Filters' });
    // "Filters", then "Filters 1 set".
    const button = page.getByRole('button', { name: /^Filters/ });
    await expect(filters).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.tap();
    await expect(filters).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await filters.getByRole('button', { name: 'Status' }).tap();
    await page.getByRole('checkbox', { name: 'Active', exact: true }).tap();
    await expect(page).toHaveURL(/status=active/);
    await button.tap();
    await expect(filters).toBeHidden();
    // Folded, the button tells that one filter is set.
    await expect(button).toHaveText(/^Filters\s*1/);
  });

  test('lists show the name and status of each row, and no page scrolls sideways', async ({
    operatorPage: page,
  }) => {
    for (const [url, name] of [
      ['/members', 'Members'],
      ['/invoices', 'Invoices'],
    ] as const) {
      await page.goto(url);
      const header = table(page, name).getByRole('columnheader');
      await expect(bodyRows(page, name).first()).toBeVisible();
      // The selection, the name (or number) and the status; the other columns are for wider screens.
      const shownHeaders = await header.evaluateAll((cells) =>
        cells
          .filter((cell) => (cell as HTMLElement).offsetParent !== null)
          .map((cell) => cell.textContent?.trim() ?? ''),
      );
      expect(shownHeaders.slice(-2).map((label) => label.replace(/[↑↓]/g, ''))).toEqual([
        name === 'Members' ? 'Name' : 'Number',
        'Status',
      ]);
      // Neither the page nor the table scrolls sideways.
      expect(await scrollsSideways(page), url).toBe(false);
      const region = page.getByRole('region', { name: `${name} list` });
      expect(
        await region.evaluate((element) => element.scrollWidth <= element.clientWidth),
        url,
      ).toBe(true);
    }
  });

  test('the Search button shows no keyboard hint on a touch screen', async ({
    operatorPage: page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const search = menu.getByRole('button', { name: /^Search/ });
    await expect(search).toBeVisible();
    await expect(search.locator('kbd')).toBeHidden();
    await expect(menu.getByText(/Ctrl K|⌘K/)).toBeHidden();
  });
});

test.describe('at desktop size', () => {
  test('the open row is highlighted in its list', async ({ operatorPage: page }) => {
    await page.goto('/members');
    const rows = bodyRows(page, 'Members');
    await expect(rows.nth(1)).toBeVisible();
    const link = rows.nth(1).getByRole('link');
    await link.click();
    await expect(page).toHaveURL(/\/members\/[^/?]+$/);
    // Beside the list at this width, marked as the current page and coloured.
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(rows.first().getByRole('link')).not.toHaveAttribute('aria-current', 'page');
    const background = (index: number) =>
      rows.nth(index).evaluate((row) => getComputedStyle(row).backgroundColor);
    expect(await background(1)).not.toBe(await background(0));

    // Another record moves the highlight.
    await rows.nth(2).getByRole('link').click();
    await expect(rows.nth(2).getByRole('link')).toHaveAttribute('aria-current', 'page');
    await expect(link).not.toHaveAttribute('aria-current', 'page');
  });

  for (const url of [
    '/members',
    '/certificates',
    '/invoices',
    '/applications',
    '/stripe-invoices',
    '/users',
    '/operators',
    '/emails',
    '/settings/bank-accounts',
    '/countries',
  ]) {
    test(`a record opened from ${url} has Close, back to the list`, async ({
      operatorPage: page,
    }) => {
      await page.goto(url);
      const rows = page
        .getByRole('main')
        .getByRole('table')
        .getByRole('rowgroup')
        .nth(1)
        .getByRole('row');
      await expect(rows.first()).toBeVisible();
      // The row's own link, first (a row may link to its member too).
      await rows.first().locator('a[data-route-link]').first().click();
      await expect(page).not.toHaveURL(new RegExp(`${url}$`));
      // One Close per record, in its header.
      const close = page.getByRole('link', { name: 'Close', exact: true });
      await expect(close).toBeVisible();
      await expect(close).toHaveCount(1);
      await close.click();
      await expect(page).toHaveURL(new RegExp(`${url}$`));
      await expect(page.getByRole('link', { name: 'Close', exact: true })).toHaveCount(0);
      await expect(rows.first()).toBeVisible();
    });
  }

  test('Close keeps the list view it was opened from', async ({ operatorPage: page }) => {
    await page.goto('/members?status=active&sort=legalName');
    await bodyRows(page, 'Members').first().getByRole('link').click();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page).toHaveURL(/tab=history/);
    await page.getByRole('link', { name: 'Close', exact: true }).click();
    await expect(page).toHaveURL(/\/members\?status=active&sort=legalName$/);
  });

  test('CSV upload and fixes are pages of their own, with the way back to the list', async ({
    operatorPage: page,
  }) => {
    for (const [url, title, list] of [
      ['/members/upload', 'Members CSV upload', 'Members'],
      ['/invoices/fixes', 'Invoice fixes', 'Invoices'],
    ] as const) {
      await page.goto(url);
      const heading = page.getByRole('heading', { name: title, exact: true });
      await expect(heading).toBeVisible();
      await expect(page.getByRole('heading', { name: list, exact: true })).toHaveCount(0);
      await expect(page.getByRole('table', { name: list, exact: true })).toHaveCount(0);
      // It fills the content area rather than half of it.
      const main = await page.getByRole('main').boundingBox();
      const screen = await page.getByRole('region', { name: title, exact: true }).boundingBox();
      expect(screen?.width ?? 0).toBeGreaterThan((main?.width ?? 0) * 0.85);

      await page.getByRole('link', { name: `Back to ${list.toLowerCase()}` }).click();
      await expect(page).toHaveURL(new RegExp(`/${list.toLowerCase()}$`));
      await expect(table(page, list)).toBeVisible();
    }
  });

  test('/settings lists every settings area, each a working link', async ({
    operatorPage: page,
  }) => {
    const areas = [
      ['Bank accounts', /\/settings\/bank-accounts$/],
      ['Countries', /\/countries$/],
      ['Payment tolerances', /\/settings\/payment-tolerances$/],
      ['Membership billing', /\/settings\/membership-billing$/],
      ['Member portal', /\/settings\/member-portal$/],
      ['Dunning', /\/settings\/dunning$/],
      ['Exchange rates', /\/settings\/exchange-rates$/],
      ['Jobs', /\/settings\/jobs$/],
      ['Backups', /\/settings\/backups$/],
      ['E-mail templates', /\/settings\/email-templates$/],
      ['Operators', /\/operators$/],
      ['Search indexes', /\/search\/indexes$/],
    ] as const;
    await page.goto('/settings');
    const list = page.getByRole('list', { name: 'Settings areas' });
    await expect(list.getByRole('link')).toHaveCount(areas.length);
    for (const [label, url] of areas) {
      await page.goto('/settings');
      await list.getByRole('link', { name: new RegExp(`^${label}`) }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible();
      // The sidebar keeps Settings as the current entry: these areas are reached from it.
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }),
      ).toHaveAttribute('aria-current', 'page');
    }
  });
});
