import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** Member numbers no other test or the demo data uses; they sort after the demo's M-… numbers. */
const prefix = `Z${Date.now().toString(36).toUpperCase()}`;

/**
 * A Windows-1252 file with semicolons, as Excel saves it on a Swiss PC: "Firma" is not a header
 * the guesser knows, so the legal name is mapped by hand; line 4 has a category that does not
 * exist, line 5 an e-mail that is not one.
 */
function excelFile(): Buffer {
  const lines = [
    'Member no;Firma;Category;Status;Country;E-mail',
    `${prefix}-1;Zürcher Spedition AG;individual;active;CH;info@zuercher.example`,
    `${prefix}-2;Société Lémanique de Fret SA;Individual;Pending payment;CH;`,
    `${prefix}-3;Gold Freight Ltd;gold;active;GB;`,
    `${prefix}-4;Bad Mail GmbH;individual;active;DE;not-an-email`,
    `${prefix}-5;Nordic Cargo AB;association;active;Sweden;post@nordic.example`,
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

async function chooseFile(page: Page) {
  await page.goto('/members/upload');
  await expect(page.getByRole('heading', { name: 'Members CSV upload' })).toBeVisible();
  await page.getByLabel('Choose a CSV file').setInputFiles({
    name: 'excel-members.csv',
    mimeType: 'text/csv',
    buffer: excelFile(),
  });
}

test('upload a CSV: map, see the invalid rows with their lines, commit the valid ones', async ({
  operatorPage: page,
}) => {
  await chooseFile(page);
  await expect(page.getByText('Windows-1252 · semicolon-separated · 6 columns')).toBeVisible();
  // Guessed from the header: the number, category, status, country and e-mail.
  await expect(page.getByLabel('Membership number')).toHaveValue('0');
  await expect(page.getByLabel('E-mail')).toHaveValue('5');
  // "Firma" is not guessed: the required legal name asks for a column.
  await expect(page.getByText('Legal name must be mapped to a column.')).toBeVisible();
  await page.getByLabel('Legal name').selectOption({ label: 'Firma' });
  await expect(page.getByText('Legal name must be mapped to a column.')).toBeHidden();
  await expect(page.getByRole('row', { name: /Legal name/ })).toContainText('Zürcher Spedition AG');

  await page.getByRole('button', { name: 'Validate rows' }).click();
  await expect(page.getByTestId('upload-summary')).toHaveText(
    '5 rows · 3 new · 0 changed · 0 unchanged · 2 invalid',
  );
  const invalid = page.getByRole('region', { name: 'Invalid rows' });
  await expect(invalid.getByRole('row')).toHaveCount(3);
  await expect(invalid.getByRole('row').nth(1)).toContainText('4');
  await expect(invalid.getByRole('row').nth(1)).toContainText('Category "gold" is not one of');
  await expect(invalid.getByRole('row').nth(2)).toContainText('5');
  await expect(invalid.getByRole('row').nth(2)).toContainText('is not a valid e-mail address');

  // All or nothing cannot run with invalid rows: the valid rows only is preselected.
  const commit = page.getByRole('button', { name: /^Commit/ });
  await expect(page.getByLabel(/Valid rows only/)).toBeChecked();
  await expect(commit).toHaveText('Commit 3 rows');
  await page.getByLabel(/All or nothing/).check();
  await expect(commit).toHaveAttribute('aria-disabled', 'true');
  await page.getByLabel(/Valid rows only/).check();
  await commit.click();

  const result = page.getByRole('definition');
  await expect(page.locator('li[aria-current="step"]')).toHaveText('4. Report');
  await expect(result.nth(0)).toHaveText('3'); // added
  await expect(result.nth(3)).toHaveText('2'); // rejected
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the rejected rows (CSV)' }).click();
  const report = await (await download).createReadStream();
  let text = '';
  for await (const chunk of report) text += String(chunk);
  expect(text).toContain('Line;Reason;Member no;Firma;Category;Status;Country;E-mail');
  expect(text).toContain(
    `4;"Category ""gold"" is not one of individual, association, group, honorary";${prefix}-3;Gold Freight Ltd;gold;active;GB;`,
  );

  // The new members are in the list, spelled as the Windows-1252 file meant them.
  await page.getByRole('link', { name: 'Back to the members' }).click();
  await page.goto('/members?sort=-number');
  await expect(page.getByRole('link', { name: 'Nordic Cargo AB', exact: true })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Société Lémanique de Fret SA', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zürcher Spedition AG', exact: true })).toBeVisible();

  // The same file again changes nothing.
  await chooseFile(page);
  await page.getByLabel('Legal name').selectOption({ label: 'Firma' });
  await page.getByRole('button', { name: 'Validate rows' }).click();
  await expect(page.getByTestId('upload-summary')).toHaveText(
    '5 rows · 0 new · 0 changed · 3 unchanged · 2 invalid',
  );
});

test('a fixed value fills a column the file lacks; unknown country codes are invalid rows', async ({
  operatorPage: page,
}) => {
  const fixedPrefix = `${prefix}F`;
  await page.goto('/members/upload');
  await page.getByLabel('Choose a CSV file').setInputFiles({
    name: 'no-status.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Membership number,Legal name,Category,Country',
        `${fixedPrefix}-1,Fixed Value Freight AG,individual,CH`,
        `${fixedPrefix}-2,Nowhere Cargo Ltd,individual,QQ`,
      ].join('\n'),
    ),
  });
  await expect(page.getByText('Status must be mapped to a column.')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('Fixed value for every row…');
  const fixed = page.getByLabel('Fixed value of Status');
  await fixed.fill('sleeping');
  await expect(page.getByText(/The fixed value of Status is not valid/)).toBeVisible();
  await fixed.fill('active');
  await expect(page.getByText(/The fixed value of Status is not valid/)).toBeHidden();
  await expect(page.getByRole('row', { name: /Status/ })).toContainText('active');

  await page.getByRole('button', { name: 'Validate rows' }).click();
  await expect(page.getByTestId('upload-summary')).toHaveText(
    '2 rows · 1 new · 0 changed · 0 unchanged · 1 invalid',
  );
  const invalid = page.getByRole('region', { name: 'Invalid rows' });
  await expect(invalid.getByRole('row').nth(1)).toContainText('3');
  await expect(invalid.getByRole('row').nth(1)).toContainText(
    'Country "QQ" is not a known country',
  );
  await expect(page.getByLabel(/Valid rows only/)).toBeChecked();
  await page.getByRole('button', { name: /^Commit 1 row/ }).click();
  await expect(page.locator('li[aria-current="step"]')).toHaveText('4. Report');
});
