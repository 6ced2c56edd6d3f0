import { sql } from 'kysely';
import { withDatabase } from './support/database';
import { expect, test } from './support/fixtures';

/** A small but real PDF: header, one object, trailer and the end-of-file marker. */
function pdfBytes(marker: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${marker}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

/** Two issued demo invoices without an uploaded PDF (other specs may attach to others). */
function invoicesWithoutPdf() {
  return withDatabase(async ({ db }) =>
    db
      .selectFrom('invoices as i')
      .leftJoin('invoice_files as f', 'f.iid', 'i.iid')
      .select(['i.iid', 'i.number'])
      .where('f.iid', 'is', null)
      .where('i.status', '=', 'issued')
      // Numbers of the numbering's form only: the upload matches a name on "2026-000123", and
      // other specs running beside this one add invoices numbered otherwise (E2E-DUN-…).
      .where('i.number', '~', '^[0-9]{4}-[0-9]+$')
      .orderBy(sql`random()`)
      .limit(2)
      .execute(),
  );
}

test('drop PDFs: the matched one is attached, the others are listed with their reason', async ({
  operatorPage: page,
}) => {
  const [invoice, other] = await invoicesWithoutPdf();
  if (!invoice || !other) throw new Error('the demo data has no issued invoices');
  const scan = pdfBytes(`e2e ${Date.now()}`);
  const files = [
    { name: `Invoice ${invoice.number} scan.pdf`, bytes: scan },
    { name: 'receipt from the bank.pdf', bytes: pdfBytes('no number') },
    { name: `${other.number}.pdf`, bytes: Buffer.from('Hello, I am a text file, not a PDF.') },
  ];

  await page.goto('/invoices/pdfs');
  await expect(page.getByRole('heading', { name: 'Invoice PDFs upload' })).toBeVisible();
  // Drop the three files on the zone, as from the file manager.
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: 'application/pdf' }));
      }
      return transfer;
    },
    files.map((file) => ({ name: file.name, base64: file.bytes.toString('base64') })),
  );
  await page.getByTestId('pdf-drop-zone').dispatchEvent('drop', { dataTransfer });

  // The names are matched before anything is sent: the one without a number is refused now.
  await expect(page.getByText('2 of 3 files match an invoice; 1 will not be sent')).toBeVisible();
  const fileList = page.getByRole('region', { name: 'Files' });
  await expect(
    fileList.getByRole('listitem').filter({ hasText: 'receipt from the bank.pdf' }),
  ).toContainText('contains no invoice number');
  await expect(fileList.getByRole('listitem').filter({ hasText: 'scan.pdf' })).toContainText(
    invoice.number,
  );

  await page.getByRole('button', { name: 'Upload 2 files' }).click();
  const report = page.getByRole('region', { name: 'Upload report' });
  await expect(report).toBeVisible();
  await expect(report.getByRole('definition').nth(0)).toHaveText('1'); // attached
  await expect(report.getByRole('definition').nth(2)).toHaveText('2'); // refused
  await expect(report.getByText('Not a PDF file: 1')).toBeVisible();
  await expect(report.getByText('No invoice number in the file name: 1')).toBeVisible();
  await expect(report).toContainText(`${other.number}.pdf is not a PDF`);
  await expect(page.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(fileList.getByRole('listitem').filter({ hasText: 'scan.pdf' })).toContainText(
    'Attached',
  );

  // The invoice now serves the uploaded PDF; the generated one is still there on request.
  const served = await page.request.get(`/api/invoices/${invoice.iid}/pdf`);
  expect(served.status()).toBe(200);
  expect(served.headers()['x-invoice-pdf-source']).toBe('attached');
  expect((await served.body()).equals(scan)).toBe(true);
  const generated = await page.request.get(`/api/invoices/${invoice.iid}/pdf?source=generated`);
  expect(generated.headers()['x-invoice-pdf-source']).toBe('generated');
  expect((await generated.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // Nothing was stored for the file that is not a PDF.
  const otherPdf = await page.request.get(`/api/invoices/${other.iid}/pdf`);
  expect(otherPdf.headers()['x-invoice-pdf-source']).toBe('generated');
});
