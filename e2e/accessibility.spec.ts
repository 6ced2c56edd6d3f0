import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * WCAG 2.1 A and AA, as axe-core checks them. Only serious and critical violations fail a test;
 * the others are printed, to be looked at.
 */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
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
