import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

type MemberRow = { mid: string; number: string; legalName: string };

/**
 * Two neighbouring active members at the start of the list by number (so both rows show beside
 * the record): the member-detail tests rename members from its end, and imports add theirs there.
 */
async function twoMembers(page: Page): Promise<[MemberRow, MemberRow]> {
  const response = await page.request.get(
    '/api/members?status=active&category=individual&sort=number&limit=10',
  );
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: MemberRow[] };
  const [first, second] = [data[3], data[4]];
  if (!first || !second) throw new Error('The demo data has too few active members');
  return [first, second];
}

test('leaving a member with unsaved edits asks first: Stay keeps the edit, Discard leaves', async ({
  operatorPage: page,
}) => {
  const [member, other] = await twoMembers(page);
  const list = `status=active&category=individual&sort=number`;
  await page.goto(`/members/${member.mid}?${list}&tab=edit`);
  const legalName = page.getByRole('textbox', { name: 'Legal name' });
  await expect(legalName).toHaveValue(member.legalName);
  await legalName.fill(`${member.legalName} (edited)`);

  // Another member from the list beside the record.
  const otherLink = page.getByRole('link', { name: other.legalName, exact: true });
  await otherLink.click();
  const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/members/${member.mid}\\?`));
  await expect(legalName).toHaveValue(`${member.legalName} (edited)`);

  // Another tab of the same record asks too.
  await page.getByRole('tab', { name: 'History', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/[?&]tab=edit/);

  await otherLink.click();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${other.mid}\\?`));
  await expect(page.getByRole('heading', { name: other.legalName, exact: true })).toBeVisible();

  // Nothing was saved, and a clean form leaves without asking.
  const saved = await page.request.get(`/api/members/${member.mid}`);
  expect(((await saved.json()) as MemberRow).legalName).toBe(member.legalName);
  await page.getByRole('link', { name: member.legalName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${member.mid}\\?`));
  await expect(dialog).toBeHidden();
});

test('the invoices are filtered by a member chosen by typing part of its name', async ({
  operatorPage: page,
}) => {
  const response = await page.request.get('/api/invoices?sort=-number&limit=50');
  const { data } = (await response.json()) as {
    data: { memberMid: string | null; memberName: string | null }[];
  };
  const invoice = data.find((row) => row.memberMid && (row.memberName ?? '').length >= 8);
  if (!invoice?.memberMid || !invoice.memberName) throw new Error('No invoice with a member');
  const name = invoice.memberName;
  const memberResponse = await page.request.get(`/api/members/${invoice.memberMid}`);
  const member = (await memberResponse.json()) as MemberRow;

  await page.goto('/invoices');
  await page.getByRole('button', { name: 'Member', exact: true }).click();
  const picker = page.getByRole('combobox', { name: 'Member' });
  await expect(picker).toBeFocused();
  // Part of the name, as a person remembers it: never the member's id.
  await picker.fill(name.slice(0, Math.max(6, name.length - 4)));
  const option = page.getByRole('option', { name: new RegExp(member.number) });
  await expect(option).toBeVisible();
  await expect(option).toContainText(name);
  await option.click();

  await expect(page).toHaveURL(new RegExp(`[?&]member=${invoice.memberMid}`));
  // The chip names the member, not its id.
  const chip = page.getByRole('button', { name: /^Member:/ });
  await expect(chip).toContainText(`Member: ${name} (${member.number})`);
  await expect(chip).not.toContainText(invoice.memberMid);
  const rows = page.getByRole('row').filter({ has: page.getByRole('link') });
  // Once the filtered view has loaded (the previous rows stay while it loads), every row is
  // that member's.
  await expect(rows.first()).toContainText(name);
  await expect(async () => {
    for (const text of await rows.allInnerTexts()) expect(text).toContain(name);
  }).toPass();
});
