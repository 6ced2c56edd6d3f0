import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

type Overview = {
  applicationsAwaitingReview: number;
  overdueInvoices: number;
  failedEmails: number;
  suggestedBankPayments: number;
  unmatchedBankPayments: number;
  pendingChangeRequests: number;
  pendingCloseRequests: number;
  dunningLevels: { level: number; name: string; invoices: number }[];
  suspension: { level: number; name: string; dueOnOrBefore: string; members: number } | null;
  asOf: string;
};

const cards = [
  {
    label: 'Applications awaiting review',
    count: (overview: Overview) => overview.applicationsAwaitingReview,
    href: '/applications?status=submitted,endorsed,under-review',
    description: () => 'Submitted, endorsed or under review.',
    empty: 'No applications are waiting for review.',
    list: 'Applications',
    nav: 'Applications',
  },
  {
    label: 'Change requests to review',
    count: (overview: Overview) => overview.pendingChangeRequests,
    href: '/change-requests?status=pending&kind=company-data',
    description: () =>
      'Changes of company data members asked for in the portal, waiting for review.',
    empty: 'No change of company data is waiting for review.',
    list: 'Change requests',
    nav: 'Change requests',
  },
  {
    label: 'Bank payments to match',
    count: (overview: Overview) => overview.suggestedBankPayments + overview.unmatchedBankPayments,
    href: '/bank-statements/unmatched',
    description: (overview: Overview) =>
      `${format(overview.suggestedBankPayments)} suggested (confirm them), ${format(overview.unmatchedBankPayments)} unmatched (assign them).`,
    empty: 'Every imported payment is booked or set aside.',
    list: 'Unmatched payments',
    nav: 'Bank statements',
  },
  {
    label: 'Failed e-mails',
    count: (overview: Overview) => overview.failedEmails,
    href: '/emails?state=ERROR',
    description: () => 'Delivery failed for good; nobody received them.',
    empty: 'No e-mails have failed.',
    list: 'E-mails',
    nav: 'E-mails',
  },
  {
    label: 'Overdue invoices',
    count: (overview: Overview) => overview.overdueInvoices,
    href: '/invoices?overdue=true',
    description: () => 'Issued and past their due date.',
    empty: 'No invoices are overdue.',
    list: 'Invoices',
    nav: 'Invoices',
  },
] as const;

/** An overview with every count at zero (the demo's four dunning levels, none used). */
const emptyOverview = (): Overview => ({
  applicationsAwaitingReview: 0,
  overdueInvoices: 0,
  failedEmails: 0,
  suggestedBankPayments: 0,
  unmatchedBankPayments: 0,
  pendingChangeRequests: 0,
  pendingCloseRequests: 0,
  dunningLevels: [
    { level: 1, name: 'Reminder 1', invoices: 0 },
    { level: 2, name: 'Reminder 2', invoices: 0 },
    { level: 3, name: 'Final notice', invoices: 0 },
    { level: 4, name: 'Suspension', invoices: 0 },
  ],
  suspension: { level: 4, name: 'Suspension', dueOnOrBefore: '2026-08-26', members: 0 },
  asOf: new Date().toISOString(),
});

const card = (page: Page, label: string) => page.getByRole('link', { name: label, exact: true });
const format = (count: number) => new Intl.NumberFormat('en').format(count);

/** The overview the API gives this browser's session. */
async function overviewOf(page: Page): Promise<Overview> {
  const response = await page.request.get('/api/home/overview');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Overview;
}

