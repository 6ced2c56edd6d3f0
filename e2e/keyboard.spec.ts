import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Issue 19, keyboard first: the members list walked with `j`, a record opened with Enter,
 * `]`/`[` through the records in the list's order, `e` to Edit, `Esc` back to the same row and
 * scroll; `x`/`Shift+X`, `/` and `Esc` in the search, `g` + letter, `?`; and the keys stay
 * out of fields, the palette and the sign-in screen.
 */

const table = (page: Page) => page.getByRole('table', { name: 'Members' });
const scrollArea = (page: Page) => page.getByRole('region', { name: 'Members list' });
/** The member rows on screen (the header row is in its own row group, first). */
const bodyRows = (page: Page) => table(page).getByRole('rowgroup').nth(1).getByRole('row');
/** A member row by its position in the list (aria-rowindex: the header is 1, row 0 is 2). */
const rowAt = (page: Page, index: number) =>
  table(page).locator(`[role="row"][aria-rowindex="${index + 2}"]`);
const cursorRow = (page: Page) => table(page).locator('[role="row"][data-cursor]');
const rowLink = (page: Page, index: number) => rowAt(page, index).locator('a[data-row-link]');
const helpDialog = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });

/** Leaves the focus on the page itself, as after a click on an empty part of it. */
async function blur(page: Page) {
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
}

async function openMembers(page: Page, search = '') {
  await page.goto(`/members${search}`);
  await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
  // Nothing focused: the keys are the page's.
  await blur(page);
}

/** The name a row shows (its link). */
async function nameAt(page: Page, index: number): Promise<string> {
  return ((await rowLink(page, index).textContent()) ?? '').trim();
}

test('j walks the list, Enter opens, ] and [ follow the list order, e edits, Esc comes back', async ({
  operatorPage: page,
}) => {
  // A sort other than the default: the records follow the order the list shows.
  await openMembers(page, '?sort=-legalName');
  for (let press = 0; press < 3; press++) await page.keyboard.press('j');
  // The cursor is on the third member, whose link has the focus (roving focus: the screen
  // reader reads the row's name), and it is the table's one tab stop.
  await expect(cursorRow(page)).toHaveAttribute('aria-rowindex', '4');
  const third = await nameAt(page, 2);
  await expect(rowLink(page, 2)).toBeFocused();
  await expect(rowLink(page, 2)).toHaveAttribute('tabindex', '0');
  await expect(rowLink(page, 0)).toHaveAttribute('tabindex', '-1');

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/members\/[^/?]+\?sort=-legalName$/);
  await expect(page.getByRole('heading', { name: third, exact: true })).toBeVisible();
  await expect(rowAt(page, 2)).toHaveAttribute('data-open', 'true');

  const fourth = await nameAt(page, 3);
  await page.keyboard.press(']');
  await expect(page.getByRole('heading', { name: fourth, exact: true })).toBeVisible();
  await expect(rowAt(page, 3)).toHaveAttribute('data-open', 'true');
  await expect(page).toHaveURL(/\?sort=-legalName$/);
  await page.keyboard.press('[');
  await expect(page.getByRole('heading', { name: third, exact: true })).toBeVisible();
  await expect(cursorRow(page)).toHaveAttribute('aria-rowindex', '4');

  await page.keyboard.press('e');
  await expect(page.getByRole('tab', { name: 'Edit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=edit/);

  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/members\?sort=-legalName$/);
  await expect(page.getByRole('heading', { name: third, exact: true })).toHaveCount(0);
  await expect(cursorRow(page)).toHaveAttribute('aria-rowindex', '4');
  await expect(rowLink(page, 2)).toBeFocused();
});

test('Esc on a record returns to the list at the same row and scroll position', async ({
  operatorPage: page,
}) => {
  await openMembers(page);
  const rowHeight = await bodyRows(page)
    .first()
    .evaluate((row) => row.getBoundingClientRect().height);
  // Scrolled down to row 40 (more pages load on the way): a first `j` puts the cursor on the
  // first row wholly in view.
  const target = 40 * rowHeight;
  await expect
    .poll(() =>
      scrollArea(page).evaluate((area, top) => {
        area.scrollTop = top;
        return area.scrollTop;
      }, target),
    )
    .toBe(target);
  await expect(rowAt(page, 41)).toBeVisible();
  await page.keyboard.press('j');
  await expect(cursorRow(page)).toHaveAttribute('aria-rowindex', '42');
  const name = await nameAt(page, 40);
  const scrolled = await scrollArea(page).evaluate((area) => area.scrollTop);

  await page.keyboard.press('o');
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0);
  await expect(rowLink(page, 40)).toBeFocused();
  await expect(cursorRow(page)).toHaveAttribute('aria-rowindex', '42');
  expect(await scrollArea(page).evaluate((area) => area.scrollTop)).toBe(scrolled);
});

