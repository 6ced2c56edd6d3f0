import { yearAtHeadquarters } from './support/headquarters-day';
import { withDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mail';

const thisYear = yearAtHeadquarters();

/** A member and an issued invoice of two lines, of this test alone (parallel tests never see them). */
async function issuedInvoice(): Promise<{ iid: string; number: string }> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const mid = `e2ecnm${suffix}`.slice(0, 20);
  const iid = `e2ecni${suffix}`.slice(0, 20);
  const number = `E2E-CN-${suffix}`.slice(0, 24);
  await withDatabase(async ({ db }) => {
    await db
      .insertInto('members')
      .values({
        mid,
        number: `E2E-${suffix}`.slice(0, 20),
        category: 'individual',
        status: 'active',
        legal_name: `Credited Forwarding ${suffix.toUpperCase()} AG`,
        country_iso2: 'CH',
        email: `credit-${suffix}@example.org`,
      })
      .execute();
    await db
      .insertInto('invoices')
      .values({
        iid,
        number,
        member_mid: mid,
        kind: 'other',
        year: thisYear,
        currency: 'CHF',
        status: 'issued',
        issue_date: `${thisYear}-01-06`,
        due_date: `${thisYear}-02-05`,
        lines: JSON.stringify([
          {
            description: 'Training seminar seats',
            quantity: 2,
            unitAmountMinor: 20_000,
            vatRate: null,
            vatExemption: 'Outside the scope of Swiss VAT',
          },
          {
            description: 'Course material',
            quantity: 1,
            unitAmountMinor: 5_000,
            vatRate: null,
            vatExemption: 'Outside the scope of Swiss VAT',
          },
        ]),
        subtotal_minor: 45_000,
        total_minor: 45_000,
      })
      .execute();
  });
  return { iid, number };
}

test('a credit note is issued from the invoice screen: first a part, then the rest', async ({
  operatorPage: page,
}) => {
  const invoice = await issuedInvoice();
  await page.goto(`/invoices/${invoice.iid}`);
  const detail = page.getByRole('region', { name: `Invoice ${invoice.number}` });

  // Part of one line: the seminar's amount lowered, the material left out.
  await detail.getByRole('button', { name: 'Credit note…' }).click();
  let dialog = page.getByRole('dialog', { name: `Credit note on ${invoice.number}` });
  await dialog.getByRole('checkbox', { name: /Course material/ }).uncheck();
  await dialog.getByLabel('Amount to credit of Training seminar seats').fill('150.00');
  await expect(dialog.getByText(/Credits CHF\s150\.00 before VAT/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  // The reason is required: the dialog says so and stays open.
  await expect(dialog.getByRole('alert')).toContainText('Give the reason');
  await dialog.getByLabel('Reason').fill('One seat cancelled, partly refunded');
  // The invoice is read again after the credit note (a new version re-renders its actions).
  const reread = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/invoices/${invoice.iid}`) &&
      response.request().method() === 'GET',
  );
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(dialog).toBeHidden();
  await reread;
  await expect(detail.getByText('Issued', { exact: true }).first()).toBeVisible();

  // The rest: what is left of every line, and the invoice is credited.
  dialog = page.getByRole('dialog', { name: `Credit note on ${invoice.number}` });
  await expect(async () => {
    if (!(await dialog.isVisible())) {
      await detail.getByRole('button', { name: 'Credit note…' }).click();
    }
    await expect(dialog.getByText(/CHF\s150\.00 credited before/)).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(dialog.getByLabel('Amount to credit of Training seminar seats')).toHaveValue(
    '250.00',
  );
  await dialog.getByLabel('Reason').fill('Course cancelled');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByText('Credited', { exact: true }).first()).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Credit note…' })).toHaveCount(0);

  const notes = await withDatabase(({ db }) =>
    db
      .selectFrom('credit_notes')
      .select(['cnid', 'number', 'total_minor', 'reason'])
      .where('invoice_iid', '=', invoice.iid)
      .orderBy('number')
      .execute(),
  );
  expect(notes.map((note) => [note.total_minor, note.reason])).toEqual([
    ['15000', 'One seat cancelled, partly refunded'],
    ['30000', 'Course cancelled'],
  ]);
  expect(notes[0]?.number).toMatch(/^CN-\d{4}-\d{6}$/);
  const pdf = await page.request.get(`/api/credit-notes/${notes[0]?.cnid}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});

test('a credit note is sent again from its invoice to another address, with its PDF', async ({
  operatorPage: page,
}) => {
  const invoice = await issuedInvoice();
  const issued = await page.request.post(`/api/invoices/${invoice.iid}/credit-notes`, {
    data: { lines: [{ lineIndex: 1 }], reason: 'Course material not delivered' },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const { creditNote } = (await issued.json()) as { creditNote: { number: string } };
  const accountant = `accounts-${Date.now().toString(36)}@fiduciaire.example`;

  await page.goto(`/invoices/${invoice.iid}`);
  const detail = page.getByRole('region', { name: `Invoice ${invoice.number}` });
  await detail.getByRole('button', { name: `Send ${creditNote.number} again` }).click();
  const dialog = page.getByRole('dialog', { name: `Send credit note ${creditNote.number} again` });
  await expect(
    dialog.getByRole('radio', { name: /^The member’s address \(credit-/ }),
  ).toBeChecked();
  await dialog.getByRole('radio', { name: 'Another address' }).check();
  await dialog.getByLabel('E-mail address').fill(accountant);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    `Credit note ${creditNote.number} e-mailed to ${accountant} with its PDF.`,
  );
  const mail = await waitForMail(accountant, 0, 20_000);
  expect(mail.subject).toContain(creditNote.number);
  expect(mail.attachments).toEqual([
    expect.objectContaining({
      filename: `credit-note-${creditNote.number}.pdf`,
      contentType: 'application/pdf',
      head: '%PDF-',
    }),
  ]);
});
