import { ops } from './support/ops';
import { withDatabase } from './support/database';
import { expect, signInByApi, test, testPassword, uniqueEmail } from './support/fixtures';
import { waitForMail } from './support/mail';

/**
 * The day of the run and the invoice's dates lie in 1995, before any invoice of the demo data
 * (its members join from 1996) and of the other tests (this year's): the run chases this test's
 * invoice alone, and sends no reminder to addresses other tests are waiting on.
 */
const dueDate = '1995-02-01';
/** Day 14 after the due date: reminder 1 (due + 10 days) is due, reminder 2 (+ 30) is not. */
const asOf = '1995-02-15';

/** An operator with the given roles and a password, made through the CLI. */
function addOperatorWithRoles(roles: string): string {
  const email = uniqueEmail(`dunning-${roles}`);
  ops('operators', 'add', email, '--roles', roles, '--password', testPassword);
  return email;
}

/**
 * A member in France (its preferred language comes from its country: French) with an issued
 * EUR invoice left unpaid since 1 February 1995, paid to the default EUR account.
 */
async function overdueFrenchInvoice() {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = {
    mid: `e2edunm${suffix}`.slice(0, 20),
    legalName: `Transports Lefèvre ${suffix.toUpperCase()} SARL`,
    email: `relance-${suffix}@example.org`,
  };
  const invoice = {
    iid: `e2eduni${suffix}`.slice(0, 20),
    number: `E2E-DUN-${suffix}`.slice(0, 24),
  };
  await withDatabase(async ({ db }) => {
    const account = await db
      .selectFrom('bank_accounts')
      .select('id')
      .where('currency', '=', 'EUR')
      .where('is_default', '=', true)
      .executeTakeFirst();
    await db
      .insertInto('members')
      .values({
        mid: member.mid,
        number: `E2E-${suffix}`.slice(0, 20),
        category: 'individual',
        status: 'active',
        legal_name: member.legalName,
        country_iso2: 'FR',
        city: 'Lyon',
        email: member.email,
      })
      .execute();
    await db
      .insertInto('invoices')
      .values({
        iid: invoice.iid,
        number: invoice.number,
        member_mid: member.mid,
        kind: 'membership',
        year: 1995,
        currency: 'EUR',
        status: 'issued',
        issue_date: '1995-01-02',
        due_date: dueDate,
        bank_account_id: account?.id ?? null,
        lines: JSON.stringify([
          {
            description: 'Cotisation 1995',
            quantity: 1,
            unitAmountMinor: 48_500,
            vatRate: null,
            vatExemption: 'Hors du champ de la TVA suisse',
          },
        ]),
        subtotal_minor: 48_500,
        total_minor: 48_500,
      })
      .execute();
  });
  return { member, invoice };
}

