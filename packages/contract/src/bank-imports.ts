import { z } from 'zod';

// --- Bank statement import (issue 16): one camt.053/054 file in, a report out ---

/** The largest bank file one request takes (a month of QR payments is a few MB). */
export const bankImportMaxBytes = 50 * 1024 * 1024;
/** The content types the import accepts: the raw XML of the file. */
export const bankImportContentTypes = ['application/xml', 'text/xml', 'application/octet-stream'];

/** The file name the browser or the CLI reports with the upload (shown on the statement). */
export const ZBankImportQuery = z.object({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .refine(
      (name) => !/[\\/]/.test(name) && ![...name].some((char) => char.charCodeAt(0) < 32),
      'A file name without folders or control characters',
    )
    .optional()
    .describe('The name of the uploaded file, e.g. camt054-2026-03-02.xml'),
});
export type TBankImportQuery = z.infer<typeof ZBankImportQuery>;

export const ZBankImportStatement = z
  .object({
    bsid: z
      .string()
      .describe('The imported statement (or the one imported before, if a duplicate)'),
    bankAccountId: z.string(),
    accountLabel: z.string().describe('Our bank account, as Settings names it'),
    iban: z.string().describe('The IBAN or QR-IBAN the file names'),
    kind: z.enum(['camt.053', 'camt.054']),
    version: z.string().describe('The ISO 20022 version, e.g. 001.08'),
    statementId: z.string().describe("The bank's statement id (Stmt/Id or Ntfctn/Id)"),
    fromDate: z.string().nullable(),
    toDate: z.string().nullable(),
    entries: z.number().int().describe('Transactions in this statement'),
    isDuplicate: z
      .boolean()
      .describe('The statement was imported before: nothing of it was written again'),
  })
  .describe('A statement (Stmt or Ntfctn) of the file');
export type TBankImportStatement = z.infer<typeof ZBankImportStatement>;

export const ZBankImportCounts = z
  .object({
    entries: z.number().int().describe('Transactions in the file (a batch booking counts each)'),
    credits: z.number().int(),
    debits: z.number().int().describe('Listed, never booked'),
    paid: z.number().int().describe('Booked and the invoice is now paid'),
    partial: z.number().int().describe('Booked, the invoice still has a balance'),
    overpaid: z.number().int().describe("Booked, the surplus went to the member's credit"),
    suggested: z.number().int().describe('Matched by the payer IBAN: an operator confirms'),
    unmatched: z.number().int().describe('In the Unmatched payments queue'),
    duplicates: z.number().int().describe('Already imported before (this or another file)'),
  })
  .describe('What became of the transactions');
export type TBankImportCounts = z.infer<typeof ZBankImportCounts>;

export const ZBankImportReport = z
  .object({
    fileName: z.string().nullable(),
    statements: z.array(ZBankImportStatement),
    counts: ZBankImportCounts,
    byRule: z
      .object({
        'qr-reference': z.number().int(),
        'creditor-reference': z.number().int(),
        'invoice-number': z.number().int(),
      })
      .describe('Bookings per matching rule'),
    bookedTotals: z
      .array(
        z.object({
          currency: z.string(),
          amountMinor: z.string().describe('Minor units, as a string (bigint)'),
        }),
      )
      .describe('Money booked to invoices, per currency'),
    message: z.string().describe('The outcome in one sentence'),
  })
  .describe('The report of one imported bank file');
export type TBankImportReport = z.infer<typeof ZBankImportReport>;