test('Ops shows the counts that need action today, each linking to its filtered list', async ({
  operatorPage: page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Ops', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'To do today', exact: true })).toBeVisible();
  const overview = await overviewOf(page);
  // The demo data set has work waiting; the counts on screen are the API's.
  expect(overview.applicationsAwaitingReview).toBeGreaterThan(0);
  for (const { label, count, href, description, empty } of cards) {
    const link = card(page, label);
    await expect(link).toHaveAttribute('href', href);
    // The number is shown in the card and read with the link, e.g. "Overdue invoices",
    // described as "4 Issued and past their due date."
    const cardItem = page.getByRole('listitem').filter({ has: link });
    await expect(cardItem.getByText(format(count(overview)), { exact: true })).toBeVisible();
    await expect(link).toHaveAccessibleDescription(
      `${format(count(overview))} ${count(overview) === 0 ? empty : description(overview)}`,
    );
  }
  // One count per enabled dunning level, and the members due for suspension.
  expect(overview.dunningLevels.length).toBeGreaterThan(0);
  for (const { level, name, invoices } of overview.dunningLevels) {
    const link = card(page, `${name} sent`);
    await expect(link).toHaveAttribute('href', `/invoices?status=issued&dunningLevel=${level}`);
    const cardItem = page.getByRole('listitem').filter({ has: link });
    await expect(cardItem.getByText(format(invoices), { exact: true })).toBeVisible();
  }
  const { suspension } = overview;
  if (!suspension) throw new Error('the demo data has a suspending dunning level');
  const suspensionLink = card(page, 'Members due for suspension');
  await expect(suspensionLink).toHaveAttribute(
    'href',
    `/invoices?status=issued&dueDate=..${suspension.dueOnOrBefore}&memberCategory=individual,association,group&sort=dueDate`,
  );
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: suspensionLink })
      .getByText(format(suspension.members), { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/^Counted at/)).toBeVisible();
});

test('a count leads to its list with the filter in the address', async ({ operatorPage: page }) => {
  for (const { label, href, list, nav } of cards) {
    await page.goto('/');
    await card(page, label).click();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href);
    await expect(page.getByRole('heading', { name: list, exact: true })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]'),
    ).toHaveText([nav]);
  }
});

test('a dunning count and the suspension count open the invoices with their filters shown', async ({
  operatorPage: page,
}) => {
  await page.goto('/');
  await card(page, 'Reminder 1 sent').click();
  await expect(page).toHaveURL(/\/invoices\?status=issued&dunningLevel=1$/);
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove the Dunning filter' })).toBeVisible();

  await page.goto('/');
  await card(page, 'Members due for suspension').click();
  await expect(page).toHaveURL(/\/invoices\?status=issued&dueDate=\.\.\d{4}-\d{2}-\d{2}&/);
  await expect(page.getByRole('button', { name: 'Remove the Due date filter' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Remove the Member category filter' }),
  ).toBeVisible();
});

test('a count of zero says so and still links to the list', async ({ operatorPage: page }) => {
  await page.route('/api/home/overview', (route) => route.fulfill({ json: emptyOverview() }));
  await page.goto('/');
  for (const { label, href, empty } of cards) {
    const link = card(page, label);
    await expect(link).toHaveAttribute('href', href);
    await expect(page.getByRole('listitem').filter({ has: link })).toContainText(empty);
    await expect(link).toHaveAccessibleDescription(`0 ${empty}`);
  }
});

test('large counts are grouped by thousands', async ({ operatorPage: page }) => {
  await page.route('/api/home/overview', (route) =>
    route.fulfill({
      json: { ...emptyOverview(), applicationsAwaitingReview: 1204, overdueInvoices: 3 },
    }),
  );
  await page.goto('/');
  await expect(card(page, 'Applications awaiting review')).toHaveAccessibleDescription(/^1,204 /);
});

test('while the counts load, a placeholder stands in and says it is loading', async ({
  operatorPage: page,
}) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('/api/home/overview', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Loading the overview' })).toBeAttached();
  await expect(card(page, 'Overdue invoices')).toHaveCount(0);
  release();
  await expect(card(page, 'Overdue invoices')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading the overview' })).toHaveCount(0);
});

test('a failure shows the error card, and Try again loads the counts', async ({
  operatorPage: page,
}) => {
  let fail = true;
  await page.route('/api/home/overview', (route) =>
    fail
      ? route.fulfill({
          status: 503,
          json: { error: { code: 'unavailable', message: 'The database is not reachable.' } },
        })
      : route.continue(),
  );
  await page.goto('/');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('An error occured');
  await expect(alert).toContainText('The database is not reachable.');
  fail = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(card(page, 'Overdue invoices')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the counts are taken again when the window regains focus', async ({ operatorPage: page }) => {
  let requests = 0;
  await page.route('/api/home/overview', async (route) => {
    requests++;
    await route.continue();
  });
  await page.goto('/');
  await expect(card(page, 'Overdue invoices')).toBeVisible();
  expect(requests).toBe(1);
  // What TanStack Query listens to (on window): the page becoming visible again.
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => requests).toBe(2);
});
