import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { newId } from '../apps/server/src/lib/ids';
import { expectNoSeriousViolations as expectAccessible } from './support/axe';
import { withDatabase } from './support/database';
import { expect, test, uniqueEmail } from './support/fixtures';
import { countMail, linkIn, waitForMail } from './support/mail';
import { portalUrl } from './support/portal-journey';

/**
 * Issue 34, "staff ask, the applicant answers": the operator's request for information reaches
 * the applicant by e-mail with the portal's page of the application; the applicant, on a phone,
 * signs in there and answers; the console shows the answer, the operator approves, and the
 * portal shows the membership number. axe at each of the applicant's steps.
 */

/** A submitted online application by a user, in a country without a national association. */
async function addOnlineApplication() {
  const aid = newId();
  const uid = newId();
  const email = uniqueEmail('answering-applicant', 'fc.example');
  const legalName = `Answering Freight ${aid.slice(0, 6)} AG`;
  const number = `A-E2A${aid.slice(0, 6).toUpperCase()}`;
  await withDatabase(async ({ db }) => {
    const country = await db
      .selectFrom('countries')
      .select('iso2')
      .where('national_association_mid', 'is', null)
      .where('active', '=', true)
      .orderBy('iso2')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({ uid, email, display_name: 'Andrea Applicant', preferred_language: 'en' })
      .execute();
    await db
      .insertInto('applications')
      .values({
        aid,
        number,
        category: 'individual',
        status: 'submitted',
        source: 'online',
        legal_name: legalName,
        country_iso2: country.iso2,
        company: JSON.stringify({ legalName, registrationNumber: 'CHE-101.202.303' }),
        address: JSON.stringify({ line1: 'Hafenstrasse 9', city: 'Harbourtown' }),
        contacts: JSON.stringify([{ role: 'primary', name: 'Andrea Applicant', email }]),
        submitted_by_uid: uid,
        submitted_at: sql<Date>`now()`,
      })
      .execute();
  });
  return { aid, number, legalName, email };
}

const steps = (page: Page) => page.getByRole('group', { name: 'Review steps' });
const dialog = (page: Page) => page.getByRole('dialog');

async function expectNoSidewaysScrolling(page: Page) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

test('staff request information, the applicant answers in the portal on a phone, and the approval shows the membership number there', async ({
  operatorPage: page,
  browser,
}) => {
  test.slow();
  const application = await addOnlineApplication();
  await page.goto(`/applications/${application.aid}`);
  await expect(page.getByRole('heading', { name: application.legalName })).toBeVisible();
  await steps(page).getByRole('button', { name: 'Start review' }).click();
  await dialog(page).getByRole('button', { name: 'Start review' }).click();
  await expect(page.getByRole('status').getByText('is under review by you')).toBeVisible();

  const question = 'Please send the extract of the commercial register, not older than 3 months.';
  const before = countMail(application.email);
  await steps(page).getByRole('button', { name: 'Request information' }).click();
  await dialog(page).getByRole('textbox', { name: 'Message' }).fill(question);
  await dialog(page).getByRole('button', { name: 'Request information' }).click();
  await expect(page.getByText('Information requested', { exact: true }).first()).toBeVisible();

  // The e-mail quotes the question and names the application's page in the portal.
  const mail = await waitForMail(application.email, before);
  expect(mail.text).toContain(question);
  const answerUrl = `${portalUrl}/applications/${application.aid}`;
  expect(mail.text).toContain(answerUrl);

  // The applicant, on a phone, opens it: signs in there and lands on the application.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    locale: 'en-GB',
  });
  const applicant = await phone.newPage();
  try {
    await applicant.goto(answerUrl);
    await expect(applicant.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const beforeLink = countMail(application.email);
    await applicant.getByRole('textbox', { name: 'E-mail address' }).fill(application.email);
    await applicant.getByRole('button', { name: 'Send me a link' }).tap();
    await applicant.goto(linkIn(await waitForMail(application.email, beforeLink)));
    await expect(
      applicant.getByText(`Signed in as ${application.email}`, { exact: true }),
    ).toBeVisible();
    await expect(applicant.getByText(question)).toBeVisible();
    await expectNoSidewaysScrolling(applicant);
    await expectAccessible(applicant);

    // An empty answer is refused before sending, the field named and announced.
    const answerBox = applicant.getByRole('textbox', { name: 'Your answer' });
    await applicant.getByRole('button', { name: 'Send', exact: true }).tap();
    await expect(applicant.getByRole('alert')).toHaveText(
      'Your answer: write what headquarters asked for before you send it.',
    );
    await expect(answerBox).toBeFocused();
    await expectAccessible(applicant);

    const answer = 'The extract is on its way by post; our registry number is CHE-101.202.303.';
    await answerBox.fill(answer);
    await applicant.getByRole('button', { name: 'Send', exact: true }).tap();
    await expect(
      applicant
        .getByRole('status')
        .filter({ hasText: 'Your answer is sent. Headquarters reviews your application again.' }),
    ).toBeVisible();
    await expect(
      applicant.getByRole('heading', { name: 'Your answer to headquarters' }),
    ).toBeVisible();
    await expect(applicant.getByText(answer)).toBeVisible();
    await expect(answerBox).toHaveCount(0);
    await expectAccessible(applicant);

    // The console shows the answer without a reload, and the review goes on to approval.
    await expect(page.getByText(answer)).toBeVisible();
    await expect(page.getByText(/^Sent from the member portal on /)).toBeVisible();
    await steps(page).getByRole('button', { name: 'Approve' }).click();
    await dialog(page).getByRole('button', { name: 'Approve' }).click();
    const memberLink = page.getByRole('link', { name: /^Open member M-\d+$/ });
    await expect(memberLink).toBeVisible();
    const memberNumber = ((await memberLink.textContent()) ?? '').replace('Open member ', '');

    // The applicant sees the outcome with the membership number.
    await applicant.reload();
    await expect(
      applicant.getByText(`Your membership number: ${memberNumber}`, { exact: true }),
    ).toBeVisible();
    await expect(applicant.getByText(/^Your first invoice: \d{4}-\d+$/)).toBeVisible();
    await expectNoSidewaysScrolling(applicant);
    await expectAccessible(applicant);
  } finally {
    await phone.close();
  }
});
