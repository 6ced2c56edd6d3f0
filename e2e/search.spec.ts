import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { ops } from './support/ops';

// The search palette (spec §2) and the search indexes screen, against the demo data of the
// first start, searched through the real search service of the server.

type Hit = {
  id: string;
  _type: 'profile' | 'application' | 'member' | 'invoice';
  name?: string;
  description: string;
  _firestore_id: string;
};
type SearchAnswer = { hits: Hit[]; estimatedTotalHits: number; query: string };

/** Searches as the palette does (searchParams, then the service), with the page's session. */
async function searchByApi(page: Page, q: string): Promise<SearchAnswer> {
  const paramsResponse = await page.request.post('/functions/searchParams', {
    data: { data: {} },
  });
  expect(paramsResponse.status(), await paramsResponse.text()).toBe(200);
  const { result } = (await paramsResponse.json()) as {
    result: { host: string; apiKey: string; index: string };
  };
  const response = await page.request.post(
    `${result.host}/indexes/${encodeURIComponent(result.index)}/search`,
    { headers: { authorization: `Bearer ${result.apiKey}` }, data: { q, limit: 20 } },
  );
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SearchAnswer;
}

/** A member of the demo data, with a name, found through the search service itself. */
async function findDemoMember(page: Page): Promise<Hit & { name: string }> {
  for (const q of ['a', 'e', 'o', 'i', 'u', 'r', 'n', 's', 't', 'l']) {
    const { hits } = await searchByApi(page, q);
    const member = hits.find((hit) => hit._type === 'member' && hit.name);
    if (member?.name) return { ...member, name: member.name };
  }
  throw new Error('No member with a name was found in the demo data.');
}

/** `value` inside a CSS attribute selector's double quotes. */
const cssString = (value: string) => value.replace(/["\\]/g, '\\$&');

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const paletteInput = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' });

async function openPalette(page: Page) {
  // The shortcut works once the console is there (before, the sign-in gate is still deciding).
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await expect(paletteInput(page)).toBeFocused();
}

/** Types `text` key by key and waits until the list shows the answer to exactly that query. */
async function typeQuery(page: Page, text: string) {
  await paletteInput(page).pressSequentially(text, { delay: 20 });
  await expect(
    page.locator(`[role="listbox"][data-query="${cssString(text.trim())}"]`),
  ).toHaveCount(1);
}

/** The option of the record `recordId` in the palette's list. */
function optionOf(page: Page, recordId: string): Locator {
  return results(page).locator(`[role="option"][data-record-id="${cssString(recordId)}"]`);
}

/** Presses ArrowDown until the option of `recordId` is the active one. */
async function arrowTo(page: Page, recordId: string) {
  const ids = await results(page)
    .getByRole('option')
    .evaluateAll((options) => options.map((option) => option.getAttribute('data-record-id')));
  const position = ids.indexOf(recordId);
  expect(position, `${recordId} is among the results`).toBeGreaterThanOrEqual(0);
  for (let press = 0; press <= position; press++) await page.keyboard.press('ArrowDown');
  await expect(optionOf(page, recordId)).toHaveAttribute('aria-selected', 'true');
  await expect(paletteInput(page)).toHaveAttribute(
    'aria-activedescendant',
    (await optionOf(page, recordId).getAttribute('id')) ?? '',
  );
}

test.describe('the search palette', () => {
  test('Ctrl+K opens it; a member found by name goes to /members/{mid} with ArrowDown and Enter', async ({
    operatorPage: page,
  }) => {
    await page.goto('/');
    const member = await findDemoMember(page);
    await openPalette(page);
    await expect(paletteInput(page)).toHaveAttribute('placeholder', 'Search...');
    await expect(paletteInput(page)).toHaveAttribute('aria-expanded', 'false');

    await typeQuery(page, member.name);
    await expect(paletteInput(page)).toHaveAttribute('aria-expanded', 'true');
    const option = optionOf(page, member._firestore_id);
    await expect(option).toBeVisible();
    await expect(option).toContainText(member.name);
    await expect(option).toContainText(member.description);
    await expect(option.getByText('member', { exact: true })).toBeVisible();

    await arrowTo(page, member._firestore_id);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      new RegExp(`/members/${encodeURIComponent(member._firestore_id)}$`),
    );
    await expect(palette(page)).toBeHidden();
    // The member's detail, titled with its name.
    await expect(page.getByRole('heading', { name: member.name, exact: true })).toBeVisible();
  });

  test('keys typed right after Ctrl+K, before the field has the focus, are not lost', async ({
    operatorPage: page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // No waiting: the palette's code may not even be loaded yet when the letters come.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('spedition', { delay: 5 });
    await expect(paletteInput(page)).toHaveValue('spedition');
    await expect(paletteInput(page)).toBeFocused();
  });

  test('a click on a hit goes to its detail route and closes the palette', async ({
    operatorPage: page,
  }) => {
    await page.goto('/invoices');
    const member = await findDemoMember(page);
    await openPalette(page);
    await typeQuery(page, member.name);
    await optionOf(page, member._firestore_id).click();
    await expect(page).toHaveURL(
      new RegExp(`/members/${encodeURIComponent(member._firestore_id)}$`),
    );
    await expect(palette(page)).toBeHidden();
  });

  test("a query without hits says 'No result found.'", async ({ operatorPage: page }) => {
    await page.goto('/');
    await openPalette(page);
    await typeQuery(page, 'qxzvkjwq');
    await expect(palette(page).getByText('No result found.')).toBeVisible();
    await expect(results(page)).toBeHidden();
    await expect(paletteInput(page)).toHaveAttribute('aria-expanded', 'false');
    // Clearing the field clears the message: nothing is searched for an empty query.
    await paletteInput(page).fill('');
    await expect(palette(page).getByText('No result found.')).toBeHidden();
  });

  test('Escape closes it, the focus goes back, and it reopens with an empty field', async ({
    operatorPage: page,
  }) => {
    await page.goto('/');
    const searchButton = page.getByRole('button', { name: /^Search/ });
    await searchButton.click();
    await expect(palette(page)).toBeVisible();
    await expect(paletteInput(page)).toBeFocused();
    await paletteInput(page).pressSequentially('abc');
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(searchButton).toBeFocused();
    await openPalette(page);
    await expect(paletteInput(page)).toHaveValue('');
    await expect(results(page)).toBeHidden();
  });

  test('a click on the backdrop closes it', async ({ operatorPage: page }) => {
    await page.goto('/');
    await openPalette(page);
    await page.mouse.click(10, 10);
    await expect(palette(page)).toBeHidden();
  });

  test('the index follows the data: a user added from the CLI is found at once', async ({
    operatorPage: page,
  }) => {
    const email = `zyxwv-${Date.now().toString(36)}@example.org`;
    const output = ops('users', 'add', email, '--name', 'Zyxwv Unique');
    const uid = /\(uid ([^)]+)\)/.exec(output)?.[1];
    if (!uid) throw new Error(`No uid in the CLI's output: ${output}`);

    await page.goto('/');
    await openPalette(page);
    await typeQuery(page, 'Zyxwv');
    const option = optionOf(page, uid);
    await expect(option).toContainText('Zyxwv Unique');
    await expect(option.getByText('profile', { exact: true })).toBeVisible();
    // It is the only Zyxwv, so Enter (which opens the first hit) goes to it.
    await expect(results(page).getByRole('option').first()).toHaveAttribute('data-record-id', uid);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/users/${encodeURIComponent(uid)}$`));
    await expect(palette(page)).toBeHidden();
  });

  test('open with results, it has no serious or critical accessibility violation', async ({
    operatorPage: page,
  }) => {
    await page.goto('/');
    const member = await findDemoMember(page);
    await openPalette(page);
    await typeQuery(page, member.name.slice(0, 3));
    await page.keyboard.press('ArrowDown');
    // Colours are measured once the 300 ms transition in is over.
    await expect.poll(() => palette(page).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = axe.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`);
    expect(serious).toEqual([]);
  });
});

