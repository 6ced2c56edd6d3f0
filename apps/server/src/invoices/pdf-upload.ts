import { createHash } from 'node:crypto';
import {
  baseNameOf,
  invoiceNumbersInFileName,
  invoicePdfMaxBytes,
  type TInvoicePdfMatch,
  type TInvoicePdfRefusalRule,
  type TInvoicePdfUploadResult,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { OperatorActor } from '../db/audit';
import { lockRecords, recordNotFound, updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError } from '../errors';
import {
  invoicePdfFileName,
  loadInvoicePdfData,
  renderInvoicePdfFromData,
  type InvoiceReminder,
} from './pdf';

/*
 * The invoice PDFs upload: many files, each sent as its own request, each matched to its invoice
 * by the number in its name, checked to be a PDF, then stored and attached in one transaction.
 *
 * The matching rule (documented for operators on the upload screen):
 * 1. a file whose name, without ".pdf", is exactly an invoice number belongs to that invoice
 *    (so imported invoices with numbers of any format can be matched: "INV-17.pdf");
 * 2. otherwise the name must contain exactly one number of the form YYYY-NNNNNN (year, hyphen,
 *    six digits, no other digit touching it): "2026-000123.pdf", "Invoice 2026-000123 ACME.pdf";
 * 3. a name with none is refused ("no invoice number"), one with two different ones is refused
 *    as ambiguous, and a number no invoice has is refused as unknown.
 */

type Refusal = { rule: TInvoicePdfRefusalRule; reason: string };

/** An uploaded file that is refused, with the rule the report groups it by. */
function refuse(rule: TInvoicePdfRefusalRule, message: string): AppError {
  if (rule === 'too_large') return new AppError('payload-too-large', message);
  return new AppError('invalid-argument', message, {
    issues: [{ path: 'body.file', rule, message }],
  });
}

type Candidate = { iid: string; number: string; hasPdf: boolean };

/** The invoices (with whether they have an uploaded PDF) among these numbers. */
async function invoicesNumbered(db: Kysely<Database>, numbers: string[]) {
  const found = new Map<string, Candidate>();
  if (numbers.length === 0) return found;
  const rows = await db
    .selectFrom('invoices as i')
    .leftJoin('invoice_files as f', 'f.iid', 'i.iid')
    .select(['i.iid', 'i.number', sql<boolean>`f.iid IS NOT NULL`.as('has_pdf')])
    .where('i.number', 'in', numbers)
    .execute();
  for (const row of rows)
    found.set(row.number, { iid: row.iid, number: row.number, hasPdf: row.has_pdf });
  return found;
}

function resolve(fileName: string, found: Map<string, Candidate>): Candidate | Refusal {
  const exact = found.get(baseNameOf(fileName));
  if (exact) return exact;
  const numbers = invoiceNumbersInFileName(fileName);
  if (numbers.length === 0) {
    return {
      rule: 'no_invoice_number',
      reason: `${fileName}: the name contains no invoice number (like 2026-000123).`,
    };
  }
  if (numbers.length > 1) {
    return {
      rule: 'ambiguous_invoice_number',
      reason: `${fileName}: the name contains more than one invoice number (${numbers.join(', ')}); rename it to the one it belongs to.`,
    };
  }
  const number = numbers[0] as string;
  return (
    found.get(number) ?? {
      rule: 'unknown_invoice',
      reason: `${fileName}: no invoice is numbered ${number}.`,
    }
  );
}

function lookupNumbers(fileNames: readonly string[]): string[] {
  const numbers = new Set<string>();
  for (const name of fileNames) {
    const base = baseNameOf(name);
    if (base) numbers.add(base);
    for (const number of invoiceNumbersInFileName(name)) numbers.add(number);
  }
  return [...numbers];
}

/**
 * Which invoice each file name matches, before any byte is sent (the upload screen lists the
 * unmatched ones at once). One query for all names.
 */
export async function matchInvoicePdfNames(
  db: Kysely<Database>,
  fileNames: readonly string[],
): Promise<TInvoicePdfMatch[]> {
  const found = await invoicesNumbered(db, lookupNumbers(fileNames));
  return fileNames.map((fileName) => {
    const match = resolve(fileName, found);
    return 'rule' in match
      ? { fileName, iid: null, number: null, hasPdf: false, rule: match.rule, reason: match.reason }
      : {
          fileName,
          iid: match.iid,
          number: match.number,
          hasPdf: match.hasPdf,
          rule: null,
          reason: null,
        };
  });
}

/**
 * Whether the bytes are a PDF: the header `%PDF-` as its very first bytes, and the end-of-file
 * marker `%%EOF` within the last 1,024 bytes (a truncated upload lacks it). Judged from the
 * content, never from the name or the browser's claim. PDF readers would accept the header
 * anywhere in the first kilobyte, but what comes before it could be a page (HTML, a script): a
 * polyglot that another program would take for what it starts as.
 */
export function pdfProblemOf(bytes: Buffer): string | null {
  if (!bytes.subarray(0, 5).equals(pdfHeader)) {
    return 'it does not start like a PDF (no %PDF- header)';
  }
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024));
  if (tail.indexOf('%%EOF', 0, 'latin1') < 0) {
    return 'it does not end like a PDF (no %%EOF marker): the file may be cut short';
  }
  return null;
}

const pdfHeader = Buffer.from('%PDF-', 'latin1');

/** The name kept for the file: no folders, no control characters, at most 200 characters. */
function cleanName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(-200);
}

