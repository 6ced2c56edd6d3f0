import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import {
  addOperator,
  expect,
  signInByApi,
  test,
  testPassword,
  uniqueEmail,
} from './support/fixtures';

/**
 * Issue 19, saved views: saved in a list's toolbar, shared with every operator or personal, under
 * the area's sidebar entry with the count of their rows, opened exactly as saved, renamed live
 * in the other operator's console, the default of a list, and the notice of what no longer
 * applies.
 *
 * Shared views are seen by every operator, the other tests' too: the names here say none of the
 * sidebar's entries ("Members", "Ops"…), so a test that finds an entry by its name never finds
 * one of these, and the shared view is deleted at the end.
 */

type MembersTotal = { estimatedTotal: number; totalIsExact: boolean };

const format = (count: number) => new Intl.NumberFormat('en').format(count);
/** A name no sidebar entry's name is part of: digits only after the words. */
const viewName = (words: string) => `${words} ${Date.now() % 1_000_000}`;

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const table = (page: Page) => page.getByRole('table', { name: 'Members' });
const firstRow = (page: Page) => table(page).getByRole('rowgroup').nth(1).getByRole('row').first();
const viewsButton = (page: Page) => page.getByRole('button', { name: /^Views: / });

/** A fresh admin operator, signed in in a browser context of their own. */
async function operatorContext(browser: Browser, name: string): Promise<Page> {
  const email = uniqueEmail(name);
  addOperator(email, testPassword);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInByApi(page, email);
  return page;
}