test.describe('the search indexes screen', () => {
  test('shows the counts per type, rebuilds with live progress and reports the outcome', async ({
    operatorPage: page,
  }) => {
    await page.goto('/search/indexes');
    await expect(page.getByRole('heading', { name: 'Search indexes' })).toBeVisible();
    const total = page.getByTestId('index-documents').first();
    await expect(total).toHaveText(/^[1-9][\d,]*$/);
    const perType = page.getByRole('table', { name: 'Documents per type' }).first();
    for (const type of ['profile', 'application', 'member', 'invoice']) {
      await expect(perType.getByRole('row').filter({ hasText: type })).toHaveCount(1);
    }

    // Every progress bar of a rebuild that shows, however briefly (the demo data rebuilds
    // fast), with what it said.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      const record = () => {
        document
          .querySelectorAll('[role="progressbar"][aria-label^="Rebuild"]')
          .forEach((bar) =>
            seen.push(bar.getAttribute('aria-valuetext') ?? bar.getAttribute('aria-label') ?? ''),
          );
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-valuetext'],
      });
    });

    const button = page.getByRole('button', { name: 'Rebuild index' }).first();
    await button.click();
    const report = page.getByRole('status').filter({ hasText: /Rebuild #\d+ succeeded/ });
    await expect(report).toBeVisible({ timeout: 60_000 });
    await expect(report).toContainText(/succeeded in [\d.]+ (ms|s|min)/);
    for (const type of ['profile', 'application', 'member', 'invoice']) {
      await expect(report).toContainText(new RegExp(`${type}: [\\d,]+`));
    }
    await expect(button).toBeEnabled();

    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: string[] }).progressSeen,
    );
    expect(seen.length, 'a progress bar showed while the rebuild ran').toBeGreaterThan(0);
    for (const text of seen.filter((text) => text.includes(' of '))) {
      expect(text).toMatch(/^[\d,]+ of [\d,]+ documents$/);
    }
    // The last rebuild is now this one, asked by the signed-in operator.
    await expect(page.getByText('Last rebuild')).toBeVisible();
  });

  test('the test box ranks hits with their stage, typos and score, each linking to its record', async ({
    operatorPage: page,
  }) => {
    await page.goto('/search/indexes');
    const member = await findDemoMember(page);
    await page.getByRole('searchbox', { name: 'Query' }).fill(member.name);
    const table = page.locator(`table[data-query="${cssString(member.name)}"]`);
    await expect(table).toBeVisible();
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(rows.first().locator('td').first()).toHaveText('1');
    const row = rows.filter({ has: page.getByRole('link', { name: member.name }) }).first();
    await expect(row).toContainText('member');
    await expect(row).toContainText(/exact|name|text|typo/);
    await expect(row.locator('td').last()).toHaveText(/^[01]\.\d{3}$/);

    await row.getByRole('link', { name: member.name }).click();
    await expect(page).toHaveURL(
      new RegExp(`/members/${encodeURIComponent(member._firestore_id)}$`),
    );
  });
});
