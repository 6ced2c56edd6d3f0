import { expectNoSeriousViolations as expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { addMemberWithOwner, signInToPortalByLink } from './support/portal-member';
import { portalUrl } from './support/portal-journey';

/**
 * The public member directory (issue 35): a member's owner lists the company (off until then),
 * and an anonymous visitor, in German on a phone, finds it with a typo in its name. axe on every
 * screen.
 */
test('the owner lists the company; an anonymous visitor finds it with a typo', async ({
  page,
  browser,
}) => {
  const member = await addMemberWithOwner('dir', (tag) => ({
    legal_name: `Zauberfracht Spedition ${tag} GmbH`,
    country_iso2: 'AT',
    city: 'Linz',
    website: 'https://zauberfracht.example',
    email: 'info@zauberfracht.example',
  }));

  await signInToPortalByLink(page, member.email);
  await page.getByRole('link', { name: 'Directory entry' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your directory entry' })).toBeVisible();
  const listed = page.getByRole('switch', { name: 'List us in the public member directory' });
  await expect(listed).not.toBeChecked();
  await expectAccessible(page);
  await listed.check();
  await page.getByRole('button', { name: 'Save the entry' }).click();
  await expect(
    page.getByText('Saved: the public directory shows your entry as previewed within a minute.'),
  ).toBeVisible();
  await expect(page.getByText('The public sees your entry now.')).toBeVisible();

  // Anyone, signed out, in German on a phone.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    locale: 'de-CH',
  });
  try {
    const visitor = await context.newPage();
    await visitor.goto(`${portalUrl}/directory`);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Mitgliederverzeichnis' }),
    ).toBeVisible();
    await visitor.getByRole('searchbox', { name: 'Name' }).fill(`Zaubrefracht ${member.suffix}`);
    await visitor.getByRole('button', { name: 'Suchen' }).tap();
    const entry = visitor.getByRole('heading', { name: member.legalName });
    await expect(entry).toBeVisible();
    await expect(visitor.getByText(/Mitglied(er)? gefunden/)).toBeVisible();
    // Only what the member shows: its city, never its e-mail address.
    await expect(visitor.getByText('Linz').first()).toBeVisible();
    await expect(visitor.getByText('info@zauberfracht.example')).toHaveCount(0);
    await expect(visitor).toHaveURL(/[?&]q=Zaubrefracht/);
    const widths = await visitor.evaluate(() => ({
      content: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);
    await expectAccessible(visitor);
  } finally {
    await context.close();
  }
});
