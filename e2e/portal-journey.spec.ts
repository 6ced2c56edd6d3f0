import type { Browser, Page } from '@playwright/test';
import { sql } from 'kysely';
import { expectNoSeriousViolations as expectAccessible } from './support/axe';
import { withDatabase } from './support/database';
import { expect, test, uniqueEmail } from './support/fixtures';
import { countMail, linkIn, waitForMail, waitForMailAbout } from './support/mail';
import { portalUrl } from './support/portal-journey';

/**
 * Issue 34's whole journey in one test, as the issue tells it: a company applies in French on a
 * phone and uploads two PDFs, leaves, resumes from the e-mailed link on a desktop and submits;
 * its national association endorses through its e-mailed link; an operator requests information
 * in the console; the applicant answers in the portal; the operator approves; the applicant sees
 * the membership number. axe at every step of the outside world's people. Each leg's refusals and
 * details are in portal.spec.ts, portal-documents.spec.ts, portal-endorsement.spec.ts and
 * portal-answer.spec.ts; this test proves that the legs meet.
 */

/** A PDF by its first bytes, of about `size` bytes. */
function pdf(size: number): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(size, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]);
}

/** A country whose national association has an owner or admin user to e-mail (France first). */
async function countryWithAssociation(): Promise<string> {
  return withDatabase(async ({ db }) => {
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
    return country.iso2;
  });
}

/** Whom the application's endorsement link was e-mailed to. */
async function endorsementSentTo(aid: string): Promise<string[]> {
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

async function phoneContext(browser: Browser, locale: string) {
  return browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, locale });
}

const steps = (page: Page) => page.getByRole('group', { name: 'Review steps' });
const dialog = (page: Page) => page.getByRole('dialog');

