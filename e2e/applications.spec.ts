import type { Locator, Page } from '@playwright/test';
import { sql } from 'kysely';
import { newId } from '../apps/server/src/lib/ids';
import { withDatabase } from './support/database';
import { expect, test, uniqueEmail } from './support/fixtures';
import { countMail, waitForMail } from './support/mail';

type ApplicationRow = { aid: string; number: string; legalName: string; status: string };
type ApplicationsPage = { data: ApplicationRow[] };

/** The smallest PDF a viewer opens: one empty page. */
const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * A fresh application of an applicant with an account, in a country without a national
 * association (headquarters reviews it alone), written the way the applicants' portal would.
 */
async function addApplication(status: 'submitted' | 'under-review') {
  const aid = newId();
  const uid = newId();
  const email = uniqueEmail('applicant', 'fc.example');
  const legalName = `Playwright Cargo ${aid.slice(0, 6)} Ltd`;
  const number = `A-E2E${aid.slice(0, 6).toUpperCase()}`;
  await withDatabase(async ({ db }) => {
    const country = await db
      .selectFrom('countries')
      .select('iso2')
      .where('national_association_mid', 'is', null)
      .where('active', '=', true)
      .orderBy('iso2')
      .executeTakeFirstOrThrow();
    await db.insertInto('users').values({ uid, email, display_name: 'Pat Applicant' }).execute();
    await db
      .insertInto('applications')
      .values({
        aid,
        number,
        category: 'individual',
        status,
        legal_name: legalName,
        country_iso2: country.iso2,
        company: JSON.stringify({ legalName, tradeName: 'PW Cargo', founded: 2001 }),
        address: JSON.stringify({ line1: '1 Quay Road', city: 'Harbour Town' }),
        contacts: JSON.stringify([{ role: 'primary', name: 'Pat Applicant', email }]),
        submitted_by_uid: uid,
        submitted_at: sql<Date>`now()`,
      })
      .execute();
  });
  return { aid, number, legalName, email };
}

const steps = (page: Page) => page.getByRole('group', { name: 'Review steps' });

/** Waits for Chromium's PDF viewer to run inside the preview frame (an error page has none). */
async function expectPdfViewerIn(page: Page, preview: Locator) {
  const previewFrame = await (await preview.elementHandle())?.contentFrame();
  await expect
    .poll(() =>
      page
        .frames()
        .some(
          (frame) =>
            frame.parentFrame() === previewFrame && frame.url().startsWith('chrome-extension://'),
        ),
    )
    .toBe(true);
}
const dialog = (page: Page) => page.getByRole('dialog');

