import type { Page } from '@playwright/test';
import { withDatabase } from './support/database';
import {
  addOperator,
  expect,
  signInByApi,
  test,
  testPassword,
  uniqueEmail,
} from './support/fixtures';

/** A tag unique to one test run, so parallel runs and the demo data never share these records. */
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

const feeLine = {
  description: 'Membership fee',
  quantity: 1,
  unitAmountMinor: 50_000,
  vatRate: null,
  vatExemption: 'Outside the scope of Swiss VAT (membership fee)',
};

/**
 * Two invoices whose stored totals do not add up: an issued one and a paid one. Numbers starting
 * with 0 come first in the check's number order.
 */
async function createTotalsProblems(suffix: string) {
  const issued = { iid: `fxt${tag}${suffix}i`, number: `0-FIX-${tag}-${suffix}-I` };
  const paid = { iid: `fxt${tag}${suffix}p`, number: `0-FIX-${tag}-${suffix}-P` };
  await withDatabase(async ({ db }) => {
    const common = {
      kind: 'other' as const,
      year: 2025,
      currency: 'CHF',
      lines: JSON.stringify([feeLine]),
      subtotal_minor: 40_000,
      total_minor: 40_000,
      issue_date: '2025-03-01',
      due_date: '2025-03-31',
    };
    await db
      .insertInto('invoices')
      .values([
        { ...issued, ...common, status: 'issued' },
        {
          ...paid,
          ...common,
          status: 'paid',
          paid_at: new Date('2025-03-10T10:00:00Z'),
          paid_amount_minor: 40_000,
          paid_method: 'bank-transfer',
        },
      ])
      .execute();
  });
  return { issued, paid };
}

const panel = (page: Page, title: string) => page.getByRole('region', { name: title });
const result = (page: Page) => page.getByRole('status', { name: 'Repair result' });

test('totals are recomputed in one click; a paid invoice needs a reason', async ({
  operatorPage: page,
}) => {
  const { issued, paid } = await createTotalsProblems('A');
  await page.goto('/invoices/fixes');
  await expect(page.getByRole('heading', { name: 'Invoice fixes' })).toBeVisible();

  const totals = panel(page, 'Totals that do not add up');
  const plain = totals.getByRole('article', { name: `Invoice ${issued.number}` });
  await expect(
    plain.getByText('total: stored CHF 400.00, the lines add up to CHF 500.00', { exact: true }),
  ).toBeVisible();
  await plain.getByRole('button', { name: 'Recompute totals' }).click();
  const dialog = page.getByRole('dialog', { name: `Recompute the totals of ${issued.number}` });
  await dialog.getByRole('button', { name: 'Recompute totals' }).click();
  await expect(dialog).toBeHidden();
  await expect(result(page)).toContainText(`Invoice ${issued.number} now totals CHF 500.00`);
  await expect(plain).toBeHidden();

  // The paid one: the dialog says so and refuses to go on without a reason.
  const paidFinding = totals.getByRole('article', { name: `Invoice ${paid.number}` });
  await expect(
    paidFinding.getByText(/confirm it and say why; the payment is not changed/),
  ).toBeVisible();
  await paidFinding.getByRole('button', { name: 'Recompute totals' }).click();
  const paidDialog = page.getByRole('dialog', {
    name: `Change the totals of paid invoice ${paid.number}`,
  });
  await paidDialog.getByRole('button', { name: 'Change paid invoice totals' }).click();
  await expect(paidDialog.getByText('Enter the reason.')).toBeVisible();
  await paidDialog
    .getByRole('textbox', { name: 'Reason' })
    .fill('Fee line was right; total mistyped');
  await paidDialog.getByRole('button', { name: 'Change paid invoice totals' }).click();
  await expect(paidDialog).toBeHidden();
  await expect(result(page)).toContainText('its payment of CHF 400.00 was not changed');

  await withDatabase(async ({ db }) => {
    const rows = await db
      .selectFrom('invoices')
      .select(['iid', 'total_minor', 'status', 'paid_amount_minor'])
      .where('iid', 'in', [issued.iid, paid.iid])
      .orderBy('iid')
      .execute();
    expect(rows).toEqual([
      { iid: issued.iid, total_minor: '50000', status: 'issued', paid_amount_minor: null },
      { iid: paid.iid, total_minor: '50000', status: 'paid', paid_amount_minor: '40000' },
    ]);
    const audit = await db
      .selectFrom('audit_log')
      .select(['record_id', 'action'])
      .where('record_id', 'in', [issued.iid, paid.iid])
      .execute();
    expect(audit.map((row) => `${row.record_id}:${row.action}`).sort()).toEqual(
      [`${issued.iid}:fix:totals`, `${paid.iid}:fix:totals`].sort(),
    );
  });
});

test('a read-only operator sees the findings but no repair buttons', async ({ page }) => {
  const email = uniqueEmail('invoice-fixes-reader');
  addOperator(email, testPassword);
  const { issued } = await createTotalsProblems('R');
  await withDatabase(async ({ db }) => {
    await db
      .updateTable('operators')
      .set({ roles: ['read-only'] })
      .where('uid', '=', db.selectFrom('users').select('uid').where('email', '=', email))
      .execute();
  });
  await signInByApi(page, email);
  await page.goto('/invoices/fixes');
  await expect(page.getByText('repairing them needs the finance or admin role')).toBeVisible();
  const finding = panel(page, 'Totals that do not add up').getByRole('article', {
    name: `Invoice ${issued.number}`,
  });
  await expect(finding.getByText(/Proposed repair: Store the totals/)).toBeVisible();
  await expect(finding.getByRole('button')).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: /^(Recompute totals|Void|Link to|Run rule 2|Assign member)/ }),
  ).toHaveCount(0);
});
