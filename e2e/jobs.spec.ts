import { expect, test } from './support/fixtures';

test('the Jobs screen lists the schedules, and Run now runs the certificate sweep', async ({
  operatorPage: page,
}) => {
  await page.goto('/settings/jobs');
  await expect(page.getByRole('link', { name: 'Jobs', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const schedules = page.getByRole('table', { name: 'Schedules' });
  for (const title of [
    'Certificate expiry sweep',
    'Sign-in data clean-up',
    'Renewal run',
    'Dunning run',
  ]) {
    await expect(schedules.getByRole('rowheader', { name: new RegExp(`^${title}`) })).toBeVisible();
  }
  const sweep = page.getByTestId('schedule-certificate-expiry-sweep');
  await expect(sweep).toContainText('Every day at 03:30');
  await expect(sweep).toContainText('30 3 * * * · Europe/Zurich');
  await expect(page.getByTestId('schedule-renewal-run')).toContainText('0 6 2 1 *');

  const runsBefore = await page.getByTestId('run-certificate-expiry-sweep').count();
  await page.getByRole('button', { name: 'Run Certificate expiry sweep now' }).click();
  // The run appears through the change feed and ends as succeeded, with its result.
  const runs = page.getByTestId('run-certificate-expiry-sweep');
  await expect(runs).toHaveCount(runsBefore + 1);
  await expect(runs.first()).toContainText('Succeeded', { timeout: 15_000 });
  await expect(runs.first()).toContainText('expired:');
  await expect(runs.first()).toContainText('By hand');
  await expect(sweep).toContainText('Succeeded');
});

test('the renewal dialog previews what the run would issue, and when the schedule runs it', async ({
  operatorPage: page,
}) => {
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Renewal run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Renewal run' });
  const year = await dialog.getByLabel('Membership year').inputValue();
  const preview = dialog.getByTestId('renewal-preview');
  await expect(preview.getByRole('heading', { name: `Preview for ${year}` })).toBeVisible();
  await expect(preview).toContainText(/The run would issue [\d,]+ invoices|Nothing to issue/);
  await expect(preview.getByRole('table', { name: 'Invoices per currency' })).toBeVisible();
  await expect(preview).toContainText(
    /The schedule runs it next on 2 Jan \d{4}, 06:00 \(Europe\/Zurich\)/,
  );
  // Nothing was issued by looking.
  await dialog.getByRole('button', { name: 'Close' }).click();
});
