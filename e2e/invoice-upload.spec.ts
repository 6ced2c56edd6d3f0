import { withDatabase } from './support/database';
import { expect, test } from './support/fixtures';

/** Invoice numbers no other test or the demo data uses. */
const prefix = `U${Date.now().toString(36).toUpperCase()}`;

/** Two members of the demo data that are not deleted, by membership number. */
async function demoMembers(): Promise<[string, string]> {
  const rows = await withDatabase((database) =>
    database.db
      .selectFrom('members')
      .select('number')
      .where('deleted_at', 'is', null)
      .orderBy('number')
      .limit(2)
      .execute(),
  );
  return [rows[0]?.number ?? '', rows[1]?.number ?? ''];
}

/**
 * A semicolon file as Excel saves it in Switzerland (Windows-1252, decimal commas): line 3
 * names a member that does not exist, line 5 an amount with three decimals.
 */
function excelFile(first: string, second: string): Buffer {
  const lines = [
    'Rechnung Nr;Member no;Issue date;Due date;Currency;Description;Amount;Status',
    `${prefix}-1;${first};2024-01-15;2024-02-15;CHF;Schulung Zürich;1'250,50;issued`,
    `${prefix}-2;NO-SUCH-MEMBER;2024-01-15;;CHF;Licence FBL;80;issued`,
    `${prefix}-3;${second};15.01.2024;;EUR;Formation Genève;0,10;draft`,
    `${prefix}-4;${second};2024-01-15;;CHF;Seminar;12,345;issued`,
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

test('upload invoices: map, see the bad lines, commit the valid rows, read the report', async ({
  operatorPage: page,
}) => {
  const [first, second] = await demoMembers();
  await page.goto('/invoices/upload');
  await expect(page.getByRole('heading', { name: 'Invoices CSV upload' })).toBeVisible();
  await page.getByLabel('Choose a CSV file').setInputFiles({
    name: 'excel-invoices.csv',
    mimeType: 'text/csv',
    buffer: excelFile(first, second),
  });
  await expect(page.getByText('Windows-1252 · semicolon-separated · 8 columns')).toBeVisible();
  // Guessed from the header, except the German "Rechnung Nr", mapped by hand.
  await expect(page.getByLabel('Membership number')).toHaveValue('1');
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('6');
  await expect(page.getByText('Invoice number must be mapped to a column.')).toBeVisible();
  await page.getByLabel('Invoice number').selectOption({ label: 'Rechnung Nr' });
  await expect(page.getByText('Invoice number must be mapped to a column.')).toBeHidden();

  await page.getByRole('button', { name: 'Validate rows' }).click();
  await expect(page.getByTestId('upload-summary')).toHaveText(
    '4 rows · 2 new · 0 changed · 0 unchanged · 2 invalid',
  );
  const invalid = page.getByRole('region', { name: 'Invalid rows' });
  await expect(invalid.getByRole('row')).toHaveCount(3);
  await expect(invalid.getByRole('row').nth(1)).toContainText('3');
  await expect(invalid.getByRole('row').nth(1)).toContainText(
    'Membership number NO-SUCH-MEMBER is not a member',
  );
  await expect(invalid.getByRole('row').nth(2)).toContainText('5');
  await expect(invalid.getByRole('row').nth(2)).toContainText('Amount: "12,345" is ambiguous');

  // With invalid rows, all or nothing cannot succeed: the valid rows only is preselected.
  const commit = page.getByRole('button', { name: /^Commit/ });
  await expect(page.getByLabel(/Valid rows only/)).toBeChecked();
  await expect(commit).toHaveText('Commit 2 rows');
  await commit.click();

  await expect(page.locator('li[aria-current="step"]')).toHaveText('4. Report');
  const result = page.getByRole('definition');
  await expect(result.nth(0)).toHaveText('2'); // added
  await expect(result.nth(3)).toHaveText('2'); // rejected
  await expect(
    page.getByText('The search index and the certificates are up to date.'),
  ).toBeVisible();

  // Stored exactly: 1'250,50 is 125,050 cents; the Windows-1252 text as meant.
  const stored = await withDatabase((database) =>
    database.db
      .selectFrom('invoices')
      .select(['number', 'total_minor', 'source', 'lines', 'status'])
      .where('number', 'like', `${prefix}-%`)
      .orderBy('number')
      .execute(),
  );
  expect(stored.map((row) => [row.number, row.total_minor, row.source, row.status])).toEqual([
    [`${prefix}-1`, '125050', 'csv-import', 'issued'],
    [`${prefix}-3`, '10', 'csv-import', 'draft'],
  ]);
  expect(stored[0]?.lines[0]?.description).toBe('Schulung Zürich');

  // The same file again: nothing new, nothing changed.
  await page.getByRole('button', { name: 'Upload another file' }).click();
  await page.getByLabel('Choose a CSV file').setInputFiles({
    name: 'excel-invoices.csv',
    mimeType: 'text/csv',
    buffer: excelFile(first, second),
  });
  await page.getByLabel('Invoice number').selectOption({ label: 'Rechnung Nr' });
  await page.getByRole('button', { name: 'Validate rows' }).click();
  await expect(page.getByTestId('upload-summary')).toHaveText(
    '4 rows · 0 new · 0 changed · 2 unchanged · 2 invalid',
  );
});
