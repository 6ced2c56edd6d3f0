import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInByApi, test, testPassword, uniqueEmail } from './support/fixtures';
import { ops } from './support/ops';

type Backups = { settings: { retentionDays: number; version: number } };

/** WCAG 2.1 A and AA as axe-core checks them: no serious or critical violation. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious, 'serious or critical WCAG violations').toEqual([]);
}

test('an admin sets the retention (field error, version check) and backs up now', async ({
  operatorPage: page,
}) => {
  // A real backup of the demo database: a few seconds, more on a busy machine.
  test.setTimeout(120_000);
  await page.goto('/settings/backups');
  await expect(page.getByRole('heading', { name: 'Backups', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Backups', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText('Backup folder', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy backup folder' })).toBeVisible();

  const field = page.getByLabel('Keep backups for (days)');
  await expect(field).toBeVisible();

  // Out of range: said under the field, nothing sent.
  await field.fill('0');
  await page.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByText('At least 1 day')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();

  await field.fill('30');
  await page.getByRole('button', { name: 'Save retention' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'backups are kept 30 days' }),
  ).toBeVisible();
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');

  // Someone else saves while this operator is typing: the save answers 409 and offers a reload.
  await field.fill('45');
  const current = (await (await page.request.get('/api/backups')).json()) as Backups;
  const other = await page.request.put('/api/backups/settings', {
    data: { retentionDays: 60, version: current.settings.version },
  });
  expect(other.status()).toBe(200);
  await expect(field).toHaveValue('45');
  await page.getByRole('button', { name: 'Save retention' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Not saved' });
  await expect(conflict).toContainText('The backup settings');
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(field).toHaveValue('60');
  await expect(page.getByText(/Changed .* by e2e-operator-/)).toBeVisible();

  // Back up now: the row appears through the change feed and ends succeeded.
  await page.getByRole('button', { name: 'Back up now' }).click();
  const table = page.getByRole('table', { name: 'Recent backups' });
  const row = table.getByTestId('backup-row').first();
  await expect(row).toContainText('Succeeded', { timeout: 90_000 });
  await expect(row).toContainText('Run now');
  await expect(row).toContainText(/operations-\d{8}-\d{6}\.tar\.gz/);
  await expect(row).toContainText(/\d+(\.\d)? (KB|MB|GB)/);
  await expect(row.getByRole('button', { name: /^Copy SHA-256 of operations-/ })).toBeVisible();
  await expectNoSeriousViolations(page);

  // The run is the Jobs screen's nightly backup, with its own Run now.
  await page.getByRole('link', { name: 'Jobs screen' }).click();
  await expect(page).toHaveURL(/\/settings\/jobs$/);
  const schedule = page.getByTestId('schedule-nightly-backup');
  await expect(schedule).toContainText('Every day at 02:30');
  await expect(schedule).toContainText('30 2 * * * · Europe/Zurich');
  await expect(schedule.getByRole('button', { name: 'Run Nightly backup now' })).toBeVisible();
  await expect(page.getByTestId('run-nightly-backup').first()).toContainText('Succeeded');
});

test('a read-only operator reads the retention and the list, without the folder or actions', async ({
  page,
}) => {
  // The CLI makes the account (a process of its own), while the other test's backup may be
  // using the machine's cores.
  test.setTimeout(90_000);
  const email = uniqueEmail('backups-reader');
  ops('operators', 'add', email, '--roles', 'read-only', '--password', testPassword);
  await signInByApi(page, email);
  await page.goto('/settings/backups');
  await expect(page.getByRole('heading', { name: 'Backups', exact: true })).toBeVisible();
  await expect(page.getByText(/Backups are kept \d+ days\./)).toBeVisible();
  await expect(page.getByLabel('Keep backups for (days)')).toHaveCount(0);
  await expect(page.getByText('Backup folder', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back up now' })).toHaveCount(0);
  await expectNoSeriousViolations(page);
});
