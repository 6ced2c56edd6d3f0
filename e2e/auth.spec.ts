import type { Page } from '@playwright/test';
import { countMail, linkIn, waitForMail } from './support/mail';
import { ops } from './support/ops';
import {
  addOperator,
  expect,
  signInByApi,
  test,
  testPassword,
  uniqueEmail,
} from './support/fixtures';
import { microsoftDomain } from './support/microsoft-domain';

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function continueWith(page: Page, email: string) {
  await page.getByLabel('Your email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a person signs in with a password and lands on the screen they opened', async ({ page }) => {
  const email = uniqueEmail('pat');
  addOperator(email, testPassword);
  await page.goto('/members');
  await expect(page.getByRole('heading', { name: 'Operations' })).toBeVisible();
  await continueWith(page, email);
  await page.getByLabel('Your password').fill(testPassword);
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(mainNavigation(page)).toBeVisible();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Operator', { exact: true })).toBeVisible();
  // The address is remembered for next time (spec §3, local storage key 'email').
  expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(email);
});

test('the sign-in page asks who is signed in without a 401 or a console error', async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const failed: string[] = [];
  const sessionChecks: { status: number; body: unknown }[] = [];
  page.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    if (response.status() >= 400) failed.push(`${response.status()} ${pathname}`);
    if (pathname === '/api/auth/session') {
      sessionChecks.push({ status: response.status(), body: await response.json() });
    }
  });

  await page.goto('/members');
  await expect(page.getByLabel('Your email address')).toBeVisible();
  // Each load asks once more (a reload, a bookmark): still no 401.
  await page.reload();
  await expect(page.getByLabel('Your email address')).toBeVisible();

  expect(failed).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await expect.poll(() => sessionChecks.length).toBeGreaterThanOrEqual(2);
  expect(sessionChecks).toContainEqual({ status: 200, body: { signedIn: false } });
  expect(sessionChecks.every((check) => check.status === 200)).toBe(true);
  // /api/auth/me itself keeps its 401 for other callers.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('a wrong password shows the Authentication Error box', async ({ page }) => {
  const email = uniqueEmail('wrong');
  addOperator(email, testPassword);
  await page.goto('/');
  await continueWith(page, email);
  await page.getByLabel('Your password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const box = page.getByRole('alert').filter({ hasText: 'Authentication Error' });
  await expect(box).toBeVisible();
  await expect(box).toContainText('Wrong password!');
  await expect(mainNavigation(page)).toHaveCount(0);
});

test('a person signs in with a magic link opened in the same browser', async ({ page }) => {
  const email = uniqueEmail('link');
  addOperator(email);
  const before = countMail(email);
  await page.goto('/invoices');
  await continueWith(page, email);
  // The only method is the e-mail link, so it is sent at once (spec §2 step 2).
  await expect(page.getByText('Check your mailbox!')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('emailForSignIn'))).toBe(email);

  const link = linkIn(await waitForMail(email, before));
  expect(new URL(link).pathname).toBe('/invoices');
  await page.goto(link);
  await expect(mainNavigation(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
  // The code leaves the address bar and the stored e-mail is removed (spec §4).
  await expect(page).toHaveURL(/\/invoices$/);
  expect(await page.evaluate(() => localStorage.getItem('emailForSignIn'))).toBeNull();
});

test('a magic link opened in another browser asks for the e-mail first', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('elsewhere');
  addOperator(email);
  const before = countMail(email);
  await page.goto('/');
  await continueWith(page, email);
  await expect(page.getByText('Check your mailbox!')).toBeVisible();
  const link = linkIn(await waitForMail(email, before));

  const other = await browser.newContext();
  try {
    const fresh = await other.newPage();
    const prompts: string[] = [];
    fresh.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void dialog.accept(email);
    });
    await fresh.goto(link);
    await expect(mainNavigation(fresh)).toBeVisible();
    expect(prompts).toEqual(['Please provide your email for confirmation']);
    await expect(fresh).not.toHaveURL(/oobCode/);
  } finally {
    await other.close();
  }
});

test('"Dismiss and start again" resets the form', async ({ page }) => {
  const email = uniqueEmail('dismiss');
  addOperator(email);
  await page.goto('/');
  await continueWith(page, email);
  await expect(page.getByText('Check your mailbox!')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss and start again' }).click();
  await expect(page.getByText('Check your mailbox!')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
});

test('a person signs in with Microsoft through the provider’s pages', async ({ page }) => {
  const email = uniqueEmail('mia', microsoftDomain);
  addOperator(email);
  await page.goto('/certificates');
  await continueWith(page, email);
  // Two methods: the link and Microsoft, with the divider between them.
  await expect(page.getByText('or sign in with')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();

  // The provider's own sign-in page (a real OpenID provider on loopback).
  await page.getByLabel('Email, phone, or Skype').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(mainNavigation(page)).toBeVisible();
  await expect(page).toHaveURL(/\/certificates$/);
  await expect(page.getByText(email)).toBeVisible();
});

test('a signed-in non-operator sees only that they are not an operator, and can sign out', async ({
  page,
}) => {
  const email = uniqueEmail('guest');
  ops('users', 'add', email, '--password', testPassword);
  await page.goto('/');
  await continueWith(page, email);
  await page.getByLabel('Your password').fill(testPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`${email} is not an operator.`)).toBeVisible();
  await expect(mainNavigation(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Your email address')).toBeVisible();
});

test('removing the operator record switches the console live, and granting it back too', async ({
  page,
}) => {
  const email = uniqueEmail('live');
  addOperator(email, testPassword);
  await signInByApi(page, email);
  await page.goto('/users');
  await expect(mainNavigation(page)).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'no reload'));

  ops('operators', 'remove', email);
  await expect(page.getByText(`${email} is not an operator.`)).toBeVisible({ timeout: 3_000 });
  ops('operators', 'add', email, '--roles', 'admin');
  await expect(mainNavigation(page)).toBeVisible({ timeout: 3_000 });
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
    'no reload',
  );
});

test('signing out returns to the sign-in screen and ends the session', async ({ page }) => {
  const email = uniqueEmail('bye');
  addOperator(email, testPassword);
  await signInByApi(page, email);
  await page.goto('/');
  await expect(mainNavigation(page)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Your email address')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Your email address')).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('a forgotten password is reset by an e-mailed link', async ({ page }) => {
  const email = uniqueEmail('forgot');
  addOperator(email, testPassword);
  const before = countMail(email);
  await page.goto('/');
  await continueWith(page, email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  const link = linkIn(await waitForMail(email, before));
  expect(new URL(link).searchParams.get('mode')).toBe('resetPassword');

  await page.goto(link);
  await expect(page.getByText(email)).toBeVisible();
  const newPassword = 'a new passphrase after the reset 99';
  const fields = page.getByLabel(/new password/i);
  await fields.nth(0).fill('short');
  await fields.nth(1).fill('short');
  await page.getByRole('button', { name: /password/i }).click();
  await expect(page.getByText(/at least 12 characters/)).toBeVisible();
  await fields.nth(0).fill(newPassword);
  await fields.nth(1).fill(newPassword);
  await page.getByRole('button', { name: /password/i }).click();

  await expect(page.getByLabel('Your email address')).toBeVisible();
  await expect(page).not.toHaveURL(/oobCode/);
  await continueWith(page, email);
  await page.getByLabel('Your password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(mainNavigation(page)).toBeVisible();
});
