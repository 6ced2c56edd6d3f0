import { expectNoSeriousViolations as expectAccessible } from './support/axe';
import { withDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { addMemberWithOwner, signInToPortalByLink } from './support/portal-member';

/**
 * A member's company data (issue 35): its owner, on a phone, changes the phone (written at once)
 * and asks for a new legal name with a registry extract (a request for staff); an operator
 * approves it in the console beside the member's current record; the owner's portal shows the
 * decision without a reload. axe on every screen.
 */

/** A member of its own with an owner, and the new name it will ask for. */
async function memberWithOwner() {
  const member = await addMemberWithOwner('co', (tag) => ({
    legal_name: `Harbour Forwarding ${tag} Ltd`,
    country_iso2: 'GB',
    city: 'Felixstowe',
    phone: '+44 1394 000 000',
  }));
  return { ...member, newName: `Harbour Forwarding Group ${member.suffix.toUpperCase()} Ltd` };
}

/** A registry extract: a small real PDF. */
const registryExtract = {
  name: 'registry-extract.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  ),
};

test('the owner asks for a new legal name with a registry extract; an operator approves it', async ({
  operatorPage: console,
  browser,
}) => {
  const member = await memberWithOwner();
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    locale: 'en-GB',
  });
  try {
    const owner = await context.newPage();
    await signInToPortalByLink(owner, member.email);
    await owner.getByRole('link', { name: 'Company data' }).first().tap();
    await expect(owner.getByRole('heading', { level: 1, name: 'Company data' })).toBeVisible();
    await expectAccessible(owner);

    await owner.getByRole('textbox', { name: /^Legal name/ }).fill(member.newName);
    await owner.getByRole('textbox', { name: /^Phone/ }).fill('+44 1394 111 111');
    await owner
      .getByRole('textbox', { name: /^Note for our staff/ })
      .fill('New name since the merger in May.');
    await owner.getByLabel(/^Document for our staff/).setInputFiles(registryExtract);
    await owner.getByRole('button', { name: 'Save the changes' }).tap();
    await expect(owner.getByText('Your changes are saved.')).toBeVisible();
    await expect(owner.getByText('registry-extract.pdf is attached to the request.')).toBeVisible();
    const requests = owner.getByRole('region', { name: 'Your requests' });
    await expect(requests.getByText('Pending')).toBeVisible();
    await expectAccessible(owner);

    // The phone is written at once; the name waits for staff.
    const stored = await withDatabase(({ db }) =>
      db
        .selectFrom('members')
        .select(['legal_name', 'phone'])
        .where('mid', '=', member.mid)
        .executeTakeFirstOrThrow(),
    );
    expect(stored).toEqual({ legal_name: member.legalName, phone: '+44 1394 111 111' });

    // The operator finds it in the queue and approves it beside the member's record.
    await console.goto('/change-requests');
    const row = console.getByRole('row', { name: new RegExp(member.legalName) });
    await expect(row).toContainText('Legal name');
    // The row opens the request (its member's name is a link of its own, to the member).
    await row.getByRole('cell').first().click();
    const request = console.getByRole('region', { name: 'Company-data change request' });
    await expect(request).toBeVisible();
    await expect(request.getByText(member.newName)).toBeVisible();
    await expect(request.getByText('New name since the merger in May.')).toBeVisible();
    await expect(request.getByRole('link', { name: /registry-extract\.pdf/ })).toBeVisible();
    await expectAccessible(console);
    await request.getByRole('button', { name: 'Approve', exact: true }).click();
    await console
      .getByRole('dialog', { name: 'Approve the change request?' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect(console.getByText(/now has the new legal name/)).toBeVisible();

    // The owner's screen follows without a reload.
    await expect(requests.getByText('Approved', { exact: false }).first()).toBeVisible();
    await expect(owner.getByRole('textbox', { name: /^Legal name/ })).toHaveValue(member.newName);
  } finally {
    await context.close();
  }
});
