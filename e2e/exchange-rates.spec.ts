import { expect, test } from './support/fixtures';

test('exchange rates: add, change, delete, and import a CSV file with its bad lines named', async ({
  operatorPage: page,
}) => {
  await page.goto('/settings/exchange-rates');
  await expect(page.getByRole('heading', { name: 'Exchange rates', exact: true })).toBeVisible();
  const rates = page.getByRole('table', { name: 'Exchange rates, newest month first' });
  // The demo data's first rates.
  await expect(rates.getByRole('rowheader', { name: 'EUR' }).first()).toBeVisible();
  await expect(rates.getByRole('rowheader', { name: 'USD' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Add rate' }).click();
  const add = page.getByRole('dialog', { name: 'Add an exchange rate' });
  await add.getByLabel('Currency').fill('SEK');
  await add.getByLabel('Month').fill('2098-07');
  await add.getByLabel('CHF per unit').fill('0,0912');
  await add.getByRole('button', { name: 'Add rate' }).click();
  await expect(add.getByText(/is not a rate: write CHF for one unit/)).toBeVisible();
  await add.getByLabel('CHF per unit').fill('0.0912');
  await add.getByRole('button', { name: 'Add rate' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('status')).toHaveText('1 SEK = 0.0912 CHF in Jul 2098.');
  const row = rates.getByRole('row', { name: /Jul 2098 SEK/ });
  await expect(row).toContainText('0.0912');
  await expect(row).toContainText('Entered');

  await page.getByRole('button', { name: 'Edit SEK Jul 2098' }).click();
  const edit = page.getByRole('dialog', { name: 'Change the SEK rate of Jul 2098' });
  await expect(edit.getByLabel('Currency')).toHaveAttribute('readonly', '');
  await edit.getByLabel('CHF per unit').fill('0.095');
  await edit.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByRole('status')).toHaveText('1 SEK = 0.095 CHF in Jul 2098 (was 0.0912).');
  await expect(row).toContainText('0.095');

  await page.getByRole('button', { name: 'Delete SEK Jul 2098' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the SEK rate of Jul 2098?' });
  await confirm.getByRole('button', { name: 'Delete rate' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);

  const importFile = page.getByLabel('Import CSV');
  await importFile.setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('currency,month,rate\nNOK,2098-07,0.083\nCHF,2098-07,1\n'),
  });
  const refused = page.getByRole('alert');
  await expect(refused).toContainText('bad.csv: Nothing was imported.');
  await expect(refused.getByRole('listitem')).toHaveText([
    'Line 3: CHF is the base currency: its rate is always 1',
  ]);
  await expect(rates.getByRole('row', { name: /NOK/ })).toHaveCount(0);

  await importFile.setInputFiles({
    name: 'rates.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('\uFEFFcurrency;month;rate\r\nNOK;2098-07;0,083\r\nNOK;2098-08;0.084\r\n'),
  });
  await expect(page.getByRole('status')).toHaveText('rates.csv: 2 new, 0 changed, 0 unchanged.');
  await expect(rates.getByRole('row', { name: /Aug 2098 NOK/ })).toContainText('CSV import');
});
