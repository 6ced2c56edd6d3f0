import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './support/fixtures';

type AgeingRow = {
  currency: string;
  bucket: string;
  invoices: number;
  amountMinor: number;
  chfMinor: number | null;
};
type Report<Row> = {
  title: string;
  columns: { key: string; label: string }[];
  rows: Row[];
  filters: { to: string };
};

/** The report as the API gives this browser's session. */
async function reportOf<Row>(page: Page, path: string): Promise<Report<Row>> {
  const response = await page.request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Report<Row>;
}

/** "CHF 1,234.50" (or "EUR -2.00") as minor units: what the screen shows, read back. */
function minorOf(text: string): number {
  const amount = /(-?[\d,]+)(?:\.(\d+))?\s*$/.exec(text.replace(/\u00a0/g, ' ').trim());
  if (!amount) throw new Error(`not an amount: ${text}`);
  const [, whole = '0', fraction = ''] = amount;
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole.replace(/,/g, ''))) * 100 + Number(fraction.padEnd(2, '0')));
}

function totalsByCurrency(rows: readonly AgeingRow[]) {
  const totals = new Map<string, { invoices: number; amountMinor: number }>();
  for (const row of rows) {
    const total = totals.get(row.currency) ?? { invoices: 0, amountMinor: 0 };
    total.invoices += row.invoices;
    total.amountMinor += row.amountMinor;
    totals.set(row.currency, total);
  }
  return totals;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const buckets = ['current', '1-30', '31-60', '61-90', '90+'];
const bucketLabels: Record<string, string> = {
  current: 'Not yet due',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

/** The due dates of a bucket's invoices, counted back from the report's today. */
function dueDatesOf(bucket: string, today: string): string {
  const ranges: Record<string, [number | null, number | null]> = {
    current: [0, null],
    '1-30': [-30, -1],
    '31-60': [-60, -31],
    '61-90': [-90, -61],
    '90+': [null, -91],
  };
  const [from, to] = ranges[bucket] ?? [null, null];
  return `${from === null ? '' : addDays(today, from)}..${to === null ? '' : addDays(today, to)}`;
}

const ageingPath = '/reports/receivables-ageing';
const chartOf = (page: Page): Locator => page.getByRole('figure', { name: /^Receivables ageing/ });

test('the receivables ageing: totals equal the API’s, a bar and a cell open their invoices', async ({
  operatorPage: page,
}) => {
  await page.goto(ageingPath);
  await expect(page.getByRole('heading', { name: 'Receivables ageing' })).toBeVisible();
  const report = await reportOf<AgeingRow>(page, '/api/reports/receivables-ageing');
  expect(report.rows.length, 'the demo data has open invoices').toBeGreaterThan(0);

  // The table's totals, one row per currency, are the sums of the API's rows.
  const table = page.getByTestId('report-table');
  for (const [currency, total] of totalsByCurrency(report.rows)) {
    const row = table.getByTestId('report-total').filter({ hasText: `Total ${currency}` });
    const cells = row.getByRole('cell');
    // Currency (the label) · bucket · invoices · open balance · CHF · rate month
    await expect(cells.nth(2)).toHaveText(new Intl.NumberFormat('en-US').format(total.invoices));
    expect(minorOf(await cells.nth(3).innerText())).toBe(total.amountMinor);
  }

  // The chart is drawn, named, and its numbers are in the page as a table too.
  const chart = chartOf(page);
  await expect(chart).toHaveAttribute('data-chart-state', 'drawn');
  await expect(page.getByRole('button', { name: 'Show table' })).toBeVisible();

  // A click on a bar (in one currency) opens the issued invoices of its bucket in that currency:
  // the fullest bucket, so that the click lands on a bar.
  const fullest = [...report.rows].sort((a, b) => b.amountMinor - a.amountMinor)[0];
  if (!fullest) throw new Error('no open balance');
  const { currency, bucket } = fullest;
  const bucketIndex = buckets.indexOf(bucket);
  await page.getByLabel('Chart in').selectOption(currency);
  await expect(chartOf(page)).toHaveAccessibleName(`Receivables ageing (${currency})`);
  await expect(chartOf(page)).toHaveAttribute('data-chart-state', 'drawn');
  const plot = chartOf(page).locator('.u-over');
  const box = await plot.boundingBox();
  if (!box) throw new Error('the chart has no plotting area');
  await plot.click({
    position: { x: ((bucketIndex + 0.5) / buckets.length) * box.width, y: box.height - 2 },
  });
  const dueDate = dueDatesOf(bucket, report.filters.to);
  const isTheBucket = (url: URL) =>
    url.pathname === '/invoices' &&
    url.searchParams.get('status') === 'issued' &&
    url.searchParams.get('currency') === currency &&
    url.searchParams.get('dueDate') === dueDate;
  await expect(page).toHaveURL(isTheBucket);
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();

  // The list holds the invoices the bar counts, and their open balances add up to the bar.
  const open: bigint[] = [];
  let cursor: string | null = null;
  do {
    const answer = await page.request.get(
      `/api/invoices?status=issued&currency=${currency}&dueDate=${dueDate}&limit=200` +
        (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''),
    );
    expect(answer.status()).toBe(200);
    const listPage = (await answer.json()) as {
      data: { balanceMinor: string }[];
      nextCursor: string | null;
    };
    open.push(
      ...listPage.data.map((invoice) => BigInt(invoice.balanceMinor)).filter((b) => b > 0n),
    );
    cursor = listPage.nextCursor;
  } while (cursor);
  expect(open).toHaveLength(fullest.invoices);
  expect(open.reduce((sum, balance) => sum + balance, 0n)).toBe(BigInt(fullest.amountMinor));

  // The same bucket's cell of the table leads to the same list.
  await page.goBack();
  const bucketRow = page
    .getByTestId('report-table')
    .getByRole('row')
    .filter({ hasText: bucketLabels[bucket] })
    .filter({ has: page.getByRole('cell', { name: currency, exact: true }) });
  await bucketRow.getByRole('link', { name: String(fullest.invoices), exact: true }).click();
  await expect(page).toHaveURL(isTheBucket);
});

test('the receivables ageing exported as XLSX holds the API’s totals, money as numbers', async ({
  operatorPage: page,
}) => {
  await page.goto(ageingPath);
  await expect(chartOf(page)).toHaveAttribute('data-chart-state', 'drawn');
  const report = await reportOf<AgeingRow>(page, '/api/reports/receivables-ageing');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export XLSX' }).click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');

  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(report.columns.map((column) => column.label));
  const at = (key: string) => report.columns.findIndex((column) => column.key === key) + 1;
  const fromFile = new Map<string, { invoices: number; amountMinor: number }>();
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const currency = String(row.getCell(at('currency')).value);
    const total = fromFile.get(currency) ?? { invoices: 0, amountMinor: 0 };
    const amount = row.getCell(at('amountMinor')).value;
    // Money is a number of major units, formatted with its currency.
    expect(typeof amount).toBe('number');
    expect(row.getCell(at('amountMinor')).numFmt).toContain(`"${currency}"`);
    total.invoices += Number(row.getCell(at('invoices')).value);
    total.amountMinor += Math.round(Number(amount) * 100);
    fromFile.set(currency, total);
  });
  expect(fromFile).toEqual(totalsByCurrency(report.rows));
});