test('a company applies in French on a phone, finishes on a desktop, is endorsed, answers headquarters and becomes a member', async ({
  operatorPage: staff,
  browser,
}) => {
  test.slow();
  const email = uniqueEmail('journey', 'transit.example');
  const legalName = `Transit Journée ${Date.now().toString(36)} SAS`;
  const countryIso2 = await countryWithAssociation();

  // 1. On a phone, in French: the address verified by link, then the form a step at a time.
  const phone = await phoneContext(browser, 'fr-FR');
  let aid: string;
  try {
    const applicant = await phone.newPage();
    await applicant.goto(`${portalUrl}/apply`);
    await expect(
      applicant.getByRole('heading', { level: 1, name: 'Demander l’adhésion' }),
    ).toBeVisible();
    await expectAccessible(applicant);
    const beforeSignIn = countMail(email);
    await applicant.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
    await applicant.getByRole('button', { name: 'Envoyez-moi un lien' }).tap();
    await applicant.goto(linkIn(await waitForMail(email, beforeSignIn)));
    await expect(
      applicant.getByText(`Connecté en tant que ${email}`, { exact: true }),
    ).toBeVisible();

    await applicant.getByRole('radio', { name: 'Une entreprise de transit' }).check();
    await applicant.getByRole('button', { name: 'Commencer' }).tap();
    await expect(applicant.getByRole('heading', { level: 1, name: 'Entreprise' })).toBeVisible();
    await applicant.getByRole('textbox', { name: 'Raison sociale *' }).fill(legalName);
    await applicant
      .getByRole('textbox', { name: 'Numéro au registre du commerce' })
      .fill('RCS Lyon 901 234 567');
    await expectAccessible(applicant);
    await applicant.getByRole('button', { name: 'Enregistrer et continuer' }).tap();

    await expect(applicant.getByRole('heading', { level: 1, name: 'Adresse' })).toBeVisible();
    await applicant.getByRole('textbox', { name: 'Rue et numéro *' }).fill('12 quai Perrache');
    await applicant.getByRole('textbox', { name: 'Code postal' }).fill('69002');
    await applicant.getByRole('textbox', { name: 'Localité *' }).fill('Lyon');
    await applicant.getByLabel('Pays *').selectOption(countryIso2);
    await expectAccessible(applicant);
    await applicant.getByRole('button', { name: 'Enregistrer et continuer' }).tap();

    await expect(applicant.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    await applicant
      .getByRole('group', { name: 'Contact principal' })
      .getByRole('textbox', { name: 'Nom *' })
      .fill('Camille Perret');
    await expectAccessible(applicant);
    await applicant.getByRole('button', { name: 'Enregistrer et continuer' }).tap();

    // Two PDFs, each with its progress to the end.
    await expect(
      applicant.getByRole('heading', { level: 1, name: 'Pièces justificatives' }),
    ).toBeVisible();
    aid = /\/applications\/([^/?#]+)/.exec(applicant.url())?.[1] ?? '';
    expect(aid, applicant.url()).not.toBe('');
    for (const [type, fileName, size] of [
      ['Extrait du registre du commerce', 'extrait-kbis.pdf', 1_200_000],
      ['Attestation d’assurance responsabilité civile', 'assurance-rc.pdf', 800_000],
    ] as const) {
      await applicant.getByLabel(`Ajouter un fichier : ${type}`).setInputFiles({
        name: fileName,
        mimeType: 'application/pdf',
        buffer: pdf(size),
      });
      await expect(
        applicant.getByRole('status').filter({ hasText: `${fileName} est envoyé.` }),
      ).toBeVisible();
      await expect(applicant.getByText(fileName, { exact: true })).toBeVisible();
    }
    await expectNoSidewaysScrolling(applicant);
    await expectAccessible(applicant);

    // Leaves: "Finish later" e-mails the link to continue.
    const beforeLater = countMail(email);
    await applicant.getByRole('button', { name: 'Terminer plus tard' }).tap();
    await expect(
      applicant.getByRole('status').filter({ hasText: `Nous avons envoyé un lien à ${email}` }),
    ).toBeVisible();
    const later = linkIn(await waitForMail(email, beforeLater));
    expect(later.startsWith(`${portalUrl}/applications/${aid}?`)).toBe(true);
    await phone.close();

    // 2. At the office, another browser in English: the address confirmed, then the person's
    // own language again, at the step where it stopped, with both documents.
    const office = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-GB',
    });
    try {
      const desk = await office.newPage();
      await desk.goto(later);
      await expect(
        desk.getByRole('heading', { name: 'Confirm your e-mail address' }),
      ).toBeVisible();
      await expectAccessible(desk);
      await desk.getByRole('textbox', { name: 'E-mail address' }).fill(email);
      await desk.getByRole('button', { name: 'Sign in' }).click();
      await expect(desk.getByText(`Connecté en tant que ${email}`, { exact: true })).toBeVisible();
      await expect(
        desk.getByRole('heading', { level: 1, name: 'Vérifier et envoyer' }),
      ).toBeVisible();
      await expect(desk.getByText(legalName, { exact: true })).toBeVisible();
      await expect(desk.getByText(/^extrait-kbis\.pdf · /)).toBeVisible();
      await expect(desk.getByText(/^assurance-rc\.pdf · /)).toBeVisible();
      await expectAccessible(desk);
      await desk.getByRole('button', { name: 'Envoyer la demande' }).click();
      await expect(
        desk.getByText('En attente de votre association nationale', { exact: true }),
      ).toBeVisible();
      await expectAccessible(desk);

      // The console's queue has it, online, with the documents as uploaded.
      await staff.goto(`/applications/${aid}`);
      await expect(staff.getByRole('heading', { name: legalName })).toBeVisible();
      await expect(staff.getByText('Waiting for the association’s answer')).toBeVisible();
      await staff.getByRole('tab', { name: 'Documents (2)' }).click();
      await expect(staff.getByText('extrait-kbis.pdf').first()).toBeVisible();
      await expect(staff.getByText('assurance-rc.pdf').first()).toBeVisible();
      await staff.getByRole('tab', { name: 'Overview' }).click();

      // 3. The national association endorses through its e-mailed link, without an account.
      const contacts = await endorsementSentTo(aid);
      expect(contacts.length).toBeGreaterThan(0);
      const invitation = await waitForMailAbout(contacts[0] ?? '', legalName);
      const endorseLink = /https?:\/\/\S+\/endorse\/[A-Za-z0-9_-]{43}/.exec(invitation.text)?.[0];
      expect(endorseLink, invitation.text).toBeTruthy();
      const associationPhone = await phoneContext(browser, 'fr-FR');
      try {
        const association = await associationPhone.newPage();
        await association.goto(endorseLink ?? '');
        await expect(association.getByRole('heading', { level: 1 })).toContainText(legalName);
        await expect(association.getByText('RCS Lyon 901 234 567', { exact: true })).toBeVisible();
        await expectNoSidewaysScrolling(association);
        await expectAccessible(association);
        await association.getByRole('radio', { name: 'Nous recommandons cette demande' }).tap();
        await association.getByRole('button', { name: 'Envoyer la réponse' }).tap();
        await expect(association.getByRole('status').filter({ hasText: 'Merci' })).toBeVisible();
        await expectAccessible(association);
      } finally {
        await associationPhone.close();
      }

      // 4. Headquarters sees the endorsement, starts the review and asks for something.
      await staff.reload();
      await expect(staff.getByText('Answered by the association')).toBeVisible();
      await steps(staff).getByRole('button', { name: 'Start review' }).click();
      await dialog(staff).getByRole('button', { name: 'Start review' }).click();
      await expect(staff.getByRole('status').getByText('is under review by you')).toBeVisible();
      const question = 'Merci d’envoyer vos statuts signés.';
      const beforeQuestion = countMail(email);
      await steps(staff).getByRole('button', { name: 'Request information' }).click();
      await dialog(staff).getByRole('textbox', { name: 'Message' }).fill(question);
      await dialog(staff).getByRole('button', { name: 'Request information' }).click();
      await expect(staff.getByText('Information requested', { exact: true }).first()).toBeVisible();
      const request = await waitForMail(email, beforeQuestion);
      expect(request.text).toContain(question);
      expect(request.text).toContain(`${portalUrl}/applications/${aid}`);

      // 5. The applicant answers in the portal, in French.
      await desk.goto(`${portalUrl}/applications/${aid}`);
      await expect(desk.getByText(question)).toBeVisible();
      await expectAccessible(desk);
      const answer = 'Voici nos statuts signés, joints à cette réponse.';
      await desk.getByRole('textbox', { name: 'Votre réponse' }).fill(answer);
      await desk.getByRole('button', { name: 'Envoyer', exact: true }).click();
      await expect(
        desk.getByRole('status').filter({
          hasText: 'Votre réponse est envoyée. Le siège examine de nouveau votre demande.',
        }),
      ).toBeVisible();
      await expect(desk.getByText('En examen au siège', { exact: true })).toBeVisible();
      await expectAccessible(desk);

      // 6. The console shows the answer live; the operator approves.
      await expect(staff.getByText(answer)).toBeVisible();
      await steps(staff).getByRole('button', { name: 'Approve' }).click();
      await dialog(staff).getByRole('button', { name: 'Approve' }).click();
      const memberLink = staff.getByRole('link', { name: /^Open member M-\d+$/ });
      await expect(memberLink).toBeVisible();
      const memberNumber = ((await memberLink.textContent()) ?? '').replace('Open member ', '');

      // 7. The applicant sees the membership number and the first invoice, in French.
      await desk.reload();
      await expect(desk.getByText('Acceptée', { exact: true })).toBeVisible();
      await expect(
        desk.getByText(`Votre numéro de membre : ${memberNumber}`, { exact: true }),
      ).toBeVisible();
      await expect(desk.getByText(/^Votre première facture : \d{4}-\d+$/)).toBeVisible();
      await expectAccessible(desk);
    } finally {
      await office.close();
    }
  } finally {
    await phone.close();
  }
});
