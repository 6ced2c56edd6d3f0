import type { Page } from '@playwright/test';
import { expectNoSeriousViolations as expectAccessible } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { fillCompanyDraft, signInAsNewcomer } from './support/portal-journey';

/** A PDF by its first bytes, of about `size` bytes: large enough for the upload to progress. */
function pdf(size: number): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(size, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]);
}

async function expectNoSidewaysScrolling(page: Page) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

/** Its upload's progress bar is full, and says so in figures. */
async function expectUploaded(page: Page, fileName: string) {
  await expect(
    page.getByRole('status').filter({ hasText: `${fileName} is uploaded.` }),
  ).toBeVisible();
  const bar = page.getByLabel(`Uploading ${fileName}`);
  const max = await bar.evaluate((element) => (element as HTMLProgressElement).max);
  expect(max).toBeGreaterThan(1_000_000);
  await expect(bar).toHaveJSProperty('value', max);
  await expect(page.getByText(/^100% · /)).toBeVisible();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('an applicant uploads, replaces and removes documents with a progress bar, then submits', async ({
    page,
  }) => {
    await signInAsNewcomer(page, uniqueEmail('documents'));
    await fillCompanyDraft(page, 'Rhein Cargo AG');

    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await expect(page.getByText('Step 4 of 5')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Extract from the commercial register Required' }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Professional diploma Optional, if you have one' }),
    ).toBeVisible();
    await expectAccessible(page);

    const extract = page.getByLabel('Add a file: Extract from the commercial register');
    await extract.setInputFiles({
      name: 'extract.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(2_000_000),
    });
    await expectUploaded(page, 'extract.pdf');
    const insurance = page.getByLabel('Add a file: Liability insurance certificate');
    await insurance.setInputFiles({
      name: 'insurance.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(1_500_000),
    });
    await expectUploaded(page, 'insurance.pdf');
    await expect(page.getByText('extract.pdf', { exact: true })).toBeVisible();
    await expect(page.getByText('insurance.pdf', { exact: true })).toBeVisible();

    // A web page renamed .pdf is refused by its content, the file and the rule named.
    await page.getByLabel('Add a file: Professional diploma').setInputFiles({
      name: 'diploma.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html><body>not a diploma</body></html>'),
    });
    await expect(page.getByRole('alert')).toHaveText(
      'diploma.pdf: only PDF, PNG or JPEG files can be uploaded (judged by their content, not their name).',
    );

    // Replace: the new file takes the old one's place.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Replace extract.pdf' }).tap();
    await (
      await chooser
    ).setFiles({
      name: 'extract-2026.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(1_200_000),
    });
    await expectUploaded(page, 'extract-2026.pdf');
    await expect(page.getByText('extract-2026.pdf', { exact: true })).toBeVisible();
    await expect(page.getByText('extract.pdf', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Remove insurance.pdf' }).tap();
    await expect(
      page.getByRole('status').filter({ hasText: 'insurance.pdf is removed.' }),
    ).toBeVisible();
    await expect(page.getByText('insurance.pdf', { exact: true })).toHaveCount(0);
    await expectNoSidewaysScrolling(page);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Continue' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Review and submit' })).toBeVisible();
    // A reload keeps them: they are on the server.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Review and submit' })).toBeVisible();
    await expect(page.getByText(/^extract-2026\.pdf · /)).toBeVisible();
    await expect(page.getByText(/^insurance\.pdf/)).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit the application' }).tap();
    await expect(page.getByText('Submitted', { exact: true })).toBeVisible();
  });
});