test('a report keeps its filters in the URL, and its exports take them', async ({
  operatorPage: page,
}) => {
  await page.goto('/reports/growth');
  await expect(page.getByRole('figure', { name: 'Growth and churn' })).toHaveAttribute(
    'data-chart-state',
    'drawn',
  );
  const filters = page.getByRole('form', { name: 'Report filters' });
  // What a person sets stays in the URL, even when it equals today's rolling default (issue 30:
  // in December, From 1 January was the default and fell out of the bookmarked link).
  const defaultFrom = await filters.getByLabel('From').inputValue();
  expect(defaultFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await filters.getByLabel('From').fill(defaultFrom);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('from') === defaultFrom);

  await filters.getByLabel('From').fill('2026-01-01');
  await filters.getByLabel('To', { exact: true }).fill('2026-03-31');
  await filters.getByLabel('Member category').selectOption('individual');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('from') === '2026-01-01' &&
      url.searchParams.get('to') === '2026-03-31' &&
      url.searchParams.get('category') === 'individual',
  );
  // Three months, in the table and in the CSV link.
  const table = page.getByTestId('report-table');
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table.getByRole('cell', { name: 'Jan 2026', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/api/reports/growth?from=2026-01-01&to=2026-03-31&category=individual&format=csv',
  );

  // A refresh shows the same report.
  await page.reload();
  await expect(page.getByTestId('report-table').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByRole('form', { name: 'Report filters' }).getByLabel('From')).toHaveValue(
    '2026-01-01',
  );
});

