import { sql } from 'kysely';
import {
  buildDemoBankSample,
  demoBankSampleExpectation,
} from '../apps/server/src/seed/bank-sample';
import { withDatabase } from './support/database';
import { expect, test } from './support/fixtures';

/**
 * The demo sample (docs/samples/camt054-demo.xml), generated from the database as it is now
 * (other specs pay invoices meanwhile, and the generator takes only invoices nobody has paid),
 * with its own message, statement and bank references, so that it is a new file whichever spec
 * or person imported the sample before. The one duplicate keeps the earlier statement's
 * reference: it stays a duplicate.
 */
async function freshDemoSample(): Promise<string> {
  const xml = await withDatabase(({ db }) => buildDemoBankSample(db));
  const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
  return xml
    .replaceAll('DEMO-CAMT054-2026-03-02', `${tag}-CAMT054`)
    .replaceAll('DEMO-NTFCTN-2026-03-02', `${tag}-NTFCTN`)
    .replaceAll('SAMPLE-2026-03-02-', `${tag}-`);
}

/** An issued CHF invoice nobody has paid anything of, for the operator to assign a payment to. */
function openInvoiceToAssign() {
  return withDatabase(async ({ db }) =>
    db
      .selectFrom('invoices')
      .select(['iid', 'number'])
      .where('status', '=', 'issued')
      .where('currency', '=', 'CHF')
      .where('paid_minor', '=', '0')
      .where('balance_minor', '>=', '30000')
      .orderBy(sql`random()`)
      .limit(1)
      .executeTakeFirstOrThrow(),
  );
}

test('import the demo camt.054: the report counts, confirm the suggestion, assign an unmatched payment', async ({
  operatorPage: page,
}) => {
  test.setTimeout(60_000);
  const xml = await freshDemoSample();

  await page.goto('/bank-statements');
  await expect(page.getByRole('heading', { name: 'Bank statements', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'Import statements' }).click();
  await expect(page.getByRole('heading', { name: 'Import bank statements' })).toBeVisible();

  // Drop the file on the zone, as from the file manager.
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'camt054-e2e.xml', { type: 'application/xml' }));
    return transfer;
  }, xml);
  await page.getByTestId('bank-drop-zone').dispatchEvent('drop', { dataTransfer });

  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByText('1 of 1 file done')).toBeVisible();
  const counts = report.getByRole('definition');
  const expected = demoBankSampleExpectation;
  // Entries, paid, partially paid, overpaid, suggested, unmatched, duplicates, debits.
  for (const [index, value] of [
    expected.entries,
    expected.paid,
    expected.partial,
    expected.overpaid,
    expected.suggested,
    expected.unmatched,
    expected.duplicates,
    expected.debits,
  ].entries()) {
    await expect(counts.nth(index)).toHaveText(String(value));
  }
  await expect(report).toContainText('Total: 1 file imported, 1 statement, booked CHF');
  await expect(report).toContainText('3 payments wait for you');

  // The statement: every entry says what became of it.
  await report.getByRole('link', { name: /^camt\.054 E2E/ }).click();
  await expect(page.getByRole('heading', { name: /^Bank statement E2E/ })).toBeVisible();
  const entries = page.getByRole('region', { name: 'Entries' });
  await expect(entries.getByRole('listitem')).toHaveCount(expected.entries);
  await expect(entries.locator('li[data-state="booked"]')).toHaveCount(
    expected.paid + expected.partial + expected.overpaid,
  );
  await expect(entries.locator('li[data-state="debit"]')).toContainText(
    'Debit: listed, never booked.',
  );
  await expect(entries.locator('li[data-state="duplicate"]')).toContainText(
    'Duplicate of a payment imported before',
  );

  // Confirm the suggestion (the payer's IBAN is known and the amount is an open invoice's).
  const suggestion = entries
    .locator('li[data-state="suggested"]')
    .filter({ hasText: 'Membership 2026' });
  await expect(suggestion).toContainText('Suggested: invoice');
  const suggestedNumber = (await suggestion.getByRole('link').first().textContent())?.replace(
    'invoice ',
    '',
  );
  await suggestion.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(entries.getByRole('status')).not.toBeEmpty();
  await expect(entries.locator('li[data-state="suggested"]')).toHaveCount(expected.suggested - 1);
  await expect(
    entries.locator('li[data-state="booked"]').filter({ hasText: `invoice ${suggestedNumber}` }),
  ).toBeVisible();

  // The queue lists the two unmatched payments of the file (among any others).
  await page.goto('/bank-statements/unmatched');
  const queue = page.getByRole('region', { name: 'Payments to match' });
  await expect(
    queue.getByRole('listitem').filter({ hasText: 'Friends of Freight Forwarding' }).first(),
  ).toContainText('Unmatched');
  await page.goBack();

  // Assign the donation to an invoice found by its number, and see it booked.
  const invoice = await openInvoiceToAssign();
  const donation = entries
    .locator('li[data-state="unmatched"]')
    .filter({ hasText: 'Friends of Freight Forwarding' });
  await donation.getByRole('button', { name: 'Assign' }).click();
  const dialog = page.getByRole('dialog', { name: /^Assign CHF/ });
  await dialog.getByLabel('Find the invoice').fill(invoice.number);
  const candidates = dialog.getByRole('region', { name: 'Candidate invoices' });
  await candidates.getByRole('button', { name: `Assign to ${invoice.number}` }).click();
  await expect(dialog).toBeHidden();
  await expect(
    entries.locator('li[data-state="booked"]').filter({ hasText: 'Friends of Freight Forwarding' }),
  ).toContainText(`Booked to invoice ${invoice.number}`);
  await expect(entries.locator('li[data-state="unmatched"]')).toHaveCount(expected.unmatched - 1);

  // The invoice received the payment (partially paid: CHF 250.00 of a larger balance).
  const paid = await withDatabase(({ db }) =>
    db
      .selectFrom('invoices')
      .select(['paid_minor'])
      .where('iid', '=', invoice.iid)
      .executeTakeFirstOrThrow(),
  );
  expect(String(paid.paid_minor)).toBe('25000');
});
