import type { Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { expect, test } from './support/fixtures';

type MemberRow = { mid: string; number: string; legalName: string; status: string };

/**
 * Active individual members from the end of the list (the list's own tests use its start), one
 * per test so that tests running in parallel never edit the same member.
 */
async function activeMember(page: Page, index: number): Promise<MemberRow> {
  const response = await page.request.get(
    '/api/members?status=active&category=individual&sort=-number&limit=20',
  );
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: MemberRow[] };
  const member = data[index];
  if (!member) throw new Error(`The demo data has fewer than ${index + 1} active members`);
  return member;
}

const detail = (page: Page) => page.getByRole('tabpanel');
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

async function openMember(page: Page, mid: string, query = '') {
  await page.goto(`/members/${mid}${query}`);
  await expect(tab(page, 'Overview')).toBeVisible();
}

test('a member opens from the list; its number is copied with a 1.5 s confirmation', async ({
  operatorPage: page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const member = await activeMember(page, 0);
  await page.goto(`/members?q=${encodeURIComponent(member.number)}`);
  await page.getByRole('link', { name: member.legalName, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/members/${member.mid}`));
  await expect(page.getByRole('heading', { name: member.legalName, exact: true })).toBeVisible();
  const overview = detail(page);
  await expect(overview.getByRole('heading', { name: 'Identity' })).toBeVisible();
  await expect(overview.getByText(member.number, { exact: true })).toBeVisible();

  const copy = overview.getByRole('button', { name: 'Copy membership number' });
  await expect(copy).toHaveText('Copy');
  await copy.click();
  await expect(copy).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(member.number);
  // Spec §9: the confirmation lasts 1,500 ms, then the button reads 'Copy' again.
  await page.waitForTimeout(1_000);
  await expect(copy).toHaveText('Copied');
  await expect(copy).toHaveText('Copy', { timeout: 1_500 });
});

test('an edit is saved, shows in the list and in the history; bad input is shown under the field', async ({
  operatorPage: page,
}) => {
  const member = await activeMember(page, 1);
  await page.goto(`/members/${member.mid}?q=${encodeURIComponent(member.number)}`);
  await tab(page, 'Edit').click();
  await expect(page).toHaveURL(/[?&]tab=edit/);

  const legalName = page.getByRole('textbox', { name: 'Legal name' });
  const website = page.getByRole('textbox', { name: 'Website' });
  await legalName.fill('');
  await website.fill('www.example');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(legalName).toHaveAttribute('aria-invalid', 'true');
  await expect(legalName).toHaveAccessibleDescription('Enter the legal name');
  await expect(
    page.getByText('Enter a web address starting with https:// or http://'),
  ).toBeVisible();
  await expect(legalName).toBeFocused();

  const renamed = `${member.legalName} Renamed`;
  await legalName.fill(renamed);
  await website.fill('https://www.renamed-forwarding.example');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(legalName).not.toHaveAttribute('aria-invalid', 'true');

  // The list beside the detail shows the new name.
  await expect(page.getByRole('link', { name: renamed, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: renamed, exact: true })).toBeVisible();

  await tab(page, 'History').click();
  const latest = detail(page).getByRole('listitem').first();
  await expect(latest).toContainText('Edited by');
  const nameChange = latest.getByRole('row', { name: /Legal name/ });
  await expect(nameChange).toContainText(member.legalName);
  await expect(nameChange).toContainText(renamed);
  await expect(latest.getByRole('row', { name: /Website/ })).toContainText(
    'https://www.renamed-forwarding.example',
  );
});

test('the preferred language is changed in the edit form and shows on the overview (issue 17)', async ({
  operatorPage: page,
}) => {
  const member = await activeMember(page, 4);
  await openMember(page, member.mid, '?tab=edit');
  const language = page.getByRole('combobox', { name: 'Preferred language' });
  await expect(language).toBeVisible();
  const current = await language.inputValue();
  const next = current === 'es' ? 'fr' : 'es';
  const nextLabel = next === 'es' ? 'Spanish' : 'French';
  await language.selectOption(next);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  await tab(page, 'Overview').click();
  const value = detail(page)
    .locator('dt', { hasText: /^Preferred language$/ })
    .locator('xpath=following-sibling::dd[1]');
  await expect(value).toHaveText(nextLabel);

  await tab(page, 'History').click();
  const latest = detail(page).getByRole('listitem').first();
  await expect(latest.getByRole('row', { name: /Preferred language/ })).toContainText(nextLabel);
});

test('saving over a change made meanwhile is refused and the person is told', async ({
  operatorPage: page,
}) => {
  const member = await activeMember(page, 2);
  await openMember(page, member.mid, '?tab=edit');
  const city = page.getByRole('textbox', { name: 'City' });
  await city.fill('Lucerne');

  // Another operator changes the member behind this browser's back.
  await withDatabase((database) =>
    database.db
      .updateTable('members')
      .set((eb) => ({
        city: 'Geneva',
        version: eb('version', '+', 1),
        updated_at: new Date(),
        updated_by: 'another-operator',
      }))
      .where('mid', '=', member.mid)
      .execute(),
  );
  // The change stream tells the open form that the record changed underneath.
  await expect(
    page.getByText('Someone else changed this member while you were editing'),
  ).toBeVisible({ timeout: 3_000 });

  await page.getByRole('button', { name: 'Save changes' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Not saved' });
  await expect(conflict).toContainText(
    /was changed by another-operator at .* since you opened it\. Reload to see the change\./,
  );
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(city).toHaveValue('Geneva');
  await expect(conflict).toBeHidden();
  await withDatabase(async (database) => {
    const row = await database.db
      .selectFrom('members')
      .select('city')
      .where('mid', '=', member.mid)
      .executeTakeFirstOrThrow();
    expect(row.city).toBe('Geneva');
  });
});

test('a status change asks for a reason and lands in the history', async ({
  operatorPage: page,
}) => {
  const member = await activeMember(page, 3);
  await openMember(page, member.mid);
  await expect(page.getByRole('button', { name: 'Suspend' })).toHaveCount(0); // not from active

  await page.getByRole('button', { name: 'Record resignation' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Change to resigned' }).click();
  await expect(dialog.getByText('Enter the reason.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The company closed its doors');
  await dialog.getByRole('button', { name: 'Change to resigned' }).click();
  await expect(dialog).toBeHidden();

  await expect(detail(page).getByText('The company closed its doors')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record resignation' })).toHaveCount(0);
  await tab(page, 'History').click();
  const latest = detail(page).getByRole('listitem').first();
  await expect(latest).toContainText('Status changed');
  await expect(latest).toContainText('Reason: The company closed its doors');
  await expect(latest.getByRole('row', { name: /Status/ }).first()).toContainText('Resigned');
});

test('a member is deleted with a reason, shown as deleted, and restored', async ({
  operatorPage: page,
}) => {
  const mid = `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await withDatabase((database) =>
    database.db
      .insertInto('members')
      .values({
        mid,
        number: `E2E-${mid.slice(4, 14)}`,
        category: 'individual',
        status: 'active',
        legal_name: `Deletable Forwarding ${mid.slice(4)}`,
        country_iso2: 'CH',
      })
      .execute(),
  );
  await openMember(page, mid);

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: /^Delete Deletable Forwarding/ });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Entered twice by mistake');
  await dialog.getByRole('button', { name: 'Delete member' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('This member is deleted')).toBeVisible();
  await expect(tab(page, 'Edit')).toHaveCount(0);

  await page.getByRole('button', { name: 'Restore' }).click();
  const restore = page.getByRole('dialog', { name: /^Restore / });
  await restore.getByRole('button', { name: 'Restore member' }).click();
  await expect(restore).toBeHidden();
  await expect(page.getByText('This member is deleted')).toBeHidden();
  await expect(tab(page, 'Edit')).toBeVisible();

  await tab(page, 'History').click();
  const entries = detail(page).getByRole('listitem');
  await expect(entries.nth(0)).toContainText('Restored');
  await expect(entries.nth(1)).toContainText('Deleted');
  await expect(entries.nth(1)).toContainText('Reason: Entered twice by mistake');
});
