import { z } from 'zod';

// --- Invoice PDFs: the generated PDF, and uploaded PDFs attached to their invoices ------------

/** The largest PDF an operator can attach to an invoice. */
export const invoicePdfMaxBytes = 10 * 1024 * 1024;

/** How many files the browser sends at the same time (each its own request, own progress). */
export const invoicePdfUploadConcurrency = 4;

/**
 * Why an uploaded file was refused; the answer's error carries it as `issues[0].rule`
 * (`too_large` comes as a 413).
 */
export const invoicePdfRefusalRules = [
  'no_invoice_number',
  'ambiguous_invoice_number',
  'unknown_invoice',
  'not_pdf',
  'empty',
  'too_large',
  'has_pdf',
] as const;
export type TInvoicePdfRefusalRule = (typeof invoicePdfRefusalRules)[number];

/** The reasons as a report groups them. */
export const invoicePdfRefusalLabels: Record<TInvoicePdfRefusalRule, string> = {
  no_invoice_number: 'No invoice number in the file name',
  ambiguous_invoice_number: 'More than one invoice number in the file name',
  unknown_invoice: 'No invoice has that number',
  not_pdf: 'Not a PDF file',
  empty: 'Empty file',
  too_large: 'Larger than 10 MB',
  has_pdf: 'The invoice already has a PDF',
};

/**
 * The invoice numbers a file name names, in order, each once: the console's numbering
 * `YYYY-NNNNNN` (year, hyphen, six digits) found anywhere in the name, as long as no other digit
 * touches it ("2026-000123.pdf", "Invoice 2026-000123 ACME.pdf", "ACME_2026-000123_final.pdf").
 * A name that is exactly an invoice number (any format, e.g. an imported "INV/17") is matched
 * on the server before this rule applies.
 */
export function invoiceNumbersInFileName(fileName: string): string[] {
  const found = baseNameOf(fileName).match(/(?<!\d)\d{4}-\d{6}(?!\d)/g) ?? [];
  return [...new Set(found)];
}

/** A file name without its folder and its `.pdf` extension, trimmed. */
export function baseNameOf(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? '';
  return name.replace(/\.pdf$/i, '').trim();
}

export const ZInvoicePdfMatchRequest = z
  .object({
    fileNames: z
      .array(z.string().min(1).max(255))
      .min(1, 'Name at least one file')
      .max(5_000, 'At most 5,000 files at once')
      .describe('The names of the files about to be uploaded'),
  })
  .describe('File names to match to invoices before any byte is sent');

export const ZInvoicePdfMatch = z
  .object({
    fileName: z.string(),
    iid: z.string().nullable().describe('The matched invoice, or null when refused'),
    number: z.string().nullable().describe('Its invoice number'),
    hasPdf: z.boolean().describe('Whether the invoice already has an uploaded PDF'),
    rule: z.enum(invoicePdfRefusalRules).nullable().describe('Why the name matches no invoice'),
    reason: z.string().nullable().describe('The same, in words'),
  })
  .describe('Which invoice a file name matches');
export type TInvoicePdfMatch = z.infer<typeof ZInvoicePdfMatch>;

export const ZInvoicePdfMatchResult = z.object({ matches: z.array(ZInvoicePdfMatch) });
export type TInvoicePdfMatchResult = z.infer<typeof ZInvoicePdfMatchResult>;

export const ZInvoicePdfUploadQuery = z.object({
  replace: z
    .enum(['0', '1'])
    .optional()
    .describe('1: replace a PDF the invoice already has (otherwise such a file is refused)'),
});

export const ZInvoicePdfUploadResult = z
  .object({
    fileName: z.string(),
    iid: z.string(),
    number: z.string().describe('The invoice number the file name matched'),
    outcome: z.enum(['attached', 'replaced']),
    byteSize: z.number().int(),
    sha256: z.string(),
  })
  .describe('A PDF stored and attached to its invoice');
export type TInvoicePdfUploadResult = z.infer<typeof ZInvoicePdfUploadResult>;

export const ZInvoicePdfParams = z.object({
  iid: z.string().min(1).max(64).describe('Invoice id'),
});

export const ZInvoicePdfQuery = z.object({
  source: z
    .enum(['auto', 'attached', 'generated'])
    .optional()
    .describe(
      'auto (default): the uploaded PDF when there is one, else the generated one; generated: always render it',
    ),
  download: z.enum(['0', '1']).optional().describe('1: save instead of showing'),
});
