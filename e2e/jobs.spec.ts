import { expect, test } from './support/fixtures';
import { withDatabase } from './support/database';
import { yearAtHeadquarters } from './support/headquarters-day';

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
  await expect(runs.first()).toContainText(/\d+ certificates? expired/);
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
    /The schedule runs it next on 2 Jan \d{4}, 06:00 CET \(Europe\/Zurich\)/,
  );
  // Nothing was issued by looking.
  await dialog.getByRole('button', { name: 'Close' }).click();
});

/** Runs of a job and dunning runs recorded so far: what one click must not add to. */
function runsRecorded() {
  return withDatabase(async ({ db }) => {
    const jobs = await db
      .selectFrom('job_runs')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .where('task', 'in', ['dunning-run', 'renewal-run'])
      .executeTakeFirstOrThrow();
    const dunning = await db
      .selectFrom('dunning_runs')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return { jobs: Number(jobs.count), dunning: Number(dunning.count) };
  });
}

test('Run now on the dunning and renewal runs opens their preview and starts nothing until confirmed', async ({
  operatorPage: page,
}) => {
  const before = await runsRecorded();
  await page.goto('/settings/jobs');
  // Issue 32: a filled button here used to send every reminder due in one click.
  await page.getByRole('link', { name: 'Run Dunning run now' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  const dunning = page.getByRole('dialog', { name: 'Dunning run' });
  await expect(dunning.getByLabel('As of')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  // The preview is there at once: levels, and what a run would send.
  const preview = dunning.getByRole('region', { name: 'Dunning preview' });
  await expect(preview.getByRole('table', { name: 'Invoices per level' })).toBeVisible();
  expect(await runsRecorded()).toEqual(before);
  await dunning.getByRole('button', { name: 'Close' }).click();
  await expect(dunning).toBeHidden();
  // Closed, it does not come back on a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Invoices', level: 2 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/settings/jobs');
  await page.getByRole('link', { name: 'Run Renewal run now' }).click();
  const renewal = page.getByRole('dialog', { name: 'Renewal run' });
  // The year the scheduled job renews (this one), with what it would issue.
  const year = await renewal.getByLabel('Membership year').inputValue();
  expect(year).toBe(String(yearAtHeadquarters()));
  await expect(renewal.getByRole('heading', { name: `Preview for ${year}` })).toBeVisible();
  const start = renewal.getByRole('button', { name: /^Start run/ });
  await expect(start).toHaveText(/^Start run: issue [\d,]+ invoices?$|^Start run$/);
  expect(await runsRecorded()).toEqual(before);
  await renewal.getByRole('button', { name: 'Close' }).click();

  // Straight at the API, the console's Run now is refused for both.
  for (const name of ['dunning-run', 'renewal-run']) {
    const response = await page.request.post(`/api/jobs/schedules/${name}/run`, {
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(409);
  }
  expect(await runsRecorded()).toEqual(before);
});