/**
 * Stores one uploaded PDF and attaches it to the invoice its name matches, in one transaction:
 * the bytes (invoice_files), the invoice's `pdf_file` (its original name, version + 1) and the
 * audit entry; a refused file stores nothing. A file for an invoice that already has one is
 * refused unless `replace` is set.
 */
export async function attachInvoicePdf(
  db: Kysely<Database>,
  actor: OperatorActor,
  upload: { fileName: string | undefined; bytes: Buffer; replace: boolean },
): Promise<TInvoicePdfUploadResult> {
  const fileName = cleanName(upload.fileName ?? '');
  if (!fileName) {
    throw refuse('no_invoice_number', 'The file has no name, so no invoice number to match.');
  }
  const match = resolve(fileName, await invoicesNumbered(db, lookupNumbers([fileName])));
  if ('rule' in match) throw refuse(match.rule, match.reason);
  if (upload.bytes.length === 0) throw refuse('empty', `${fileName}: the file is empty.`);
  if (upload.bytes.length > invoicePdfMaxBytes) {
    throw refuse('too_large', `${fileName}: the file is larger than 10 MB.`);
  }
  const problem = pdfProblemOf(upload.bytes);
  if (problem) throw refuse('not_pdf', `${fileName} is not a PDF: ${problem}.`);

  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  // READ COMMITTED is enough: the invoice row is locked (FOR UPDATE) before its file is read or
  // written, so two uploads for one invoice take turns, and uploads for different invoices never
  // abort each other as SERIALIZABLE's predicate locks would make them (4–6 run at once).
  return writeTransaction(
    db,
    async (trx) => {
      const [invoice] = await lockRecords(trx, 'invoices', [match.iid]);
      if (!invoice)
        throw refuse('unknown_invoice', `${fileName}: invoice ${match.number} is gone.`);
      const existing = await trx
        .selectFrom('invoice_files')
        .select(['sha256', 'byte_size', 'original_name'])
        .where('iid', '=', invoice.iid)
        .executeTakeFirst();
      if (existing && !upload.replace) {
        throw refuse(
          'has_pdf',
          `${fileName}: invoice ${invoice.number} already has a PDF (${existing.original_name}); tick "Replace existing" to replace it.`,
        );
      }
      await trx
        .insertInto('invoice_files')
        .values({
          iid: invoice.iid,
          content: upload.bytes,
          sha256,
          byte_size: upload.bytes.length,
          original_name: fileName,
          uploaded_by: actor.uid,
        })
        .onConflict((conflict) =>
          conflict.column('iid').doUpdateSet({
            content: upload.bytes,
            sha256,
            byte_size: upload.bytes.length,
            original_name: fileName,
            uploaded_at: sql`now()`,
            uploaded_by: actor.uid,
          }),
        )
        .execute();
      await updateRecord(
        trx,
        actor,
        'invoices',
        invoice,
        { pdf_file: fileName },
        {
          action: 'attach-pdf',
          view: (row) => ({ pdf_file: row.pdf_file }),
          beforeDetails: existing
            ? { pdfSha256: existing.sha256, pdfByteSize: existing.byte_size }
            : undefined,
          details: {
            pdfSha256: sha256,
            pdfByteSize: upload.bytes.length,
            reason: existing ? `Replaced the PDF with ${fileName}` : `Attached ${fileName}`,
          },
        },
      );
      return {
        fileName,
        iid: invoice.iid,
        number: invoice.number,
        outcome: existing ? ('replaced' as const) : ('attached' as const),
        byteSize: upload.bytes.length,
        sha256,
      };
    },
    { isolationLevel: 'read committed' },
  );
}

/**
 * The PDF of an invoice: the uploaded one when it has one (unless `source` is 'generated'),
 * else rendered from the invoice in its member's language. 404 for an unknown invoice, or
 * 'attached' without one. A reminder (issue 17) is always rendered: an uploaded PDF cannot
 * carry the reminder's title.
 */
export async function getInvoicePdf(
  db: Kysely<Database>,
  iid: string,
  source: 'auto' | 'attached' | 'generated' = 'auto',
  options: { reminder?: InvoiceReminder | undefined } = {},
): Promise<{
  number: string;
  content: Buffer;
  source: 'attached' | 'generated';
  fileName: string;
  etag: string | null;
}> {
  if (source !== 'generated' && !(source === 'auto' && options.reminder)) {
    const stored = await db
      .selectFrom('invoice_files as f')
      .innerJoin('invoices as i', 'i.iid', 'f.iid')
      .select(['i.number', 'f.content', 'f.sha256'])
      .where('f.iid', '=', iid)
      .executeTakeFirst();
    if (stored) {
      return {
        number: stored.number,
        content: stored.content,
        source: 'attached',
        fileName: invoicePdfFileName(stored.number),
        etag: stored.sha256,
      };
    }
    if (source === 'attached') {
      const invoice = await db
        .selectFrom('invoices')
        .select('number')
        .where('iid', '=', iid)
        .executeTakeFirst();
      throw invoice
        ? new AppError('not-found', `Invoice ${invoice.number} has no uploaded PDF.`)
        : recordNotFound('invoices', iid);
    }
  }
  const data = await loadInvoicePdfData(db, iid);
  const content = await renderInvoicePdfFromData(data, { reminder: options.reminder });
  return {
    number: data.number,
    content,
    source: 'generated',
    fileName: invoicePdfFileName(data.number, options.reminder),
    etag: null,
  };
}
