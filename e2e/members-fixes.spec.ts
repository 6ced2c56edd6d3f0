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

/** Findings are listed in key or number order: names and numbers starting with A come first. */
const survivor = {
  mid: `fxs${tag}`,
  number: `A-FIX-${tag}-1`,
  name: `Aaa Fixes ${tag} Spedition GmbH`,
};
const duplicate = {
  mid: `fxd${tag}`,
  number: `A-FIX-${tag}-2`,
  name: `AAA fixes ${tag} spedition g.m.b.h.`,
};
const badEmail = { mid: `fxe${tag}`, number: `A-FIX-${tag}-3`, name: `Aaa Mailbox ${tag} AG` };
const invoiceId = `fxi${tag}`;

async function createProblems() {
  await withDatabase(async ({ db }) => {
    await db
      .insertInto('members')
      .values([
        {
          mid: survivor.mid,
          number: survivor.number,
          category: 'individual',
          status: 'active',
          legal_name: survivor.name,
          country_iso2: 'DE',
          email: `office-${tag.toLowerCase()}@example.org`,
        },
        {
          mid: duplicate.mid,
          number: duplicate.number,
          category: 'individual',
          status: 'active',
          legal_name: duplicate.name,
          country_iso2: 'DE',
          phone: '+49 40 555 0101',
        },
        {
          mid: badEmail.mid,
          number: badEmail.number,
          category: 'individual',
          status: 'active',
          legal_name: badEmail.name,
          country_iso2: 'CH',
          email: ` Info@Mailbox-${tag}.CH `,
        },
      ])
      .execute();
    await db
      .insertInto('invoices')
      .values({
        iid: invoiceId,
        number: `INV-FIX-${tag}`,
        member_mid: duplicate.mid,
        kind: 'membership',
        year: 2025,
        currency: 'CHF',
        status: 'paid',
        total_minor: 45_000,
        paid_amount_minor: 45_000,
        paid_at: new Date('2025-02-03T10:00:00Z'),
        paid_method: 'bank-transfer',
      })
      .execute();
  });
}

const panel = (page: Page, title: string) => page.getByRole('region', { name: title });
const result = (page: Page) => page.getByRole('status', { name: 'Repair result' });

test('duplicates are merged into the chosen survivor and a bad e-mail is repaired', async ({
  operatorPage: page,
}) => {
  await createProblems();
  await page.goto('/members/fixes');
  await expect(page.getByRole('heading', { name: 'Member fixes' })).toBeVisible();

  // The duplicate pair, with the proposed repair in words.
  const duplicates = panel(page, 'Duplicates by name and country');
  const pair = duplicates.getByRole('article', {
    name: new RegExp(`Duplicates .*${duplicate.number}`),
  });
  await expect(pair).toBeVisible();
  await expect(pair.getByText(/Proposed repair: Merge/)).toBeVisible();
  await pair.getByRole('button', { name: 'Merge…' }).click();

  // The dialog shows both records side by side; the person keeps the first one.
  const dialog = page.getByRole('dialog', { name: 'Merge duplicate members' });
  await expect(dialog.getByRole('cell', { name: survivor.name, exact: true })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: duplicate.name, exact: true })).toBeVisible();
  await dialog.getByRole('radio', { name: `Keep ${survivor.number}` }).check();
  await dialog
    .getByRole('button', { name: `Merge ${duplicate.number} into ${survivor.number}` })
    .click();
  await expect(dialog).toBeHidden();
  await expect(result(page)).toContainText(
    `${duplicate.number} was merged into ${survivor.number}`,
  );
  await expect(result(page)).toContainText('1 paid: only their member link moved');
  await expect(pair).toBeHidden();

  // The invalid e-mail: the tidied address is proposed and set in one click.
  const emails = panel(page, 'Members without a valid e-mail');
  const finding = emails.getByRole('article', { name: `${badEmail.number} ${badEmail.name}` });
  await expect(
    finding.getByText('It has spaces around it, it has capital letters.', { exact: false }),
  ).toBeVisible();
  const corrected = `info@mailbox-${tag.toLowerCase()}.ch`;
  await expect(
    finding.getByRole('textbox', { name: `Corrected e-mail of ${badEmail.number}` }),
  ).toHaveValue(corrected);
  await finding.getByRole('button', { name: 'Set e-mail' }).click();
  await expect(result(page)).toContainText(`is now ${corrected}`);
  await expect(finding).toBeHidden();

  // What the database now holds: the survivor has everything, the merged member is deleted.
  await withDatabase(async ({ db }) => {
    const members = await db
      .selectFrom('members')
      .select(['mid', 'email', 'phone', 'deleted_at'])
      .where('mid', 'in', [survivor.mid, duplicate.mid, badEmail.mid])
      .execute();
    const byMid = new Map(members.map((row) => [row.mid, row]));
    expect(byMid.get(survivor.mid)).toMatchObject({ deleted_at: null, phone: '+49 40 555 0101' });
    expect(byMid.get(duplicate.mid)?.deleted_at).not.toBeNull();
    expect(byMid.get(badEmail.mid)?.email).toBe(corrected);
    const invoice = await db
      .selectFrom('invoices')
      .select(['member_mid', 'status'])
      .where('iid', '=', invoiceId)
      .executeTakeFirstOrThrow();
    expect(invoice).toEqual({ member_mid: survivor.mid, status: 'paid' });
    const actions = await db
      .selectFrom('audit_log')
      .select(['record_id', 'action'])
      .where('record_id', 'in', [survivor.mid, duplicate.mid, badEmail.mid, invoiceId])
      .execute();
    expect(actions.map((row) => `${row.record_id}:${row.action}`).sort()).toEqual(
      [
        `${badEmail.mid}:fix:invalid-email`,
        `${duplicate.mid}:fix:duplicate-name`,
        `${invoiceId}:fix:duplicate-name`,
        `${survivor.mid}:fix:duplicate-name`,
      ].sort(),
    );
  });
});

test('a read-only operator sees the findings but no repair buttons', async ({ page }) => {
  const email = uniqueEmail('fixes-reader');
  addOperator(email, testPassword);
  const reader = { mid: `fxr${tag}`, number: `A-FIX-${tag}-4`, name: `Aaa Reader ${tag} AG` };
  await withDatabase(async ({ db }) => {
    await db
      .updateTable('operators')
      .set({ roles: ['read-only'] })
      .where('uid', '=', db.selectFrom('users').select('uid').where('email', '=', email))
      .execute();
    await db
      .insertInto('members')
      .values({
        mid: reader.mid,
        number: reader.number,
        category: 'individual',
        status: 'active',
        legal_name: reader.name,
        country_iso2: 'FR',
        email: 'no address here',
      })
      .execute();
  });
  await signInByApi(page, email);
  await page.goto('/members/fixes');
  await expect(page.getByText('repairing them needs the membership or admin role')).toBeVisible();
  const finding = panel(page, 'Members without a valid e-mail').getByRole('article', {
    name: `${reader.number} ${reader.name}`,
  });
  await expect(finding.getByText('Proposed repair: Clear the e-mail')).toBeVisible();
  await expect(finding.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Merge…' })).toHaveCount(0);
});
