// A browser test that fails on purpose, run by `scripts/check-runner-exit.mjs` against the real
// end-to-end stack: Playwright must exit non-zero. Never part of the suite itself.
import { expect, test } from '@playwright/test';

test('fails on purpose (the runner must exit non-zero)', async ({ page }) => {
  await page.goto('/readyz');
  await expect(page.locator('body'), 'this test exists to fail').toHaveText('not what it says');
});