test('the list puts the review queue first', async ({ operatorPage: page }) => {
  const response = await page.request.get('/api/applications?limit=50');
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as ApplicationsPage;
  const rank = (status: string) =>
    ['submitted', 'endorsed', 'under-review'].includes(status)
      ? 1
      : ['information-requested', 'awaiting-endorsement'].includes(status)
        ? 2
        : status === 'draft'
          ? 3
          : 4;
  const ranks = data.map((row) => rank(row.status));
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  expect(ranks[0]).toBe(1);

  await page.goto('/applications');
  const table = page.getByRole('table', { name: 'Applications' });
  await expect(table.getByRole('columnheader', { name: 'Queue', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const rows = table.getByRole('rowgroup').nth(1).getByRole('row');
  for (let i = 0; i < 3; i++) {
    await expect(rows.nth(i)).toContainText(data[i]?.number ?? '');
    await expect(rows.nth(i)).toContainText('Needs review');
  }
});

test('a submitted application is reviewed, gets a PDF with its preview, and is approved into a member', async ({
  operatorPage: page,
}) => {
  const application = await addApplication('submitted');
  await page.goto(`/applications/${application.aid}`);
  await expect(page.getByRole('heading', { name: application.legalName })).toBeVisible();

  await steps(page).getByRole('button', { name: 'Start review' }).click();
  await dialog(page).getByRole('button', { name: 'Start review' }).click();
  await expect(page.getByRole('status').getByText('is under review by you')).toBeVisible();

  await page.getByRole('tab', { name: /Documents/ }).click();
  await page.getByLabel('Document type').selectOption('registry-extract');
  await page
    .getByLabel('Choose a file')
    .setInputFiles({ name: 'register-extract.pdf', mimeType: 'application/pdf', buffer: tinyPdf });
  await expect(page.getByText('Uploaded register-extract.pdf as registry extract.')).toBeVisible();
  const preview = page.getByTitle('Preview of register-extract.pdf');
  await expect(preview).toBeVisible();
  const src = await preview.getAttribute('src');
  const file = await page.request.get(src ?? '');
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['content-disposition']).toContain('inline');
  // Served sandboxed, and Chromium's PDF viewer still opens it in the preview (a sandboxed
  // frame would show an error page instead).
  expect(file.headers()['content-security-policy']).toMatch(/^sandbox;/);
  await expectPdfViewerIn(page, preview);

  const mailsBefore = countMail(application.email);
  await steps(page).getByRole('button', { name: 'Approve' }).click();
  await expect(dialog(page)).toContainText('becomes a member (pending payment)');
  // What the first invoice will bill, by the federation's first-year rule (issue 32).
  const plan = dialog(page).getByTestId('first-invoice-plan');
  await expect(plan).toContainText(
    /^CHF\s[\d’',.]+ for (\d+ of 12 months of )?\d{4}, due \d{1,2} \w{3} \d{4}/,
  );
  await expect(plan).toContainText(/billed for (the rest of )?\d{4}/i);
  await expect(plan.getByRole('link', { name: 'Settings → Membership billing' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Approve' }).click();
  const memberLink = page.getByRole('link', { name: /^Open member M-\d+$/ });
  await expect(memberLink).toBeVisible();
  await expect(page.getByRole('link', { name: /^Open invoice \d{4}-\d+$/ })).toBeVisible();
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();
  const memberNumber = ((await memberLink.textContent()) ?? '').replace('Open member ', '');
  // The "approved" e-mail and the invoice itself with its PDF (it was never sent before); the
  // two leave in whichever order the delivery workers take them.
  const mails = [
    await waitForMail(application.email, mailsBefore),
    await waitForMail(application.email, mailsBefore + 1),
  ];
  expect(mails.map((mail) => mail.attachments.map((file) => file.head)).sort()).toEqual([
    [],
    ['%PDF-'],
  ]);

  await memberLink.click();
  await expect(page).toHaveURL(/\/members\/[A-Za-z0-9]{20}/);
  await expect(page.getByRole('heading', { name: application.legalName })).toBeVisible();
  await expect(page.getByText(memberNumber).first()).toBeVisible();

  await page.goto(`/members?q=${encodeURIComponent(application.legalName)}`);
  await expect(
    page.getByRole('table', { name: 'Members' }).getByRole('link', { name: application.legalName }),
  ).toBeVisible();
});

test('rejecting asks for a reason and tells the applicant', async ({ operatorPage: page }) => {
  const application = await addApplication('under-review');
  await page.goto(`/applications/${application.aid}`);
  await steps(page).getByRole('button', { name: 'Reject' }).click();
  await dialog(page).getByRole('button', { name: 'Reject' }).click();
  await expect(dialog(page).getByText('Enter the reason.')).toBeVisible();

  const reason = 'No proof of liability insurance was provided.';
  await dialog(page).getByLabel('Reason').fill(reason);
  await dialog(page).getByRole('button', { name: 'Reject' }).click();
  await expect(
    page.getByRole('status').getByText(`is rejected. The applicant (${application.email})`),
  ).toBeVisible();
  await expect(steps(page)).toHaveCount(0);

  const email = await withDatabase(({ db }) =>
    db
      .selectFrom('emails')
      .select(['to_addresses', 'text_body'])
      .where('related_id', '=', application.aid)
      .where('kind', '=', 'application-rejected')
      .executeTakeFirst(),
  );
  expect(email?.to_addresses).toEqual([application.email]);
  expect(email?.text_body).toContain(reason);
});

test('a demo application of a fresh start has its documents on file and its review history', async ({
  operatorPage: page,
}) => {
  // A demo application (numbered A-000001…, not one a test made) that went the whole way.
  const response = await page.request.get('/api/applications?status=approved&limit=50');
  const demo = ((await response.json()) as ApplicationsPage).data.find((row) =>
    /^A-\d{6}$/.test(row.number),
  );
  expect(demo, 'an approved demo application').toBeDefined();
  const { aid, legalName } = demo as ApplicationRow;
  await page.goto(`/applications/${aid}`);
  await expect(page.getByRole('heading', { name: legalName })).toBeVisible();

  const documentsTab = page.getByRole('tab', { name: /^Documents/ });
  await expect(documentsTab).not.toContainText('on file'); // every one of them is stored
  await documentsTab.click();
  await page.getByRole('button', { name: 'Preview application-form.pdf' }).click();
  const preview = page.getByTitle('Preview of application-form.pdf');
  await expect(preview).toBeVisible();
  const file = await page.request.get((await preview.getAttribute('src')) ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  await expectPdfViewerIn(page, preview);

  await page.getByRole('tab', { name: 'History' }).click();
  const changes = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
  await expect(changes.first()).toContainText('Approve by ');
  await expect(changes.first().getByRole('row', { name: /Status/ })).toContainText('Approved');
  await expect(changes.last()).toContainText('Created by ');
  const actions = (await changes.allTextContents()).map((text) => text.split(' by ')[0]);
  expect(actions.slice(-2)).toEqual(['Submit', 'Created']);
  expect(actions).toContain('Start review');
});
