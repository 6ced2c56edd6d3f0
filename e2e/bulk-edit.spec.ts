import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { withDatabase } from './support/database';
import { expect, test } from './support/fixtures';

/**
 * Bulk edit and undo (issue 19): "Edit field" on fifty members with its preview, the change,
 * its entries in the members' history, and Undo within its ten seconds; Undo after a bulk
 * status change too.
 */

type MemberRow = { mid: string; legalName: string; category: string; status: string };

const categoryLabels: Record<string, string> = {
  individual: 'Individual member',
  association: 'Association member',
  group: 'Group member',
  honorary: 'Honorary member',
};

/** Two overdue members made for one test, numbered after every demo member. */
async function overdueMembersOfOwn(): Promise<[MemberRow, MemberRow]> {
  const suffix =
    `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const rows = [1, 2].map((n) => ({
    mid: `e2ebulk${suffix}${n}`.slice(0, 20),
    number: `X-BULK-${suffix}-${n}`,
    category: 'individual' as const,
    status: 'overdue' as const,
    legal_name: `Bulk Undo Cargo ${suffix} ${n} Ltd`,
    country_iso2: 'CH',
  }));
  await withDatabase((database) => database.db.insertInto('members').values(rows).execute());
  const [one, two] = rows.map((row) => ({
    mid: row.mid,
    legalName: row.legal_name,
    category: row.category,
    status: row.status,
  }));
  if (!one || !two) throw new Error('two members were made');
  return [one, two];
}

async function categoriesOf(mids: string[]): Promise<Map<string, string>> {
  const rows = await withDatabase((database) =>
    database.db
      .selectFrom('members')
      .select(['mid', 'category'])
      .where('mid', 'in', mids)
      .execute(),
  );
  return new Map(rows.map((row) => [row.mid, row.category]));
}

const table = (page: Page) => page.getByRole('table', { name: 'Members' });
const selectionBar = (page: Page) => page.getByRole('region', { name: 'Selection' });
/** The row of a member, found by its name's link. */
const rowOf = (page: Page, name: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

/** WCAG 2.1 A and AA in the open dialog: no serious or critical violation. */
async function expectAccessibleDialog(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('dialog[open]')
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
  expect(serious, 'serious or critical WCAG violations in the dialog').toEqual([]);
}

test('fifty members get a new category at once, then Undo gives the old ones back', async ({
  operatorPage: page,
}) => {
  // The newest active members of two large countries: a view of well over fifty, whose first
  // page (the fifty rows on screen) keeps its rows whatever their category becomes. Active, as an
  // overdue member may not become honorary (the member edit's rule).
  const view = 'country=US,CN&status=active&sort=-number';
  // The rows on screen are the first page the screen itself was answered (other tests add
  // members while this one runs).
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/members' && !url.searchParams.has('cursor') && response.ok();
  });
  await page.goto(`/members?${view}`);
  const firstPage = ((await (await answered).json()) as { data: MemberRow[] }).data;
  expect(firstPage).toHaveLength(50);
  // A category none of them has, so that the preview says all fifty will change.
  const target = ['honorary', 'group', 'association'].find(
    (category) => !firstPage.some((member) => member.category === category),
  );
  if (!target) throw new Error('the first fifty members of the view hold every category');
  const targetLabel = categoryLabels[target] ?? target;
  const [first, second] = firstPage;
  if (!first || !second) throw new Error('the view is empty');

  await expect(rowOf(page, first.legalName)).toBeVisible();
  await table(page).getByRole('checkbox', { name: 'Select all loaded rows' }).click();
  await expect(selectionBar(page).getByText('50 selected', { exact: true })).toBeVisible();

  await selectionBar(page).getByRole('button', { name: 'Edit field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit field' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Field', { exact: true }).selectOption({ label: 'Category' });
  await dialog.getByLabel('New category').selectOption({ label: targetLabel });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('status')).toHaveText('50 members will change');
  const sample = dialog.getByRole('table', { name: 'Sample of the change' });
  const sampleRows = sample.getByRole('row').filter({ hasText: targetLabel });
  await expect(sampleRows).toHaveCount(5);
  const sampleFirst = sampleRows.first();
  await expect(sampleFirst).toContainText(categoryLabels[first.category] ?? first.category);
  await expectAccessibleDialog(page);

  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const outcome = page.getByRole('status').filter({ hasText: '50 members changed.' });
  await expect(outcome).toBeVisible();
  // The list follows the change: the members show their new category.
  await expect(rowOf(page, first.legalName)).toContainText(targetLabel);
  await expect(rowOf(page, second.legalName)).toContainText(targetLabel);
  const changed = await categoriesOf(firstPage.map((member) => member.mid));
  expect([...changed.values()].every((category) => category === target)).toBe(true);

  // Undo is offered with its seconds running down, and gives every member its old category.
  const undo = outcome.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await expect(outcome.getByText(/^\d{1,2} s$/)).toBeVisible();
  await undo.click();
  await expect(page.getByRole('status').filter({ hasText: '50 members restored.' })).toBeVisible();
  await expect(rowOf(page, first.legalName)).toContainText(
    categoryLabels[first.category] ?? first.category,
  );
  const restored = await categoriesOf(firstPage.map((member) => member.mid));
  for (const member of firstPage) expect(restored.get(member.mid)).toBe(member.category);

  // The member's history holds both: the bulk edit, and its undo (newest first).
  await rowOf(page, first.legalName).getByRole('link', { name: first.legalName }).click();
  await page.getByRole('tab', { name: 'History', exact: true }).click();
  const entries = page.getByRole('tabpanel').getByRole('listitem');
  await expect(entries.first()).toContainText('Undone by');
  await expect(entries.first().getByRole('row', { name: /Category/ })).toContainText(
    `${targetLabel}`,
  );
  await expect(entries.nth(1)).toContainText('Edited in bulk by');
  await expect(entries.nth(1).getByRole('row', { name: /Category/ })).toContainText(targetLabel);
});

test('a bulk status change offers Undo for ten seconds, then no more', async ({
  operatorPage: page,
}) => {
  // Two overdue members of this test's own, with no invoices: a demo member's status may be
  // changed meanwhile by another spec's dunning run (its suspension level), which Undo would
  // rightly skip. Their numbers sort after the demo's, so the view shows them first.
  const [one, two] = await overdueMembersOfOwn();
  await page.goto('/members?status=overdue&sort=-number');
  for (const member of [one, two]) {
    await table(page)
      .getByRole('checkbox', { name: `Select ${member.legalName}` })
      .click();
  }
  await expect(selectionBar(page).getByText('2 selected', { exact: true })).toBeVisible();
  await selectionBar(page).getByRole('button', { name: 'Suspend' }).click();
  const confirm = selectionBar(page).getByRole('alertdialog', { name: 'Suspend' });
  await confirm.getByLabel('Reason (kept in each member’s history)').fill('Bulk undo check');
  await confirm.getByRole('button', { name: 'Confirm' }).click();

  const outcome = page.getByRole('status').filter({ hasText: '2 members suspended.' });
  await expect(outcome.getByRole('button', { name: 'Undo' })).toBeVisible();
  // They leave the overdue view, and come back with the undo.
  await expect(rowOf(page, one.legalName)).toHaveCount(0);
  await outcome.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 members restored.' })).toBeVisible();
  await expect(rowOf(page, one.legalName)).toBeVisible();
  const statuses = await withDatabase((database) =>
    database.db
      .selectFrom('members')
      .select('status')
      .where('mid', 'in', [one.mid, two.mid])
      .execute(),
  );
  expect(statuses.map((row) => row.status)).toEqual(['overdue', 'overdue']);

  // Suspended again and left alone: the offer goes after its ten seconds.
  for (const member of [one, two]) {
    await table(page)
      .getByRole('checkbox', { name: `Select ${member.legalName}` })
      .click();
  }
  await selectionBar(page).getByRole('button', { name: 'Suspend' }).click();
  await confirm.getByLabel('Reason (kept in each member’s history)').fill('Bulk undo check');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const again = page.getByRole('status').filter({ hasText: '2 members suspended.' });
  await expect(again.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Undo' })).toHaveCount(0, { timeout: 12_000 });
  await expect(again).toBeVisible();
});

test('applications, selectable for Edit field alone, get a reviewer and lose it again with Undo', async ({
  operatorPage: page,
  operatorEmail,
}) => {
  // The last of the queue: the applications tests review its first ones.
  const response = await page.request.get('/api/applications?sort=-queue&limit=2');
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { aid: string; legalName: string }[] };
  const aids = data.map((application) => application.aid);
  expect(aids).toHaveLength(2);
  const reviewers = () =>
    withDatabase((database) =>
      database.db
        .selectFrom('applications')
        .select(['aid', 'reviewer_uid'])
        .where('aid', 'in', aids)
        .orderBy('aid')
        .execute(),
    );
  // Without a reviewer to start with: which applications are last in the queue depends on what
  // the other specs reviewed, and one may already have this operator as its reviewer.
  await withDatabase((database) =>
    database.db
      .updateTable('applications')
      .set({ reviewer_uid: null })
      .where('aid', 'in', aids)
      .execute(),
  );
  const before = await reviewers();

  await page.goto('/applications?sort=-queue');
  const applications = page.getByRole('table', { name: 'Applications' });
  for (const application of data) {
    await applications.getByRole('checkbox', { name: `Select ${application.legalName}` }).click();
  }
  await expect(selectionBar(page).getByText('2 selected', { exact: true })).toBeVisible();
  await selectionBar(page).getByRole('button', { name: 'Edit field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit field' });
  await dialog.getByLabel('Field', { exact: true }).selectOption({ label: 'Reviewer' });
  const reviewer = dialog.getByLabel('New reviewer');
  // The operator's option ("Name (e-mail)", or the e-mail alone) holds its uid.
  const uid = await reviewer.getByRole('option', { name: operatorEmail }).getAttribute('value');
  if (!uid) throw new Error(`${operatorEmail} is not offered as a reviewer`);
  await reviewer.selectOption(uid);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 applications will change');
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  const outcome = page.getByRole('status').filter({ hasText: '2 applications changed.' });
  await expect(outcome).toBeVisible();
  expect((await reviewers()).map((row) => row.reviewer_uid)).toEqual([uid, uid]);

  await outcome.getByRole('button', { name: 'Undo' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '2 applications restored.' }),
  ).toBeVisible();
  expect(await reviewers()).toEqual(before);
});