test('a finance operator previews and runs dunning: the French member gets reminder 1 in French', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { member, invoice } = await overdueFrenchInvoice();
  await signInByApi(page, addOperatorWithRoles('finance'));
  const language = await page.request.get(`/api/members/${member.mid}`);
  expect(((await language.json()) as { preferredLanguage: string }).preferredLanguage).toBe('fr');

  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Dunning run', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Dunning run' });
  await dialog.getByLabel('As of').fill(asOf);
  await dialog.getByRole('button', { name: 'Preview' }).click();

  // The preview: one invoice due for reminder 1, its open balance, and nothing written yet.
  const preview = dialog.getByRole('region', { name: 'Dunning preview' });
  await expect(preview.getByRole('heading', { name: 'Due on 15 Feb 1995' })).toBeVisible();
  const levels = preview.getByRole('table', { name: 'Invoices per level' });
  await expect(levels.getByRole('row', { name: /^1 · Reminder 1/ })).toContainText(
    /1\s*EUR\s485\.00/,
  );
  await expect(levels.getByRole('row', { name: /^2 · Reminder 2/ })).toContainText(/0\s*—/);
  await expect(preview.getByTestId('dunning-total')).toHaveText('1');
  const row = preview
    .getByRole('table', { name: 'Invoices chased' })
    .getByRole('row')
    .filter({ hasText: invoice.number });
  await expect(row).toContainText(member.legalName);
  await expect(row).toContainText('Reminder 1');
  await expect(row).toContainText('E-mail');
  const beforeRun = await page.request.get(`/api/invoices/${invoice.iid}`);
  expect(((await beforeRun.json()) as { dunningLevel: number }).dunningLevel).toBe(0);

  // Run: the report says what was sent.
  await dialog.getByRole('button', { name: 'Run: send 1 reminder' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Dunning run done: 1 reminder recorded, 1 e-mail queued.',
  );
  const report = dialog.getByRole('region', { name: 'Dunning report' });
  await expect(report.getByRole('heading', { name: 'Sent for 15 Feb 1995' })).toBeVisible();
  await expect(report.getByTestId('dunning-total')).toHaveText('1');

  // The reminder reaches the member over the (real, loopback) SMTP server, in French.
  const mail = await waitForMail(member.email, 0, 30_000);
  expect(mail.subject).toBe(`Rappel : la facture ${invoice.number} est échue`);
  expect(mail.text).toContain('Sauf erreur de notre part');
  // In the member's formats (issue 32: it read "échue le 1995-02-01").
  expect(mail.text).toContain('1 février 1995');
  expect(mail.text).not.toContain('1995-02-01');

  // The report's link opens the invoice (the dialog closes): its dunning history.
  await report.getByRole('link', { name: invoice.number }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.iid}`));
  const detail = page.getByRole('region', { name: `Invoice ${invoice.number}` });
  const history = detail.getByRole('table', { name: 'Dunning history' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('row').nth(1)).toContainText('1 · Reminder 1');
  await expect(history.getByRole('row').nth(1)).toContainText('15 Feb 1995');
  await history.getByRole('link', { name: 'E-mail' }).click();
  await expect(page).toHaveURL(/\/emails\/[^/]+$/);
  await expect(
    page.getByRole('heading', { name: `Rappel : la facture ${invoice.number} est échue` }),
  ).toBeVisible();

  // The member shows the open reminder.
  await page.goto(`/members/${member.mid}`);
  const reminders = page.getByRole('list', { name: 'Open reminders' });
  await expect(reminders.getByRole('listitem')).toHaveCount(1);
  await expect(reminders).toContainText(invoice.number);
  await expect(reminders).toContainText('Reminder 1 · 15 Feb 1995');

  // A payment plan: the member is exempt until a day, with the reason; then the plan ends.
  const exemption = page.getByTestId('dunning-exemption');
  await expect(exemption).toHaveText('Not exempt: its open invoices are chased.');
  await page.getByRole('button', { name: 'Exempt from dunning…' }).click();
  const exempt = page.getByRole('dialog', { name: `Exempt ${member.legalName} from dunning` });
  await exempt.getByLabel('Exempt until').fill('2099-12-31');
  await exempt.getByRole('button', { name: 'Save exemption' }).click();
  await expect(exempt.getByLabel('Reason')).toHaveAccessibleDescription(
    'Say why (e.g. a payment plan)',
  );
  await exempt.getByLabel('Reason').fill('Plan de paiement en trois mensualités');
  await exempt.getByRole('button', { name: 'Save exemption' }).click();
  await expect(exempt).toBeHidden();
  await expect(exemption).toHaveText(
    'Exempt until 31 Dec 2099: Plan de paiement en trois mensualités.',
  );
  await page.getByRole('button', { name: 'Clear exemption' }).click();
  await page
    .getByRole('dialog', { name: /^Clear the exemption/ })
    .getByRole('button', { name: 'Clear exemption' })
    .click();
  await expect(exemption).toHaveText('Not exempt: its open invoices are chased.');

  // The invoices list shows the level, filtered and sorted by it.
  // (The member filter: an invoice written to the database directly is in no search index.)
  await page.goto(`/invoices?dunningLevel=1&sort=-dunningLevel&member=${member.mid}`);
  const list = page.getByRole('table', { name: 'Invoices' });
  const listed = list.getByRole('row').filter({ hasText: invoice.number });
  await expect(listed).toContainText('Reminder 1');
  await expect(
    page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: /^Dunning/ }),
  ).toContainText('Reminder 1');

  // A second run for the same day sends nothing more: the level is recorded once.
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Dunning run', exact: true }).click();
  await dialog.getByLabel('As of').fill(asOf);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('No invoice is due for a reminder on this day.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Run: send/ })).toHaveCount(0);
});

test('/settings/dunning shows the four default levels: editable for finance, read-only for others', async ({
  page,
}) => {
  // Two operators made through the CLI (a process each) besides the two screens.
  test.setTimeout(60_000);
  await signInByApi(page, addOperatorWithRoles('finance'));
  await page.goto('/settings/dunning');
  await expect(page.getByRole('heading', { name: 'Dunning', exact: true })).toBeVisible();
  const levels = page.getByRole('table', { name: 'Dunning levels' });
  const defaults = [
    ['Reminder 1', '10', 'Dunning: first reminder', false],
    ['Reminder 2', '30', 'Dunning: second reminder', true],
    ['Final notice', '60', 'Dunning: final notice', false],
    ['Suspension', '90', 'Dunning: suspension', false],
  ] as const;
  for (const [index, [name, days, template, attachesPdf]] of defaults.entries()) {
    const level = index + 1;
    await expect(levels.getByLabel(`Level ${level} name`)).toHaveValue(name);
    await expect(levels.getByLabel(`Level ${level} days after due`)).toHaveValue(days);
    await expect(
      levels.getByLabel(`Level ${level} e-mail template`).locator('option:checked'),
    ).toHaveText(template);
    const pdf = levels.getByLabel(`Level ${level} attaches the invoice PDF`);
    await (attachesPdf ? expect(pdf).toBeChecked() : expect(pdf).not.toBeChecked());
    await expect(levels.getByLabel(`Level ${level} enabled`)).toBeChecked();
  }
  await expect(levels.getByRole('row').nth(4)).toContainText('Suspends the member');
  await expect(levels.getByRole('link', { name: /E-mail templates$/ })).toHaveAttribute(
    'href',
    '/settings/email-templates',
  );
  await expect(
    levels.getByRole('link', { name: 'Texts of Dunning: final notice' }),
  ).toHaveAttribute('href', '/settings/email-templates?kind=dunning-final-notice&language=en');

  // Days that do not increase are refused under the field, before anything is sent.
  await levels.getByLabel('Level 3 days after due').fill('20');
  await page.getByRole('button', { name: 'Save dunning settings' }).click();
  await expect(levels.getByLabel('Level 3 days after due')).toHaveAttribute('aria-invalid', 'true');
  await expect(levels.getByLabel('Level 3 days after due')).toHaveAccessibleDescription(
    /Must be more than level 2's 30 days/,
  );
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(levels.getByLabel('Level 3 days after due')).toHaveValue('60');
  // Saved as they are (the other test's run reads the same levels): the version check passes.
  await page.getByRole('button', { name: 'Save dunning settings' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Dunning settings saved.' }),
  ).toBeVisible();
  await expect(page.getByText(/^Changed .* by dunning-finance-/)).toBeVisible();

  // A read-only operator reads the same levels, with nothing to edit and no dunning run.
  await page.context().clearCookies();
  await signInByApi(page, addOperatorWithRoles('read-only'));
  await page.goto('/settings/dunning');
  const readOnly = page.getByRole('table', { name: 'Dunning levels' });
  await expect(readOnly.getByRole('row')).toHaveCount(5);
  for (const [index, [name, days, template, attachesPdf]] of defaults.entries()) {
    const cells = readOnly
      .getByRole('row')
      .nth(index + 1)
      .getByRole('cell');
    await expect(cells).toHaveText([
      name,
      days,
      `${template} Texts`,
      attachesPdf ? 'Yes' : 'No',
      'Yes',
    ]);
  }
  await expect(readOnly.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save dunning settings' })).toHaveCount(0);
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dunning run', exact: true })).toHaveCount(0);
});
