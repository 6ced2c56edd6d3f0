import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { newId } from '../apps/server/src/lib/ids';
import { expectNoSeriousViolations as expectAccessible } from './support/axe';
import { withDatabase } from './support/database';
import { expect, test, uniqueEmail } from './support/fixtures';
import { countMail, linkIn, waitForMail, waitForMailAbout } from './support/mail';
import { portalUrl } from './support/portal-journey';

/** The smallest PDF a viewer opens: one empty page. */
const letterPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * A submitted application in a country whose national association has an owner or admin user
 * who can sign in (the one the link is e-mailed to), written as the portal would.
 */
async function addApplicationNeedingEndorsement() {
  const aid = newId();
  const uid = newId();
  const email = uniqueEmail('endorsed-applicant', 'fc.example');
  const legalName = `Endorsable Cargo ${aid.slice(0, 6)} SA`;
  const number = `A-E2N${aid.slice(0, 6).toUpperCase()}`;
  await withDatabase(async ({ db }) => {
    const country = await db
      .selectFrom('countries as c')
      .innerJoin('members as m', 'm.mid', 'c.national_association_mid')
      .innerJoin('users as u', 'u.member_mid', 'm.mid')
      .select('c.iso2')
      .where('c.active', '=', true)
      .where('u.member_role', 'in', ['owner', 'admin'])
      .where('u.disabled', '=', false)
      .orderBy(sql`c.iso2 = 'FR'`, 'desc')
      .orderBy('c.iso2')
      .executeTakeFirstOrThrow();
    await db.insertInto('users').values({ uid, email, display_name: 'Eve Applicant' }).execute();
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
        company: JSON.stringify({ legalName, registrationNumber: 'RC 2019 B 01234' }),
        address: JSON.stringify({ line1: '5 quai du Port', city: 'Harbourville' }),
        contacts: JSON.stringify([{ role: 'primary', name: 'Eve Applicant', email }]),
        submitted_by_uid: uid,
        submitted_at: sql<Date>`now()`,
      })
      .execute();
  });
  return { aid, number, legalName, email };
}

async function sentTo(aid: string): Promise<string[]> {
  return withDatabase(async ({ db }) => {
    const link = await db
      .selectFrom('endorsement_links')
      .select('sent_to')
      .where('aid', '=', aid)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return link.sent_to;
  });
}

async function expectNoSidewaysScrolling(page: Page) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

const steps = (page: Page) => page.getByRole('group', { name: 'Review steps' });

test('the national association endorses by its e-mailed link on a phone, and a used link says what was answered', async ({
  operatorPage: page,
  browser,
}) => {
  test.slow();
  const application = await addApplicationNeedingEndorsement();
  await page.goto(`/applications/${application.aid}`);
  await expect(page.getByRole('heading', { name: application.legalName })).toBeVisible();
  await steps(page).getByRole('button', { name: 'Request endorsement' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Request endorsement' }).click();
  await expect(page.getByText('Waiting for the association’s answer')).toBeVisible();

  const contacts = await sentTo(application.aid);
  expect(contacts.length).toBeGreaterThan(0);
  const mail = await waitForMailAbout(contacts[0] ?? '', application.legalName);
  const link = /https?:\/\/\S+\/endorse\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(link?.startsWith(portalUrl)).toBe(true);

  // A signed-in user of the association finds the request on the portal's home too, leading to
  // the same page. Matched by its address: the person's own language may be any of the four.
  const desk = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
  });
  try {
    const member = await desk.newPage();
    const contact = contacts[0] ?? '';
    await member.goto(`${portalUrl}/`);
    const beforeSignIn = countMail(contact);
    await member.getByRole('textbox', { name: 'E-mail address' }).fill(contact);
    await member.getByRole('button', { name: 'Send me a link' }).click();
    await member.goto(linkIn(await waitForMail(contact, beforeSignIn)));
    const request = member.locator(`a[href="${new URL(link ?? '').pathname}"]`);
    await expect(request).toBeVisible();
    await expect(request).toContainText(application.legalName);
    await expectAccessible(member);
    await request.click();
    await expect(member.getByRole('heading', { level: 1 })).toContainText(application.legalName);
  } finally {
    await desk.close();
  }

  // The association, on a phone, without an account.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    locale: 'en-GB',
  });
  const association = await phone.newPage();
  await association.goto(link ?? '');
  await expect(
    association.getByRole('heading', {
      level: 1,
      name: `Endorsement request: ${application.legalName}`,
    }),
  ).toBeVisible();
  await expect(association.getByText(application.number, { exact: true })).toBeVisible();
  await expect(association.getByText('RC 2019 B 01234', { exact: true })).toBeVisible();
  await expectNoSidewaysScrolling(association);
  await expectAccessible(association);

  await association.getByLabel('Attach the letter (PDF)').setInputFiles({
    name: 'endorsement-letter.pdf',
    mimeType: 'application/pdf',
    buffer: letterPdf,
  });
  await expect(
    association
      .getByRole('status')
      .filter({ hasText: 'endorsement-letter.pdf is attached to the application.' }),
  ).toBeVisible();

  // Declining needs a reason: refused before sending, the field named and announced.
  await association.getByRole('radio', { name: 'We do not endorse this application' }).tap();
  await association.getByRole('button', { name: 'Send the answer' }).tap();
  await expect(association.getByRole('alert')).toHaveText(
    'Reason: say why the association does not endorse it.',
  );
  await expect(association.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  await expectAccessible(association);

  await association.getByRole('radio', { name: 'We endorse this application' }).tap();
  await association.getByRole('textbox', { name: 'Reason' }).fill('A member of ours since 2019.');
  await association.getByRole('button', { name: 'Send the answer' }).tap();
  await expect(association.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();
  await expect(
    association.getByText(
      new RegExp(`^This link was used already: application ${application.number} was endorsed on `),
    ),
  ).toBeVisible();
  await expectAccessible(association);

  // Opened again, the used link still says what was answered and when: never just "invalid".
  await association.reload();
  await expect(
    association.getByText(/^This link was used already: application .* was endorsed on /),
  ).toBeVisible();
  await expect(association.getByText('An endorsement letter was attached.')).toBeVisible();
  await expect(association.getByText('Reason given: A member of ours since 2019.')).toBeVisible();
  await phone.close();

  // Headquarters sees the answer, the letter among the documents, and the review can start.
  await page.reload();
  await expect(page.getByText('Answered by the association')).toBeVisible();
  await expect(page.getByText(/^Endorsed on .*, with a letter \(see Documents\)$/)).toBeVisible();
  await expect(steps(page).getByRole('button', { name: 'Start review' })).toBeVisible();
  expect(countMail(application.email)).toBe(0);
});

test('an unknown endorsement link says so without telling whether it ever existed', async ({
  page,
}) => {
  await page.goto(`${portalUrl}/endorse/${'x'.repeat(43)}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This endorsement link is not known. Check that the whole address from the e-mail is in the address bar, or ask the federation for a new link.',
  );
  await expectAccessible(page);
});
