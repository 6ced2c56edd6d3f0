import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

type MemberRow = { mid: string; number: string; legalName: string };

/** An active member the other specs leave alone (they take theirs from the number's ends). */
async function someMember(page: Page): Promise<MemberRow> {
  const response = await page.request.get('/api/members?status=active&sort=-legalName&limit=20');
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: MemberRow[] };
  const member = data[7];
  if (!member) throw new Error('The demo data has fewer than 8 active members');
  return member;
}

const entries = (page: Page) => page.getByRole('table', { name: 'Entries' });

test('a change shows in the activity log with who, the fields before → after, and filters by operator', async ({
  operatorPage: page,
  operatorEmail,
}) => {
  const member = await someMember(page);
  const renamed = `${member.legalName} Activity`;
  await page.goto(`/members/${member.mid}?tab=edit`);
  await page.getByRole('textbox', { name: 'Legal name' }).fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Activity', exact: true })
    .click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByRole('heading', { name: 'Activity', exact: true })).toBeVisible();
  const row = entries(page)
    .getByRole('row')
    .filter({ hasText: `Legal name: ${member.legalName} → ${renamed}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(operatorEmail);
  await expect(row).toContainText('Member');
  await expect(row).toContainText('Edited');

  // Who: this worker's operator only.
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Who', exact: true }).click();
  await page.getByRole('group', { name: 'Who filter' }).getByLabel(operatorEmail).click();
  await expect(page).toHaveURL((url) => url.searchParams.has('operator'));
  await page.keyboard.press('Escape');
  await expect(filters.getByRole('button', { name: `Who: ${operatorEmail}` })).toBeVisible();
  await expect(entries(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(row).toBeVisible();
  const whoCells = await entries(page)
    .getByRole('rowgroup')
    .nth(1)
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((element) => element.querySelectorAll('[role="cell"]')[1]?.textContent),
    );
  expect(new Set(whoCells)).toEqual(new Set([operatorEmail]));

  // The export carries the same view.
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  const href = await exportLink.getAttribute('href');
  expect(href).toMatch(/^\/api\/activity\/export\?operator=/);
  const csv = await page.request.get(href ?? '');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`legal_name: ${member.legalName} → ${renamed}`);

  // The record opens on its History tab.
  await row.getByRole('link', { name: `${member.number} ${renamed}` }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${member.mid}\\?tab=history$`));
  await expect(page.getByRole('tab', { name: 'History', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
