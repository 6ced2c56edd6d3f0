import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { expect, test } from './support/fixtures';

type MemberRow = { mid: string; number: string; legalName: string; status: string };
type MembersPage = {
  data: MemberRow[];
  nextCursor: string | null;
  estimatedTotal: number;
  totalIsExact: boolean;
};

const format = (count: number) => new Intl.NumberFormat('en').format(count);

/** A page of the list as the API gives it to this browser's session. */
async function membersOf(page: Page, query = ''): Promise<MembersPage> {
  const response = await page.request.get(`/api/members${query ? `?${query}` : ''}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as MembersPage;
}

const table = (page: Page) => page.getByRole('table', { name: 'Members' });
/** The member rows on screen (the header row is in its own row group, first). */
const bodyRows = (page: Page) => table(page).getByRole('rowgroup').nth(1).getByRole('row');
const firstRow = (page: Page) => bodyRows(page).first();
const header = (page: Page, name: string) =>
  table(page).getByRole('columnheader', { name, exact: true });

/** Cell positions (1-based): the selection checkbox comes first. */
const numberColumn = 2;
const statusColumn = 6;

/** The text of one column (1-based) in every row on screen. */
async function columnTexts(rows: Locator, column: number): Promise<string[]> {
  return rows.evaluateAll(
    (elements, index) =>
      elements.map((row) => row.querySelectorAll('[role="cell"]')[index - 1]?.textContent ?? ''),
    column,
  );
}

/**
 * The count shown is the API's for the view, exact ("182 members") on the demo's 1,000 members
 * (polled: other tests change members).
 */
async function expectCountOf(page: Page, query: string) {
  await expect
    .poll(async () => {
      const { estimatedTotal, totalIsExact } = await membersOf(page, query);
      expect(totalIsExact).toBe(true);
      return page.getByText(`${format(estimatedTotal)} members`, { exact: true }).isVisible();
    })
    .toBe(true);
}

/**
 * The total of the latest first page the screen itself loaded: other tests add members while
 * this one runs, so the screen is compared with what it was answered.
 */
function screenEstimate(page: Page): () => number | null {
  let estimate: number | null = null;
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/members' || url.searchParams.has('cursor') || !response.ok()) return;
    try {
      estimate = ((await response.json()) as MembersPage).estimatedTotal;
    } catch {
      // A navigation dropped the body; the next answer tells.
    }
  });
  return () => estimate;
}

async function openList(page: Page, search = '') {
  await page.goto(`/members${search}`);
  await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
  await expect(firstRow(page)).toBeVisible();
}

test('the list shows the exact count and the members in number order', async ({
  operatorPage: page,
}) => {
  const shownEstimate = screenEstimate(page);
  await openList(page);
  // Other tests add members while this one runs: the screen follows them (live), so the rows
  // are compared with the API until both agree, and the count with the screen's own answer.
  await expect
    .poll(async () => {
      const first = await membersOf(page);
      const shown = await columnTexts(bodyRows(page), numberColumn);
      const count = await page
        .getByRole('status')
        .filter({ hasText: /^[\d,]+ members$/ })
        .textContent();
      return (
        shown.length > 5 &&
        shown.join() ===
          first.data
            .slice(0, shown.length)
            .map((row) => row.number)
            .join() &&
        count === `${format(shownEstimate() ?? Number.NaN)} members`
      );
    })
    .toBe(true);
  const first = await membersOf(page);
  // The demo data set has 1,000 members, counted exactly (other tests may have added a few).
  expect(first.totalIsExact).toBe(true);
  expect(first.estimatedTotal).toBeGreaterThanOrEqual(1_000);
  expect(first.estimatedTotal).toBeLessThan(1_050);
  await expect(header(page, 'Number')).toHaveAttribute('aria-sort', 'ascending');
  const top = first.data[0];
  await expect(
    table(page).getByRole('link', { name: top?.legalName, exact: true }).first(),
  ).toHaveAttribute('href', `/members/${top?.mid}`);
});

test('a column header sorts ascending, then descending, and a reload keeps the view', async ({
  operatorPage: page,
}) => {
  const [ascending, descending, byDefault] = await Promise.all([
    membersOf(page, 'sort=legalName&limit=1'),
    membersOf(page, 'sort=-legalName&limit=1'),
    membersOf(page, 'limit=1'),
  ]);
  await openList(page);
  const byNumber = await firstRow(page).textContent();

  await header(page, 'Name').getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=legalName(&|$)/);
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'Number')).not.toHaveAttribute('aria-sort', /.*/);
  await expect(firstRow(page)).toContainText(ascending.data[0]?.legalName ?? '');
  // The first row changed, unless one member comes first both ways (another spec's member
  // numbered "A-FIX-…" and named "Aaa …" does while it exists).
  if (ascending.data[0]?.mid !== byDefault.data[0]?.mid) {
    expect(await firstRow(page).textContent()).not.toBe(byNumber);
  }

  await header(page, 'Name').getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=-legalName(&|$)/);
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'descending');
  await expect(firstRow(page)).toContainText(descending.data[0]?.legalName ?? '');
  const shown = await firstRow(page).textContent();

  await page.reload();
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'descending');
  await expect(firstRow(page)).toHaveText(shown ?? '');
});

test('the search box narrows the rows and puts q in the address', async ({
  operatorPage: page,
}) => {
  // A member further down the list, so the first rows change when it is searched for.
  const { data } = await membersOf(page, 'limit=200');
  let target: MemberRow | undefined;
  let expected: MemberRow[] = [];
  for (const candidate of data.slice(30)) {
    const found = await membersOf(page, `q=${encodeURIComponent(candidate.legalName)}`);
    // Its name must be its own: the demo data may give two members one name, and the link
    // below is found by the name.
    const namesakes = found.data.filter((row) => row.legalName === candidate.legalName);
    if (found.data.length <= 5 && namesakes.length === 1 && namesakes[0]?.mid === candidate.mid) {
      target = candidate;
      expected = found.data;
      break;
    }
  }
  if (!target) throw new Error('no member of the demo data has a name found among 5 or fewer');

  await openList(page);
  await page.getByLabel('Search members').fill(target.legalName);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === target.legalName);
  await expect(bodyRows(page)).toHaveCount(expected.length);
  await expect(
    table(page).getByRole('link', { name: target.legalName, exact: true }),
  ).toBeVisible();
  expect(await columnTexts(bodyRows(page), numberColumn)).toEqual(
    expected.map((row) => row.number),
  );

  // Nothing matches: the empty state, and a way back to every member.
  await page.getByLabel('Search members').fill('zzzqqqxxx no such member');
  await expect(page.getByText('No member matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL((url) => url.search === '');
  await expect(page.getByLabel('Search members')).toHaveValue('');
  await expect(bodyRows(page).first()).toBeVisible();
});

test('a status filter chip goes in the address and keeps only members of that status', async ({
  operatorPage: page,
}) => {
  await openList(page);
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Status', exact: true }).click();
  const overdue = page.getByRole('group', { name: 'Status filter' }).getByLabel('Overdue');
  await overdue.click();
  await expect(overdue).toBeChecked();
  await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'overdue');
  await page.keyboard.press('Escape');
  const chip = filters.getByRole('button', { name: 'Status: Overdue' });
  await expect(chip).toHaveAttribute('aria-expanded', 'false');
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect
    .poll(async () => new Set(await columnTexts(bodyRows(page), statusColumn)))
    .toEqual(new Set(['Overdue']));
  await expectCountOf(page, 'status=overdue');

  // The export carries the same view, and answers with the CSV of it.
  await header(page, 'Joined').getByRole('button').click();
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute(
    'href',
    '/api/members/export?sort=joinedOn&status=overdue',
  );
  const csv = await page.request.get('/api/members/export?sort=joinedOn&status=overdue');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');

  await page.reload();
  await expect(chip).toBeVisible();
  await expect(header(page, 'Joined')).toHaveAttribute('aria-sort', 'ascending');

  // The chip's ✕ removes the filter.
  await filters.getByRole('button', { name: 'Remove the Status filter' }).click();
  await expect(page).toHaveURL((url) => !url.searchParams.has('status'));
});

test('a range filter keeps members who joined within it', async ({ operatorPage: page }) => {
  await openList(page);
  await page
    .getByRole('group', { name: 'Filters' })
    .getByRole('button', { name: 'Joined' })
    .click();
  const editor = page.getByRole('group', { name: 'Joined filter' });
  await editor.getByLabel('From').fill('2015-01-01');
  await editor.getByLabel('To').fill('2016-12-31');
  await editor.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('joinedOn') === '2015-01-01..2016-12-31',
  );
  await expect(
    page.getByRole('group', { name: 'Filters' }).getByRole('button', {
      name: 'Joined: 1 Jan 2015 – 31 Dec 2016',
    }),
  ).toBeVisible();
  await expectCountOf(page, 'joinedOn=2015-01-01..2016-12-31');
  // The cells read "12 Mar 2015" (the console's one date format): compared as days.
  const joined = (await columnTexts(bodyRows(page), 7)).map((date) =>
    new Date(`${date} UTC`).toISOString().slice(0, 10),
  );
  expect(joined.every((date) => date >= '2015-01-01' && date <= '2016-12-31')).toBe(true);
});

test('the column chooser hides and shows columns, and the address keeps the choice', async ({
  operatorPage: page,
}) => {
  await openList(page);
  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('group', { name: 'Columns shown' });
  // The boxes follow the address: click, then read their state.
  await chooser.getByLabel('Country').click();
  await expect(chooser.getByLabel('Country')).not.toBeChecked();
  await chooser.getByLabel('Trade name').click();
  await expect(chooser.getByLabel('Trade name')).toBeChecked();
  await expect(header(page, 'Country')).toHaveCount(0);
  await expect(header(page, 'Trade name')).toBeVisible();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('cols')?.includes('tradeName') ?? false,
  );
  await page.reload();
  await expect(header(page, 'Country')).toHaveCount(0);
  await expect(header(page, 'Trade name')).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Reset columns' }).click();
  await expect(header(page, 'Country')).toBeVisible();
  await expect(page).toHaveURL((url) => !url.searchParams.has('cols'));
});

test('rows can be selected, then every matching member, and the selection exported', async ({
  operatorPage: page,
}) => {
  await openList(page, '?status=active');
  const first = await membersOf(page, 'status=active&limit=2');
  const [one, two] = first.data;
  if (!one || !two) throw new Error('the demo data has fewer than two active members');
  for (const member of [one, two]) {
    const box = table(page).getByRole('checkbox', { name: `Select ${member.legalName}` });
    await box.click();
    await expect(box).toBeChecked();
  }
  const selection = page.getByRole('region', { name: 'Selection' });
  await expect(selection.getByText('2 selected')).toBeVisible();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('selected') === `${one.mid},${two.mid}`,
  );

  const download = page.waitForEvent('download');
  await selection.getByRole('button', { name: 'Export selected' }).click();
  const csv = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of csv) chunks.push(chunk as Buffer);
  const lines = Buffer.concat(chunks).toString('utf8').trim().split(/\r?\n/);
  expect(lines).toHaveLength(3); // the header and the two members
  expect(lines.join('\n')).toContain(one.number);

  // Every loaded row, then every matching member.
  const selectLoaded = table(page).getByRole('checkbox', { name: 'Select all loaded rows' });
  await selectLoaded.click();
  await expect(selectLoaded).toBeChecked();
  // The demo's active members are counted exactly: no "about".
  await selection.getByRole('button', { name: /^Select all [\d,]+ matching$/ }).click();
  await expect(selection.getByText(/^All [\d,]+ matching members selected$/)).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.get('selected') === 'all');
  await selection.getByRole('button', { name: 'Clear selection' }).click();
  await expect(selection).toHaveCount(0);
});

test('selected members are suspended together, with the reason in their history', async ({
  operatorPage: page,
}) => {
  const overdue = await membersOf(page, 'status=overdue&limit=2');
  const [one, two] = overdue.data;
  if (!one || !two) throw new Error('the demo data has fewer than two overdue members');
  await openList(page, '?status=overdue');
  await table(page)
    .getByRole('checkbox', { name: `Select ${one.legalName}` })
    .click();
  await table(page)
    .getByRole('checkbox', { name: `Select ${two.legalName}` })
    .click();
  const selection = page.getByRole('region', { name: 'Selection' });
  await expect(selection.getByText('2 selected')).toBeVisible();
  await selection.getByRole('button', { name: 'Suspend' }).click();
  const confirm = selection.getByRole('alertdialog', { name: 'Suspend' });
  await confirm
    .getByLabel('Reason (kept in each member’s history)')
    .fill('No payment after reminders');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('2 members suspended.')).toBeVisible();
  // They leave the overdue view (the list follows the change).
  await expect(table(page).getByRole('link', { name: one.legalName, exact: true })).toHaveCount(0);
  const after = await withDatabase((database) =>
    database.db
      .selectFrom('members')
      .select(['mid', 'status'])
      .where('mid', 'in', [one.mid, two.mid])
      .execute(),
  );
  expect(after.map((row) => row.status)).toEqual(['suspended', 'suspended']);
  const history = await page.request.get(`/api/audit/members/${one.mid}`);
  expect(JSON.stringify(await history.json())).toContain('No payment after reminders');
});

test('scrolling to the end of the table loads more rows', async ({ operatorPage: page }) => {
  await openList(page);
  // Only the rows in view are rendered; aria-rowindex says where a row is (the header is 1).
  const lastRowIndex = async () =>
    Number(await bodyRows(page).last().getAttribute('aria-rowindex'));
  expect(await lastRowIndex()).toBeLessThanOrEqual(51);
  const scrollArea = page.getByRole('region', { name: 'Members list' });
  await expect
    .poll(async () => {
      await scrollArea.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      return lastRowIndex();
    })
    .toBeGreaterThan(101);
  expect(await bodyRows(page).count()).toBeLessThan(40);
});

test('the members list has no serious accessibility violation', async ({ operatorPage: page }) => {
  await openList(page, '?status=active');
  await expect(table(page)).not.toHaveAttribute('aria-busy', 'true');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help}\n` +
        violation.nodes.map((node) => `  ${node.target.join(' ')}`).join('\n'),
    ),
  ).toEqual([]);
});

test('a member changed elsewhere updates in the open list without a reload', async ({
  operatorPage: page,
}) => {
  await page.goto('/members');
  const [first] = (await membersOf(page)).data;
  if (!first) throw new Error('the demo data has no member');
  await expect(firstRow(page)).toContainText(first.legalName);

  const renamed = `${first.legalName} (renamed elsewhere)`;
  await withDatabase((database) =>
    database.db
      .updateTable('members')
      .set({ legal_name: renamed })
      .where('mid', '=', first.mid)
      .execute(),
  );
  // The change stream tells this browser; the list refetches within about a second.
  await expect(firstRow(page)).toContainText(renamed, { timeout: 3_000 });

  await withDatabase((database) =>
    database.db
      .updateTable('members')
      .set({ legal_name: first.legalName })
      .where('mid', '=', first.mid)
      .execute(),
  );
  await expect(firstRow(page)).not.toContainText('(renamed elsewhere)', { timeout: 3_000 });
});
