import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './support/fixtures';
import { expectNoSeriousViolations as expectAccessible } from './support/axe';
import { countMail, linkIn, waitForMail } from './support/mail';

/**
 * The member portal (issue 34): its own origin beside the console, phones first, in the
 * person's language, signed in by an e-mailed link that verifies the address first.
 */
const portalUrl = `http://localhost:${process.env.E2E_PORTAL_PORT}`;

async function expectNoSidewaysScrolling(page: Page) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

test.describe('on a phone, in French', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'fr-CH', hasTouch: true });

  test('a newcomer reads who may apply, verifies the address by link and is signed in', async ({
    page,
  }) => {
    const email = uniqueEmail('applicant');
    await page.goto(`${portalUrl}/apply`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Demander l’adhésion' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expectNoSidewaysScrolling(page);
    await expectAccessible(page);

    // Refused before sending, the field named and the error announced.
    await page.getByRole('button', { name: 'Envoyez-moi un lien' }).tap();
    await expect(page.getByText('Saisissez votre adresse e-mail.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    const before = countMail(email);
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
    await page.getByRole('button', { name: 'Envoyez-moi un lien' }).tap();
    await expect(page.getByRole('status')).toContainText(`un lien est en route vers ${email}`);
    await expectAccessible(page);

    const mail = await waitForMail(email, before);
    expect(mail.subject).toBe('Connexion à Operations');
    const link = linkIn(mail);
    expect(link.startsWith(`${portalUrl}/apply?`)).toBe(true);
    await page.goto(link);
    await expect(page.getByText(`Connecté en tant que ${email}`, { exact: true })).toBeVisible();
    await expect(
      page.getByText(`Vous êtes connecté en tant que ${email}. Votre demande est enregistrée`),
    ).toBeVisible();
    // The code is gone from the address: a reload does not spend it again.
    expect(page.url()).toBe(`${portalUrl}/apply`);
    await expectNoSidewaysScrolling(page);
    await expectAccessible(page);

    // The form, a step at a time, each saved on the server.
    await page.getByRole('radio', { name: 'Une entreprise de transit' }).check();
    await page.getByRole('button', { name: 'Commencer' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Entreprise' })).toBeVisible();
    await expect(page.getByText('Étape 1 sur 5')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Site web' }).fill('transit-leman.example');
    await page.getByRole('textbox', { name: 'Raison sociale *' }).fill('Transit Léman SA');
    await expect(page.getByText('Saisissez une adresse web commençant par https://')).toBeVisible();
    await page.getByRole('textbox', { name: 'Site web' }).fill('https://transit-leman.example');
    await expect(page.getByText('Saisissez une adresse web commençant par https://')).toHaveCount(
      0,
    );
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).tap();

    await expect(page.getByRole('heading', { level: 1, name: 'Adresse' })).toBeVisible();
    await expectNoSidewaysScrolling(page);
    await page.getByRole('textbox', { name: 'Rue et numéro *' }).fill('Quai du Mont-Blanc 1');
    await page.getByRole('textbox', { name: 'Localité *' }).fill('Genève');
    await page.getByLabel('Pays *').selectOption('CH');
    await expectAccessible(page);
    // Left now, resumed later: the saved steps are there, and it resumes where it stopped.
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    const primary = page.getByRole('group', { name: 'Contact principal' });
    await expect(primary.getByRole('textbox', { name: 'E-mail *' })).toHaveValue(email);
    await primary.getByRole('textbox', { name: 'Nom *' }).fill('Camille Rochat');
    await page.getByRole('button', { name: 'Enregistrer et continuer' }).tap();
    // The documents step (its uploads: portal-documents.spec.ts), passed by here.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Pièces justificatives' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Continuer' }).tap();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Vérifier et envoyer' }),
    ).toBeVisible();
    await expect(page.getByText('Transit Léman SA')).toBeVisible();
    await expect(page.getByText('Suisse')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Envoyer la demande' }).tap();
    await expect(page.getByText('Envoyée', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /^Demande A-\d{6}$/ })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Retour à vos demandes' }).tap();
    await expect(page.getByText('Vous avez 1 demande.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Transit Léman SA' })).toBeVisible();

    // Another language, chosen in the portal and kept for the next visit.
    await page.getByLabel('Langue').selectOption('de');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ihre Aufnahmeanträge' }),
    ).toBeVisible();
    await expect(page.getByText('Eingereicht', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText(`Angemeldet als ${email}`, { exact: true })).toBeVisible();
  });
});

test('a link opened in another browser asks for its address, and signs in to the portal only', async ({
  browser,
  page,
}) => {
  const email = uniqueEmail('other-device');
  await page.goto(`${portalUrl}/`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
  const before = countMail(email);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  const link = linkIn(await waitForMail(email, before));

  // A desktop elsewhere: this browser never asked for the link.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const other = await desktop.newPage();
  try {
    await other.goto(link);
    await expect(other.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
    await expectAccessible(other);
    await other.getByRole('textbox', { name: 'E-mail address' }).fill(uniqueEmail('someone-else'));
    await other.getByRole('button', { name: 'Sign in' }).click();
    await expect(other.getByRole('alert')).toHaveText(
      'This is not the address the link was sent to.',
    );
    await other.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await expect(other.getByText(`Signed in as ${email}`, { exact: true })).toBeVisible();
    await expect(other.getByRole('heading', { name: 'Your applications' })).toBeVisible();

    // The same browser is not signed in to the console: the portal's session is the portal's.
    await other.goto('/');
    await expect(other.getByLabel('Your email address')).toBeVisible();

    await other.goto(`${portalUrl}/`);
    await other.getByRole('button', { name: 'Sign out' }).click();
    await expect(other.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  } finally {
    await desktop.close();
  }
});
