import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { ops } from './support/ops';
import { expect, signInByApi, test, testPassword, uniqueEmail } from './support/fixtures';

/**
 * Issue 18, the home screen's Trends: every figure shown equals what the reports API answers
 * for the same filters, and a bar leads to the list of the records behind it.
 */

type Row = Record<string, string | number | boolean | null>;
type Report = { name: string; rows: Row[]; filters: { from: string | null; to: string } };

const nbsp = '\u00a0';
const count = (value: number) => new Intl.NumberFormat('en-US').format(value);
const share = (value: number) =>
  `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.round(value * 10) / 10)}%`;
/** Minor units of a two-decimal currency as the console writes them ("CHF 1,200.00"). */
const money = (minor: number, currency = 'CHF') =>
  `${currency}${nbsp}${minor < 0 ? '-' : ''}${new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.abs(minor) / 100)}`;
const sum = (rows: Row[], key: string) => rows.reduce((total, row) => total + Number(row[key]), 0);

async function reportOf(page: Page, path: string): Promise<Report> {
  const response = await page.request.get(`/api/reports/${path}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Report;
}

/** Generous: the machines that run the suite are shared (the speed is the bench's to judge). */
const drawTimeout = 15_000;

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/** Every chart of the dashboard is drawn (the chart marks its figure when uPlot has drawn it). */
async function allDrawn(page: Page, charts: number) {
  await expect(page.locator('figure[data-chart-state="drawn"]')).toHaveCount(charts, {
    timeout: drawTimeout,
  });
}

/** Today at headquarters, as the dashboard reads "this year". */
function todayAtHeadquarters(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
}

test("the dashboard's figures are the reports API's", async ({ operatorPage: page }) => {
  const year = todayAtHeadquarters().slice(0, 4);
  // Other tests write invoices and members meanwhile: the page and the API are read together,
  // and again if a write fell between them.
  await expect(async () => {
    await page.goto('/');
    await allDrawn(page, 5);
    const [membership, growth, revenue, ageing, renewal] = await Promise.all([
      reportOf(page, 'membership-by-region'),
      reportOf(page, 'growth'),
      reportOf(page, `revenue?by=month&from=${year}-01-01`),
      reportOf(page, 'receivables-ageing'),
      reportOf(page, 'renewal-progress'),
    ]);

    // Members now: this year's row of every region added up.
    const lastYear = Math.max(...membership.rows.map((row) => Number(row.year)));
    const members = sum(
      membership.rows.filter((row) => row.year === lastYear),
      'members',
    );
    expect(members).toBeGreaterThan(0);
    await expect(card(page, 'Active members by region')).toContainText(
      `${count(members)} members`,
      {
        timeout: 1_000,
      },
    );

    // Net growth of the twelve months: joins less resignations and terminations.
    const net =
      sum(growth.rows, 'joins') -
      sum(growth.rows, 'resignations') -
      sum(growth.rows, 'terminations');
    const signed = net > 0 ? `+${count(net)}` : net < 0 ? `-${count(-net)}` : '0';
    await expect(card(page, 'Joins and leavers')).toContainText(
      `${signed} net in ${growth.rows.length} months`,
      { timeout: 1_000 },
    );

    // Revenue in CHF equivalents (the default): collected of invoiced, with the share.
    const invoiced = sum(revenue.rows, 'invoicedChfMinor');
    const collected = sum(revenue.rows, 'collectedChfMinor');
    expect(invoiced).toBeGreaterThan(0);
    const revenueCard = card(page, 'Invoiced and collected this year');
    await expect(revenueCard).toContainText(`${share((collected / invoiced) * 100)} collected`, {
      timeout: 1_000,
    });
    await expect(revenueCard).toContainText(
      `${money(collected)} of ${money(invoiced)} invoiced in ${year}`,
      { timeout: 1_000 },
    );

    // Receivables: the open total and the share more than 90 days past due.
    const open = sum(ageing.rows, 'chfMinor');
    const overNinety = sum(
      ageing.rows.filter((row) => row.bucket === '90+'),
      'chfMinor',
    );
    const ageingCard = card(page, 'Receivables ageing');
    await expect(ageingCard).toContainText(`${money(open)} open`, { timeout: 1_000 });
    if (open > 0)
      await expect(ageingCard).toContainText(
        `${share((overNinety / open) * 100)} over 90 days past due (${money(overNinety)})`,
        { timeout: 1_000 },
      );

    // Renewal: today's paid share, and last year's on the same day.
    const thisYear = Math.max(...renewal.rows.map((row) => Number(row.year)));
    const lastDay = (ofYear: number) =>
      renewal.rows
        .filter((row) => row.year === ofYear)
        .sort((a, b) => String(a.day).localeCompare(String(b.day)))
        .at(-1);
    const now = lastDay(thisYear)?.paidShare;
    const before = lastDay(thisYear - 1)?.paidShare;
    const renewalCard = card(page, 'Renewal progress');
    if (typeof now === 'number') {
      await expect(renewalCard).toContainText(`${share(now)} paid`, { timeout: 1_000 });
      if (typeof before === 'number') {
        const points = Math.round((now - before) * 10) / 10;
        const words =
          points === 0
            ? 'No change on'
            : `${points > 0 ? '+' : '-'}${share(Math.abs(points)).slice(0, -1)} points on`;
        await expect(renewalCard).toContainText(words, { timeout: 1_000 });
      }
    } else {
      await expect(renewalCard).toContainText(`No renewal invoices for ${thisYear} yet`, {
        timeout: 1_000,
      });
    }
  }).toPass({ timeout: 60_000 });

  // Each chart has its numbers as a table, named like the chart; "Open report" keeps the filters.
  const revenueCard = card(page, 'Invoiced and collected this year');
  await expect(revenueCard.getByRole('table')).toHaveCount(1);
  await expect(
    revenueCard.getByRole('link', { name: 'Open report: Invoiced and collected this year' }),
  ).toHaveAttribute('href', `/reports/revenue?from=${year}-01-01&by=month`);
});

test('a bar of the receivables ageing opens its invoices', async ({ operatorPage: page }) => {
  await page.goto('/');
  const ageingCard = card(page, 'Receivables ageing');
  const figure = ageingCard.locator('figure[data-chart-state="drawn"]');
  await expect(figure).toBeVisible({ timeout: drawTimeout });
  const ageing = await reportOf(page, 'receivables-ageing');
  const buckets = ['current', '1-30', '31-60', '61-90', '90+'];
  const amounts = buckets.map((bucket) =>
    sum(
      ageing.rows.filter((row) => row.bucket === bucket),
      'chfMinor',
    ),
  );
  // The tallest bar, so the click lands on it whatever the others' heights.
  const index = amounts.indexOf(Math.max(...amounts));
  expect(amounts[index]).toBeGreaterThan(0);
  const bucket = buckets[index] ?? '';

  await clickBar(figure, index, buckets.length);

  const today = ageing.filters.to;
  const dueDate = dueDatesOf(bucket, today);
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/invoices' &&
      url.searchParams.get('status') === 'issued' &&
      url.searchParams.get('dueDate') === dueDate &&
      !url.searchParams.has('currency'),
  );
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();

  // The list behind the bar holds the bucket's invoices, every currency (CHF equivalents).
  const invoices = sum(
    ageing.rows.filter((row) => row.bucket === bucket),
    'invoices',
  );
  const list = await page.request.get(
    `/api/invoices?status=issued&dueDate=${encodeURIComponent(dueDate)}&limit=1`,
  );
  expect(list.status(), await list.text()).toBe(200);
  const { estimatedTotal } = (await list.json()) as { estimatedTotal: number };
  expect(estimatedTotal).toBe(invoices);
});

test('a currency chosen shows its own amounts, and its bar opens that currency', async ({
  operatorPage: page,
}) => {
  await page.goto('/');
  const ageingCard = card(page, 'Receivables ageing');
  await expect(ageingCard.locator('figure[data-chart-state="drawn"]')).toBeVisible({
    timeout: drawTimeout,
  });
  const ageing = await reportOf(page, 'receivables-ageing');
  const currency = 'CHF';
  const rows = ageing.rows.filter((row) => row.currency === currency);
  // The demo data always holds open CHF invoices: without them this test would prove nothing.
  expect(rows.length).toBeGreaterThan(0);
  await ageingCard.getByText(currency, { exact: true }).click();
  await expect(ageingCard).toContainText(`${money(sum(rows, 'amountMinor'), currency)} open`);
  // The table's cells link to the lists too (the text alternative drills down like the bars).
  const firstLink = ageingCard.getByRole('table').getByRole('link').first();
  await expect(firstLink).toHaveAttribute(
    'href',
    /^\/invoices\?status=issued&currency=CHF&dueDate=/,
  );
});

test('an operator without the finance role sees no money trends and requests none', async ({
  page,
}) => {
  // Making an operator through the CLI and signing in with a password take their time.
  test.slow();
  const email = uniqueEmail('dashboard-membership');
  ops('operators', 'add', email, '--roles', 'membership', '--password', testPassword);
  await signInByApi(page, email);
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/reports/')) requested.push(pathname);
  });
  await page.goto('/');
  await allDrawn(page, 2);
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(
    page.getByText(
      'Revenue, receivables and renewal trends are shown to the finance and admin roles.',
    ),
  ).toBeVisible();
  expect(requested.sort()).toEqual(['/api/reports/growth', '/api/reports/membership-by-region']);
});

test('a report that fails says so in its card, and Try again loads it', async ({
  operatorPage: page,
}) => {
  let fail = true;
  await page.route('**/api/reports/growth', (route) =>
    fail
      ? route.fulfill({
          status: 503,
          json: { error: { code: 'unavailable', message: 'The database is not reachable.' } },
        })
      : route.continue(),
  );
  await page.goto('/');
  const growthCard = card(page, 'Joins and leavers');
  await expect(growthCard.getByRole('alert')).toContainText('The database is not reachable.', {
    timeout: drawTimeout,
  });
  // The other trends are drawn all the same.
  await allDrawn(page, 4);
  fail = false;
  await growthCard.getByRole('button', { name: 'Try again' }).click();
  await expect(growthCard.locator('figure[data-chart-state="drawn"]')).toBeVisible({
    timeout: drawTimeout,
  });
  await expect(growthCard.getByRole('alert')).toHaveCount(0);
});

test('the trends keep their places while they load, and pass axe with their tables shown', async ({
  operatorPage: page,
}) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const shiftsSoFar = () =>
    page.evaluate(() => [...(window as unknown as { layoutShifts: number[] }).layoutShifts]);
  // The reports are held until the counts above have settled: what moves after that is the
  // trend cards' own doing (their placeholders must have the size of what replaces them).
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/reports/**', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByText(/^Counted at/)).toBeVisible({ timeout: drawTimeout });
  await expect(page.getByRole('article')).toHaveCount(5);
  const before = (await shiftsSoFar()).length;
  release();
  await allDrawn(page, 5);
  const shifts = (await shiftsSoFar()).slice(before);
  const total = shifts.reduce((sum, value) => sum + value, 0);
  expect(total, `layout shifts: ${shifts.join(', ')}`).toBeLessThan(0.01);

  // Each click renames its button "Hide table", so the first "Show table" is always the next.
  const showTable = page.getByRole('button', { name: 'Show table' });
  for (let shown = 0; shown < 5; shown++) await showTable.first().click();
  await expect(page.getByRole('button', { name: 'Hide table' })).toHaveCount(5);
  await expectNoSeriousViolations(page);
});

/** Clicks the middle of category `index` of a bar chart, low enough to be on its bar. */
async function clickBar(figure: Locator, index: number, categories: number) {
  const plot = figure.locator('.u-over');
  const box = await plot.boundingBox();
  if (!box) throw new Error('The chart has no plot area');
  await plot.click({
    position: { x: (box.width * (index + 0.5)) / categories, y: box.height * 0.95 },
  });
}

/** The due dates of an ageing bucket counted back from today, as the invoices list takes them. */
function dueDatesOf(bucket: string, today: string): string {
  const day = (days: number) => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  };
  switch (bucket) {
    case 'current':
      return `${today}..`;
    case '1-30':
      return `${day(-30)}..${day(-1)}`;
    case '31-60':
      return `${day(-60)}..${day(-31)}`;
    case '61-90':
      return `${day(-90)}..${day(-61)}`;
    default:
      return `..${day(-91)}`;
  }
}
