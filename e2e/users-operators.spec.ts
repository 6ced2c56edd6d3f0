import type { Browser, Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { expect, signInByApi, testPassword, test, uniqueEmail } from './support/fixtures';
import { linkIn, waitForMail } from './support/mail';
import { ops } from './support/ops';

/** A user made through the CLI as an administrator would; returns their uid. */
function addUser(email: string, name: string, password?: string): string {
  const output = ops(
    'users',
    'add',
    email,
    '--name',
    name,
    ...(password ? ['--password', password] : []),
  );
  const uid = /\(uid ([^)]+)\)/.exec(output)?.[1];
  if (!uid) throw new Error(`No uid in: ${output}`);
  return uid;
}

const dialog = (page: Page) => page.getByRole('dialog');
const panel = (page: Page) => page.getByRole('tabpanel');

async function openUser(page: Page, email: string) {
  await page.goto(`/users?q=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: email, exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Overview', exact: true })).toBeVisible();
}

/** A second browser signed in as a read-only operator. */
async function readOnlyPage(browser: Browser): Promise<Page> {
  const email = uniqueEmail('reader');
  addUser(email, 'Reader Only', testPassword);
  ops('operators', 'add', email, '--roles', 'read-only');
  await withDatabase(async (database) => {
    const user = await database.db
      .selectFrom('users')
      .select('uid')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('operators')
      .set({ roles: ['read-only'] })
      .where('uid', '=', user.uid)
      .execute();
  });
  const page = await (await browser.newContext()).newPage();
  await signInByApi(page, email);
  return page;
}

test('a user is disabled from their detail; the detail and the list show it', async ({
  operatorPage: page,
}) => {
  const email = uniqueEmail('carrier');
  addUser(email, 'Carla Carrier', testPassword);
  await openUser(page, email);
  await expect(page.getByRole('heading', { name: 'Carla Carrier' })).toBeVisible();
  await expect(panel(page).getByText('Enabled', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Disable Carla Carrier?' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Disable user' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Carla Carrier is disabled.' }),
  ).toBeVisible();
  await expect(panel(page).getByText('Disabled: cannot sign in')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable', exact: true })).toBeVisible();

  // The list beside it follows.
  const row = page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ hasText: email });
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(
    panel(page)
      .getByText(/disable/i)
      .first(),
  ).toBeVisible();
});

test('a sign-in link is e-mailed to the user; the console never shows the link', async ({
  operatorPage: page,
}) => {
  const email = uniqueEmail('linked');
  addUser(email, 'Linus Link');
  await openUser(page, email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await dialog(page).getByRole('button', { name: 'Send link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `A sign-in link is on its way to ${email}.` }),
  ).toBeVisible();

  const mail = await waitForMail(email, 0);
  expect(mail.subject).toBe('Sign in to Operations');
  const link = new URL(linkIn(mail));
  expect(link.origin).toBe(new URL(page.url()).origin);
  await expect(page.getByText(link.href)).toHaveCount(0);
});

test('an admin grants a user operator access with the finance role', async ({
  operatorPage: page,
}) => {
  const email = uniqueEmail('fin');
  addUser(email, 'Fenna Finance');
  await page.goto('/operators');
  await page.getByRole('button', { name: 'Grant access' }).click();
  const grant = page.getByRole('region', { name: 'Grant operator access' });
  await grant.getByRole('searchbox', { name: 'User', exact: true }).fill(email);
  await grant.getByRole('button', { name: `Choose ${email}` }).click();
  await grant.getByRole('checkbox', { name: /Finance/ }).check();
  await grant.getByRole('button', { name: 'Grant access' }).click();

  await expect(page).toHaveURL(/\/operators\/[^/?]+/);
  await expect(page.getByRole('heading', { name: 'Fenna Finance' })).toBeVisible();
  await expect(page.getByText('Operator · Finance')).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Operators' })
    .getByRole('row')
    .filter({ hasText: email });
  await expect(row.getByText('Finance', { exact: true })).toBeVisible();
});

test('an operator cannot revoke their own access: the refusal says why', async ({
  operatorPage: page,
}) => {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { uid: string };
  await page.goto(`/operators/${me.uid}`);
  await page.getByRole('button', { name: 'Revoke access' }).click();
  await dialog(page).getByRole('button', { name: 'Revoke access' }).click();
  await expect(
    dialog(page).getByText('You cannot revoke your own operator access; ask another admin.'),
  ).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/^Operator · /)).toBeVisible();
});

test('a read-only operator sees users and operators without any action', async ({
  operatorPage: page,
  browser,
}) => {
  const email = uniqueEmail('someone');
  const uid = addUser(email, 'Sam Someone');
  const reader = await readOnlyPage(browser);
  await reader.goto(`/users/${uid}`);
  await expect(reader.getByRole('heading', { name: 'Sam Someone' })).toBeVisible();
  await expect(reader.getByRole('tab', { name: 'History' })).toBeVisible();
  for (const name of ['Disable', 'Enable', 'Send sign-in link', 'End sessions']) {
    await expect(reader.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(reader.getByRole('tab', { name: 'Edit' })).toHaveCount(0);

  const me = (await (await page.request.get('/api/auth/me')).json()) as { uid: string };
  await reader.goto(`/operators/${me.uid}`);
  await expect(reader.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Revoke access' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Grant access' })).toHaveCount(0);
  await expect(reader.getByRole('tab', { name: 'Roles' })).toHaveCount(0);
  await reader.context().close();
});
