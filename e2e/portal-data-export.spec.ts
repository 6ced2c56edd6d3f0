import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoSeriousViolations as expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { addMemberWithOwner, signInToPortalByLink } from './support/portal-member';

/**
 * "Download our data" (issue 35): a member's owner asks on the company screen, follows the job's
 * progress without a reload, and downloads the ZIP, which holds the member's record and its
 * invoice as a PDF. axe on the screen while it runs and once it is ready.
 */
async function memberWithOwnerAndInvoice() {
  let invoice = '';
  const member = await addMemberWithOwner(
    'dx',
    (tag) => ({
      legal_name: `Quay Logistics ${tag} Ltd`,
      country_iso2: 'GB',
      city: 'Southampton',
    }),
    async (db, { mid, suffix }) => {
      const year = new Date().getUTCFullYear();
      invoice = `E2X-INV-${suffix}`.slice(0, 24);
      await db
        .insertInto('invoices')
        .values({
          iid: `e2edxinv${suffix}`.slice(0, 28),
          number: invoice,
          member_mid: mid,
          kind: 'membership',
          year,
          currency: 'GBP',
          status: 'issued',
          issue_date: `${year}-01-05`,
          due_date: '2999-12-31',
          lines: JSON.stringify([
            { description: 'Membership', quantity: 1, unitAmountMinor: 42000, vatRate: 0 },
          ]),
          subtotal_minor: '42000',
          total_minor: '42000',
        })
        .execute();
    },
  );
  return { ...member, invoice };
}

test('the owner downloads a ZIP of the member’s data, made by a job with its progress shown live', async ({
  browser,
}) => {
  const member = await memberWithOwnerAndInvoice();
  const context = await browser.newContext({ locale: 'en-GB', acceptDownloads: true });
  try {
    const owner = await context.newPage();
    await signInToPortalByLink(owner, member.email);
    await owner.getByRole('link', { name: 'Company data' }).first().click();
    const section = owner.getByRole('region', { name: 'Your data' });
    await expect(section.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible();

    await section.getByRole('button', { name: 'Download our data' }).click();
    await expectAccessible(owner);
    // The job makes it on the server's runner; the stream brings the end without a reload.
    const zipLink = section.getByRole('link', { name: /^Download the ZIP \(\d/ });
    await expect(zipLink).toBeVisible({ timeout: 30_000 });
    await expect(section.getByText('The archive is ready.')).toBeVisible();
    await expect(section.getByText(/It holds .*1 invoice/)).toBeVisible();
    await expect(section.getByText(/^Available until /)).toBeVisible();
    await expectAccessible(owner);

    const [download] = await Promise.all([owner.waitForEvent('download'), zipLink.click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${member.number}-data-.+\\.zip$`));
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(files[`invoices/invoice-${member.invoice}.pdf`]).toBeDefined();
    const record = JSON.parse(strFromU8(files['member.json'] ?? new Uint8Array())) as {
      legalName: string;
    };
    expect(record.legalName).toBe(member.legalName);
  } finally {
    await context.close();
  }
});
