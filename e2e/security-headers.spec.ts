import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Every Content-Security-Policy violation the page (or a frame of it) reports, as the browser
 * describes it: what was blocked, by which directive, where.
 */
function collectViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy|unsafe-eval/i.test(error.message)) violations.push(error.message);
  });
  return violations;
}

const screens = [
  '/',
  '/applications',
  '/members',
  '/certificates',
  '/invoices',
  '/stripe-invoices',
  '/users',
  '/emails',
  '/settings',
];

test('the console works under its Content-Security-Policy, with no violation', async ({
  operatorPage: page,
}) => {
  const violations = collectViolations(page);
  for (const path of screens) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy'], path).toContain("default-src 'self'");
    await expect(page.getByRole('navigation', { name: 'Main' }), path).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
  }
  // A list with rows and a detail beside it: the virtualised table positions rows by style.
  await page.goto('/members');
  await page.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/members\/.+/);
  await page.keyboard.press('Control+k');
  await expect(page.getByPlaceholder('Search...')).toBeVisible();
  await page.getByPlaceholder('Search...').fill('freight');
  await page.keyboard.press('Escape');
  expect(violations).toEqual([]);
});

test('the API documentation works under its Content-Security-Policy, with no violation', async ({
  operatorPage: page,
}) => {
  const violations = collectViolations(page);
  await page.goto('/api/docs');
  // The document is made on its first request: under a loaded CI that takes a few seconds.
  await expect(page.getByText('/readyz').first()).toBeVisible({ timeout: 20_000 });
  await page.getByText('/readyz').first().click();
  await expect(page.getByRole('button', { name: 'Try it out' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('the sign-in screen works under its Content-Security-Policy, with no violation', async ({
  page,
}) => {
  const violations = collectViolations(page);
  await page.goto('/');
  await expect(page.getByLabel('Your email address')).toBeVisible();
  expect(violations).toEqual([]);
});