async function membersTotal(page: Page, query: string): Promise<MembersTotal> {
  const response = await page.request.get(`/api/members?${query}&limit=1`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as MembersTotal;
}

async function expectNoSeriousViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include(include)
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.help}`),
    'serious or critical WCAG violations',
  ).toEqual([]);
}

/** The view the address shows: its country filter and its sort (whatever their order). */
async function expectCountryView(page: Page) {
  await expect
    .poll(() => {
      const params = new URL(page.url()).searchParams;
      return `${new URL(page.url()).pathname} ${params.get('country')} ${params.get('sort')}`;
    })
    .toBe('/members CH -number');
}

/** Opens the views menu and the actions of one view. */
async function openActions(page: Page, name: string) {
  await viewsButton(page).click();
  const menu = page.getByRole('group', { name: 'Saved views of members' });
  await menu.getByRole('button', { name: `Actions for ${name}` }).click();
  return menu;
}

test('a shared view is seen, counted, opened and renamed live in another operator’s console', async ({
  browser,
}) => {
  // Two consoles, each following the other's changes: more steps than one screen's test.
  test.setTimeout(90_000);
  const a = await operatorContext(browser, 'views-a');
  const b = await operatorContext(browser, 'views-b');
  const shared = viewName('Active by name');
  const renamed = viewName('Renamed active');
  const personal = viewName('Mine only');
  const columns = 'number,legalName,country,status,language';

  // A: a filter and columns in the address, a sort by a click on a header.
  await a.goto(`/members?status=active&cols=${columns}`);
  await expect(firstRow(a)).toBeVisible();
  await table(a)
    .getByRole('columnheader', { name: 'Name', exact: true })
    .getByRole('button')
    .click();
  await expect(a).toHaveURL(/sort=legalName/);

  await a.getByRole('button', { name: 'Save view', exact: true }).click();
  const dialog = a.getByRole('dialog', { name: 'Save view' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(a, 'dialog[open]');
  // An empty name is refused under the field.
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog.getByText('Give the view a name.')).toBeVisible();
  await dialog.getByLabel('Name').fill(shared);
  await dialog.getByLabel('Share with all operators').check();
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(viewsButton(a)).toHaveAccessibleName(`Views: ${shared}`);

  // B sees it under Members with the count of its rows, as the list counts them.
  await b.goto('/');
  const link = mainNavigation(b).getByRole('link', { name: shared, exact: true });
  await expect(link).toBeVisible();
  await expect
    .poll(async () => {
      const { estimatedTotal, totalIsExact } = await membersTotal(b, 'status=active');
      expect(totalIsExact).toBe(true);
      const description = await link.getAttribute('aria-describedby');
      const count = description ? await b.locator(`[id="${description}"]`).textContent() : null;
      return count?.endsWith(`${format(estimatedTotal)} members`) ?? false;
    })
    .toBe(true);

  await expectNoSeriousViolations(b, 'nav[aria-label="Main"]');

  // Opening it restores the filter, the sort and the columns.
  await link.click();
  await expect(b).toHaveURL(/\/members\?/);
  const url = new URL(b.url());
  expect(url.searchParams.get('status')).toBe('active');
  expect(url.searchParams.get('sort')).toBe('legalName');
  expect(url.searchParams.get('cols')).toBe(columns);
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(viewsButton(b)).toHaveAccessibleName(`Views: ${shared}`);
  await expect(table(b).getByRole('columnheader', { name: 'Language', exact: true })).toBeVisible();
  await expect(table(b).getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const { estimatedTotal } = await membersTotal(b, 'status=active');
  await expect(
    b.getByRole('main').getByText(`${format(estimatedTotal)} members`, { exact: true }),
  ).toBeVisible();

  // B's menu marks it shared, with its owner, and checked.
  await viewsButton(b).click();
  const bMenu = b.getByRole('group', { name: 'Saved views of members' });
  await expect(bMenu.getByRole('link', { name: new RegExp(shared) })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(bMenu.getByText(/^Shared by /)).toBeVisible();
  await expectNoSeriousViolations(b, '[role="group"][aria-label="Saved views of members"]');
  await b.keyboard.press('Escape');
  await expect(bMenu).toBeHidden();

  // A renames it: B's sidebar follows without a reload (the change feed).
  const aMenu = await openActions(a, shared);
  await aMenu.getByRole('button', { name: 'Rename…' }).click();
  const rename = a.getByRole('dialog', { name: `Rename “${shared}”` });
  await rename.getByLabel('Name').fill(renamed);
  await rename.getByRole('button', { name: 'Rename view' }).click();
  await expect(rename).toBeHidden();
  await expect(mainNavigation(b).getByRole('link', { name: renamed, exact: true })).toBeVisible();
  await expect(mainNavigation(b).getByRole('link', { name: shared, exact: true })).toHaveCount(0);

  // A personal view stays A's.
  await a.getByRole('button', { name: 'Save view', exact: true }).click();
  await dialog.getByLabel('Name').fill(personal);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(mainNavigation(a).getByRole('link', { name: personal, exact: true })).toBeVisible();
  await b.reload();
  await expect(mainNavigation(b).getByRole('link', { name: renamed, exact: true })).toBeVisible();
  await expect(mainNavigation(b).getByRole('link', { name: personal, exact: true })).toHaveCount(0);

  // A deletes the shared view: gone from B's sidebar too.
  const menu = await openActions(a, renamed);
  await menu.getByRole('button', { name: 'Delete…' }).click();
  const confirm = a.getByRole('dialog', { name: `Delete “${renamed}”?` });
  await confirm.getByRole('button', { name: 'Delete view' }).click();
  await expect(confirm).toBeHidden();
  await expect(mainNavigation(b).getByRole('link', { name: renamed, exact: true })).toHaveCount(0);

  await a.context().close();
  await b.context().close();
});

test('a view naming a country that no longer exists opens without it, with a notice; a default view opens on bare /members', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await operatorContext(browser, 'views-c');
  const name = viewName('Old country');
  // Saved when YU was still there (the API keeps values it cannot check until it reads them).
  const saved = await page.request.post('/api/saved-views', {
    data: { list: 'members', name, params: 'country=YU,CH&sort=-number', isShared: false },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  await page.goto('/');
  await mainNavigation(page).getByRole('link', { name, exact: true }).click();
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'Some of this view no longer applies:' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('YU');
  await expectCountryView(page);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();

  // Set as default: the bare list opens it (from the sidebar's entry or the address).
  const menu = await openActions(page, name);
  await menu.getByRole('button', { name: 'Set as default' }).click();
  await viewsButton(page).click();
  await expect(menu.getByText('Default', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/');
  await mainNavigation(page).getByRole('link', { name: 'Members', exact: true }).click();
  await expectCountryView(page);
  await expect(notice).toBeVisible();
  await page.goto('/members');
  await expectCountryView(page);
  await expect(viewsButton(page)).toHaveAccessibleName(`Views: ${name}`);

  // "All members" in the menu is the list's own view: no default is forced on it.
  await viewsButton(page).click();
  await page.getByRole('link', { name: 'All members' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(firstRow(page)).toBeVisible();
  await expect(page).toHaveURL(/\/members$/);
  await expect(viewsButton(page)).toHaveAccessibleName('Views: All members');

  await page.context().close();
});