/** WCAG 2.1 A and AA as axe checks them: no serious or critical violation. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

test('the reports index and a report page have no serious accessibility violation', async ({
  operatorPage: page,
}) => {
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('link', { name: 'Growth and churn' }).click();
  await expect(page).toHaveURL(/\/reports\/growth$/);
  const chart = page.getByRole('figure', { name: 'Growth and churn' });
  await expect(chart).toHaveAttribute('data-chart-state', 'drawn');

  // The keyboard reaches the chart's values and names the one under its cursor.
  await chart.focus();
  await page.keyboard.press('ArrowRight');
  await expect(chart.locator('[aria-live="polite"]')).toHaveText(/, Joined: /);
  await expectNoSeriousViolations(page);

  // The table behind the chart unfolds.
  await page.getByRole('button', { name: 'Show table' }).click();
  await expect(page.getByRole('table', { name: 'Growth and churn', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide table' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );

  // Enter on the keyboard cursor opens the records, as a click does: the second month's joins.
  await chart.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/members' &&
      /^\d{4}-\d{2}-01\.\./.test(url.searchParams.get('joinedOn') ?? ''),
  );
});

test('members by region: a cell opens the members list, which counts the same members', async ({
  operatorPage: page,
}) => {
  type Row = { year: number; region: string | null; members: number; on: string };
  await page.goto('/reports/membership-by-region');
  const chart = page.getByRole('figure', { name: 'Members by region' });
  await expect(chart).toHaveAttribute('data-chart-state', 'drawn');
  const report = await reportOf<Row>(page, '/api/reports/membership-by-region');
  const lastYear = Math.max(...report.rows.map((row) => row.year));
  const ofLastYear = report.rows.filter((row) => row.year === lastYear && row.region !== null);
  expect(ofLastYear.length).toBeGreaterThan(0);

  // Every region's count is the members list's with the same filters.
  for (const row of ofLastYear) {
    const answer = await page.request.get(
      `/api/members?region=${row.region}&memberOn=${row.on}&limit=1`,
    );
    expect(answer.status()).toBe(200);
    const list = (await answer.json()) as { estimatedTotal: number; totalIsExact: boolean };
    expect(list.totalIsExact).toBe(true);
    expect(list.estimatedTotal, `members in ${row.region}`).toBe(row.members);
  }

  // A cell of the table opens that list.
  const first = ofLastYear[0];
  if (!first) throw new Error('no region');
  await page
    .getByTestId('report-table')
    .getByRole('link', { name: new Intl.NumberFormat('en-US').format(first.members), exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/members' &&
      url.searchParams.get('memberOn') !== null &&
      url.searchParams.get('region') !== null,
  );
  await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
});

test('the charts stay out of the sign-in download (uPlot loads with the reports only)', async ({
  page,
}) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByLabel('Your email address')).toBeVisible();
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  // uPlot's plotting area class: in its code, and nowhere else.
  expect(bodies.filter((body) => body.includes('u-over'))).toEqual([]);
});
