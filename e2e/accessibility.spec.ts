import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { partlyPaidOverdueInvoice } from './support/partly-paid-invoice';

/**
 * WCAG 2.1 A and AA, as axe-core checks them. Only serious and critical violations fail a test;
 * the others are printed, to be looked at.
 */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // A document preview's frame is Chromium's PDF viewer (or the applicant's file): not ours.
    .exclude('iframe[title^="Preview of"]')
    .analyze();
  const describe = (violation: (typeof results.violations)[number]) =>
    `${violation.impact ?? 'unknown'} ${violation.id}: ${violation.help}\n` +
    violation.nodes.map((node) => `  ${node.target.join(' ')}: ${node.failureSummary}`).join('\n');
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const minor = results.violations.filter((violation) => !serious.includes(violation));
  if (minor.length > 0) console.warn(minor.map(describe).join('\n'));
  expect(serious.map(describe), 'serious or critical WCAG violations').toEqual([]);
}

test('the sign-in screen (signed out)', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel('Your email address')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the shell on the home screen', async ({ operatorPage: page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Overdue invoices' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the not-found screen inside the shell', async ({ operatorPage: page }) => {
  await page.goto('/no/such/screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the mobile menu, open', async ({ operatorPage: page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Overdue invoices' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  // Slid in: colours are measured once the panel has stopped moving.
  await expect.poll(async () => (await menu.boundingBox())?.x).toBe(0);
  await expectNoSeriousViolations(page);
});

test('the search palette, open', async ({ operatorPage: page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Overdue invoices' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const input = page.getByPlaceholder('Search...');
  await expect(input).toBeVisible();
  await page.keyboard.type('a');
  // Its transition in takes 300 ms (spec §2); let it finish before colours are measured.
  await page.waitForTimeout(400);
  await expectNoSeriousViolations(page);
});

/** Waits until a list screen shows its first rows. */
async function expectListShown(page: Page) {
  await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
}

/** Waits until a record screen shows the given tab (the first tab when none is named). */
async function expectRecordShown(page: Page, tab?: string) {
  const selected = page.getByRole('tab', { selected: true });
  await expect(selected).toBeVisible();
  if (tab) await expect(selected).toHaveText(new RegExp(`^${tab}`));
  const panel = page.getByRole('tabpanel');
  await expect(panel).toBeVisible();
  await expect(panel.getByText(/^Loading/)).toHaveCount(0);
}

/** Every list screen (and the settings home), as it opens. */
const listScreens: readonly [name: string, path: string][] = [
  ['members', '/members'],
  ['applications', '/applications'],
  ['certificates', '/certificates'],
  ['invoices', '/invoices'],
  ['card payments', '/stripe-invoices'],
  ['users', '/users'],
  ['operators', '/operators'],
  ['e-mails', '/emails'],
  ['activity log', '/activity'],
  ['bank accounts', '/settings/bank-accounts'],
  ['countries', '/countries'],
];

for (const [name, path] of listScreens) {
  test(`the ${name} list`, async ({ operatorPage: page }) => {
    await page.goto(path);
    await expectListShown(page);
    await expectNoSeriousViolations(page);
  });
}

test('the settings home', async ({ operatorPage: page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('link', { name: 'Bank accounts' }).first()).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the search indexes', async ({ operatorPage: page }) => {
  await page.goto('/search/indexes');
  await expect(page.getByRole('table').first()).toBeVisible();
  await expectNoSeriousViolations(page);
});

/**
 * One record of each kind, found through its list's API (the demo data of a first start), and
 * the tabs of it that are forms or otherwise unlike an overview.
 */
const recordScreens: readonly {
  name: string;
  api: string;
  id: string;
  path: string;
  tabs: readonly [id: string, label: string][];
}[] = [
  {
    name: 'member',
    api: '/api/members?limit=1',
    id: 'mid',
    path: '/members',
    tabs: [
      ['edit', 'Edit'],
      ['history', 'History'],
    ],
  },
  {
    name: 'application',
    api: '/api/applications?limit=1&status=approved',
    id: 'aid',
    path: '/applications',
    tabs: [
      ['documents', 'Documents'],
      ['history', 'History'],
    ],
  },
  {
    name: 'certificate',
    api: '/api/certificates?limit=1',
    id: 'cid',
    path: '/certificates',
    tabs: [],
  },
  {
    name: 'invoice',
    // Only drafts have an edit tab, and the demo data has none: "New invoice" is the same form.
    api: '/api/invoices?limit=1',
    id: 'iid',
    path: '/invoices',
    tabs: [['history', 'History']],
  },
  {
    name: 'card payment',
    api: '/api/payments?limit=1',
    id: 'sid',
    path: '/stripe-invoices',
    tabs: [['events', 'Events']],
  },
  { name: 'user', api: '/api/users?limit=1', id: 'uid', path: '/users', tabs: [['edit', 'Edit']] },
  {
    name: 'operator',
    api: '/api/operators?limit=1',
    id: 'uid',
    path: '/operators',
    tabs: [['roles', 'Roles']],
  },
  {
    name: 'e-mail',
    api: '/api/emails?limit=1',
    id: 'eid',
    path: '/emails',
    tabs: [['delivery', 'Delivery']],
  },
  {
    name: 'bank account',
    api: '/api/bank-accounts?limit=1',
    id: 'id',
    path: '/settings/bank-accounts',
    tabs: [['edit', 'Edit']],
  },
  {
    name: 'country',
    api: '/api/countries?limit=1',
    id: 'iso2',
    path: '/countries',
    tabs: [['edit', 'Edit']],
  },
];

/** The id of the first record its list's API returns. */
async function firstRecordId(page: Page, record: (typeof recordScreens)[number]) {
  const response = await page.request.get(record.api);
  expect(response.status(), record.api).toBe(200);
  const [row] = ((await response.json()) as { data: Record<string, string>[] }).data;
  const id = row?.[record.id];
  expect(id, `a ${record.name} in the demo data`).toBeTruthy();
  return encodeURIComponent(id ?? '');
}

// One test per tab: each runs axe once, and they share the two workers.
for (const record of recordScreens) {
  test(`one ${record.name} record`, async ({ operatorPage: page }) => {
    await page.goto(`${record.path}/${await firstRecordId(page, record)}`);
    await expectRecordShown(page);
    await expectNoSeriousViolations(page);
  });
  for (const [tab, label] of record.tabs) {
    test(`one ${record.name} record, its ${label} tab`, async ({ operatorPage: page }) => {
      await page.goto(`${record.path}/${await firstRecordId(page, record)}?tab=${tab}`);
      await expectRecordShown(page, label);
      await expectNoSeriousViolations(page);
    });
  }
}

// Issue 32: the tables of an invoice and of a member's ledger, side by side beside the list and
// stacked on a phone, and the invoices list with an invoice of three status badges.
for (const [size, viewport] of [
  ['beside the list', { width: 1280, height: 800 }],
  ['on a phone', { width: 390, height: 844 }],
] as const) {
  test(`an invoice with payments and reminders, and its member's ledger, ${size}`, async ({
    operatorPage: page,
  }) => {
    await page.setViewportSize(viewport);
    const { member, invoice } = await partlyPaidOverdueInvoice(page);
    await page.goto(`/invoices/${invoice.iid}`);
    await expectRecordShown(page);
    await expect(page.getByRole('table', { name: 'Payments and other movements' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.goto(`/members/${member.mid}?tab=ledger`);
    await expectRecordShown(page, 'Ledger');
    await expect(page.getByRole('table', { name: 'Ledger in CHF' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('the invoices list with an invoice issued, overdue and partially paid', async ({
  operatorPage: page,
}) => {
  const { invoice, suffix } = await partlyPaidOverdueInvoice(page);
  await page.goto(`/invoices?q=${suffix.toUpperCase()}`);
  await expect(page.getByRole('row').filter({ hasText: invoice.number })).toBeVisible({
    timeout: 15_000,
  });
  await expectNoSeriousViolations(page);
});

/** The upload and fixes screens, at their first step. */
const toolScreens: readonly [name: string, path: string][] = [
  ['members upload', '/members/upload'],
  ['invoices upload', '/invoices/upload'],
  ['invoice PDFs upload', '/invoices/pdfs'],
  ['member fixes', '/members/fixes'],
  ['invoice fixes', '/invoices/fixes'],
];

for (const [name, path] of toolScreens) {
  test(`the ${name} screen`, async ({ operatorPage: page }) => {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading').first()).toBeVisible();
    await expect(main.getByText(/^Loading/)).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
}

test('the new invoice and new bank account forms', async ({ operatorPage: page }) => {
  await page.goto('/invoices');
  await expectListShown(page);
  await page.getByRole('button', { name: 'New invoice' }).click();
  await expect(page.getByRole('form', { name: 'New invoice' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/settings/bank-accounts');
  await expectListShown(page);
  await page.getByRole('button', { name: 'New bank account' }).click();
  await expect(page.getByRole('dialog', { name: 'New bank account' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the dunning settings and the dunning run’s preview', async ({ operatorPage: page }) => {
  await page.goto('/settings/dunning');
  await expect(page.getByLabel('Level 1 name')).toBeVisible();
  await expectNoSeriousViolations(page);

  // The preview as of today writes nothing.
  await page.goto('/invoices');
  await expectListShown(page);
  await page.getByRole('button', { name: 'Dunning run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Dunning run' });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('region', { name: 'Dunning preview' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the exchange rates and their dialog', async ({ operatorPage: page }) => {
  await page.goto('/settings/exchange-rates');
  await expect(
    page.getByRole('table', { name: 'Exchange rates, newest month first' }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Add rate' }).click();
  await expect(page.getByRole('dialog', { name: 'Add an exchange rate' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