test('x selects the cursor row and Shift+X the range to it; the bulk bar counts them', async ({
  operatorPage: page,
}) => {
  await openMembers(page);
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+X');
  await expect(page.getByText('4 selected', { exact: true })).toBeVisible();
  for (let index = 0; index < 4; index++) {
    await expect(rowAt(page, index).getByRole('checkbox')).toBeChecked();
  }
  await expect(rowAt(page, 4).getByRole('checkbox')).not.toBeChecked();
  // x again unselects the row under the cursor.
  await page.keyboard.press('x');
  await expect(page.getByText('3 selected', { exact: true })).toBeVisible();
});

test('/ goes to the search, where j is a letter, and Esc clears it', async ({
  operatorPage: page,
}) => {
  await openMembers(page);
  const search = page.getByRole('searchbox', { name: 'Search members' });
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await page.keyboard.type('j');
  await expect(search).toHaveValue('j');
  await expect(cursorRow(page)).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]q=j/);
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await expect(page).toHaveURL(/\/members$/);
  await expect(search).toBeFocused();
});

test('g then a letter goes to an area; ? and the sidebar button show every shortcut', async ({
  operatorPage: page,
}) => {
  await openMembers(page);
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();

  await page.keyboard.press('?');
  const dialog = helpDialog(page);
  await expect(dialog).toBeVisible();
  for (const group of ['Anywhere', 'Lists', 'Records']) {
    await expect(dialog.getByRole('heading', { name: group })).toBeVisible();
  }
  await expect(dialog.getByText('Go to Members')).toBeVisible();
  await expect(dialog.getByText('Next record, in the order of its list')).toBeVisible();
  // No key acts behind the dialog.
  await page.keyboard.press('g');
  await page.keyboard.press('m');
  await expect(page).toHaveURL(/\/invoices$/);
  const results = await new AxeBuilder({ page })
    .include('dialog[open]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const button = page.getByRole('button', { name: /^Keyboard shortcuts/ });
  await button.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('Ctrl+K still opens the palette, whose field takes the letters', async ({
  operatorPage: page,
}) => {
  await openMembers(page);
  await page.keyboard.press('Control+k');
  const input = page.getByPlaceholder('Search...');
  await expect(input).toBeVisible();
  await page.keyboard.type('gi?');
  await expect(input).toHaveValue('gi?');
  await expect(page).toHaveURL(/\/members$/);
  await expect(helpDialog(page)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(input).toBeHidden();
});

test('on the sign-in screen typing still focuses the e-mail field, and no shortcut acts', async ({
  page,
}) => {
  await page.goto('/members');
  const email = page.getByLabel('Your email address');
  await expect(email).toBeVisible();
  await blur(page);
  await expect(email).not.toBeFocused();
  await page.keyboard.press('g');
  await expect(email).toBeFocused();
  await page.keyboard.type('i?');
  await expect(email).toHaveValue('gi?');
  await expect(page).toHaveURL(/\/members$/);
  await expect(helpDialog(page)).toHaveCount(0);
});
