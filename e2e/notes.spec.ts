import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInByApi, test, testPassword, uniqueEmail } from './support/fixtures';
import { ops } from './support/ops';

type MemberRow = { mid: string; number: string; legalName: string };

/** An active member the other specs leave alone (they take theirs from the list's ends). */
async function someMember(page: Page): Promise<MemberRow> {
  const response = await page.request.get('/api/members?status=active&sort=legalName&limit=20');
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: MemberRow[] };
  const member = data[11];
  if (!member) throw new Error('The demo data has fewer than 12 active members');
  return member;
}

/** An operator with a name, roles and a password, made through the CLI as a person would. */
function addNamedOperator(name: string, roles: string): string {
  const email = uniqueEmail(name.split(' ')[0]?.toLowerCase() ?? 'operator');
  ops('operators', 'add', email, '--roles', roles, '--name', name, '--password', testPassword);
  return email;
}

/** A day a week from now, as the date field takes it. */
function inAWeek(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

test('a note mentions an operator and gives them a follow-up, which they see on their home and close', async ({
  page,
  browser,
}) => {
  // Two operators made through the CLI, two browsers and a dozen screens: a long walk.
  test.setTimeout(120_000);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const authorName = `Ada ${suffix}`;
  const assigneeName = `Bruno ${suffix}`;
  const authorEmail = addNamedOperator(authorName, 'admin');
  const assigneeEmail = addNamedOperator(assigneeName, 'membership');
  await signInByApi(page, authorEmail);
  const member = await someMember(page);
  const firstLine = `Please check the VAT number ${suffix} with`;

  // A writes the note on the member's Notes tab, picking B with "@".
  await page.goto(`/members/${member.mid}?tab=notes`);
  await expect(page.getByRole('tab', { name: 'Notes', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const text = page.getByRole('textbox', { name: 'New note' });
  await text.pressSequentially(`${firstLine} @Bru`);
  const picker = page.getByRole('listbox', { name: 'Operators to mention' });
  await expect(picker).toBeVisible();
  await text.pressSequentially(`no ${suffix}`);
  const option = picker.getByRole('option', { name: new RegExp(assigneeName) });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await text.press('Enter');
  await expect(picker).toBeHidden();
  await text.pressSequentially('today, see https://example.org/vat');
  await text.press('Enter');
  await text.pressSequentially('Second line.');
  await expect(text).toHaveValue(
    `${firstLine} @${assigneeName} today, see https://example.org/vat\nSecond line.`,
  );
  // Escape closes the picker and leaves the text as typed.
  await text.pressSequentially(' @');
  await expect(picker).toBeVisible();
  await text.press('Escape');
  await expect(picker).toBeHidden();
  await text.press('Backspace');
  await text.press('Backspace');

  await page.getByRole('checkbox', { name: 'Add a follow-up' }).check();
  await page.getByLabel('Due date').fill(inAWeek());
  await page.getByRole('combobox', { name: 'Assignee' }).selectOption({ label: assigneeName });
  await page.getByRole('button', { name: 'Add note' }).click();

  const note = page.getByRole('article').filter({ hasText: firstLine });
  await expect(note).toBeVisible();
  await expect(text).toHaveValue('');
  await expect(note.locator('mark')).toHaveText(`@${assigneeName}`);
  await expect(note.getByRole('link', { name: 'https://example.org/vat' })).toHaveAttribute(
    'href',
    'https://example.org/vat',
  );
  await expect(note).toContainText(`Assigned to ${assigneeName}`);
  const noteElementId = await note.getAttribute('id');
  expect(noteElementId).toMatch(/^note-/);
  await expectNoAxeViolations(page);

  // B, in a browser of their own: the mention and the follow-up are on the home screen.
  const other = await browser.newContext();
  try {
    const assigneePage = await other.newPage();
    await signInByApi(assigneePage, assigneeEmail);
    await assigneePage.goto('/');
    const mentions = assigneePage.getByRole('region', { name: 'Mentions', exact: true });
    await expect(mentions).toContainText('1 unread');
    await expect(mentions).toContainText(firstLine);
    const followUps = assigneePage.getByRole('region', { name: 'My follow-ups', exact: true });
    const followUp = followUps.getByRole('listitem').filter({ hasText: firstLine });
    await expect(followUp).toBeVisible();
    await expectNoAxeViolations(assigneePage);

    // The follow-up leads to the note on the member's Notes tab.
    await followUp.getByRole('link').click();
    await expect(assigneePage).toHaveURL(
      new RegExp(`/members/${member.mid}\\?tab=notes#${noteElementId}$`),
    );
    const target = assigneePage.locator(`#${noteElementId}`);
    await expect(target).toBeFocused();
    await expect(target).toContainText(firstLine);
    await target.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(target).toContainText('Follow-up done');
    await expect(target.getByRole('button', { name: 'Reopen', exact: true })).toBeVisible();

    await assigneePage.goto('/');
    await expect(followUps.getByRole('listitem').filter({ hasText: firstLine })).toHaveCount(0);
    await mentions.getByRole('button', { name: 'Mark all read' }).click();
    await expect(mentions).not.toContainText('unread');
  } finally {
    await other.close();
  }

  // A edits the note within the 15 minutes.
  await note.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = note.getByRole('textbox', { name: 'Note', exact: true });
  await expect(edit).toBeFocused();
  await edit.press('Control+End');
  await edit.pressSequentially(' Thanks.');
  await note.getByRole('button', { name: 'Save note' }).click();
  await expect(note).toContainText('Second line. Thanks.');
  await expect(note).toContainText('(edited)');
  await expect(note.locator('mark')).toHaveText(`@${assigneeName}`);

  // The note is in the Activity log.
  await page.goto('/activity?recordType=notes');
  await expect(
    page
      .getByRole('table', { name: 'Entries' })
      .getByRole('row')
      // Who: the author, by name or e-mail.
      .filter({ hasText: new RegExp(`${authorName}|${authorEmail}`) }),
  ).not.toHaveCount(0);
});

test('a read-only operator sees the notes but cannot write one', async ({ page }) => {
  test.slow(); // the CLI makes the operator first
  const email = addNamedOperator(`Reader ${Date.now().toString(36)}`, 'read-only');
  await signInByApi(page, email);
  const member = await someMember(page);
  await page.goto(`/members/${member.mid}?tab=notes`);
  await expect(page.getByRole('tabpanel')).toContainText(/\d+ notes?|No notes yet/);
  await expect(page.getByRole('textbox', { name: 'New note' })).toHaveCount(0);
});
