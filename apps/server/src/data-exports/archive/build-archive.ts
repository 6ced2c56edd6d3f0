import type { TDataExportCounts } from '@ops/contract';
import type { Kysely } from 'kysely';
import { getCertificatePdf } from '../../certificates';
import { creditNotePdfFileName, renderCreditNotePdf } from '../../credit-notes';
import type { Database } from '../../db/schema';
import { getInvoicePdf } from '../../invoices';
import { readAuditEntries } from './audit-entries';
import { readMemberRecords } from './member-records';
import { ZipWriter } from './zip-writer';

/** The documents every archive holds besides the PDFs: the README and eight JSON files. */
const fixedDocuments = 9;

/** A file name a person recognises, safe in any ZIP tool: letters, digits, `-`, `_`, `.`. */
const safeName = (name: string) => name.replace(/[^0-9A-Za-z._-]+/g, '-');

export type ArchiveProgress = (done: number, total: number) => void;

/**
 * The ZIP of "Download our data" (issue 35): the member's record (with its directory entry), its
 * users, invoices, credit notes, payments, certificates, change requests and the audit entries
 * about them as JSON, and each invoice's, credit note's and certificate's PDF as the portal serves
 * it (an uploaded invoice PDF where staff attached one, else generated; a certificate exactly as
 * issued). `progress` hears each document written, of all the archive will hold.
 */
export async function buildMemberArchive(
  db: Kysely<Database>,
  options: { mid: string; publicUrl: string; madeAt: Date; progress: ArchiveProgress },
): Promise<{ content: Buffer; documents: number; counts: TDataExportCounts }> {
  const { mid, publicUrl, madeAt, progress } = options;
  const records = await readMemberRecords(db, mid);
  const auditEntries = await readAuditEntries(db, mid, records);
  const pdfs = records.invoices.length + records.creditNotes.length + records.certificates.length;
  const total = fixedDocuments + pdfs;
  let done = 0;
  const wrote = () => progress(++done, total);

  const zip = new ZipWriter(madeAt);
  zip.text('README.txt', readme(records.memberNumber, madeAt));
  wrote();
  const documents: [name: string, value: unknown][] = [
    ['member.json', records.member],
    ['users.json', records.users],
    ['invoices.json', records.invoices],
    ['credit-notes.json', records.creditNotes],
    ['payments.json', records.payments],
    ['certificates.json', records.certificates],
    ['change-requests.json', records.changeRequests],
    ['audit-entries.json', auditEntries],
  ];
  for (const [name, value] of documents) {
    zip.json(name, value);
    wrote();
  }

  // One PDF at a time: the job shares the server with the people using it.
  for (const invoice of records.invoices) {
    const pdf = await getInvoicePdf(db, String(invoice.iid));
    zip.stored(`invoices/${safeName(pdf.fileName)}`, pdf.content);
    wrote();
  }
  for (const note of records.creditNotes) {
    const content = await renderCreditNotePdf(db, String(note.cnid));
    zip.stored(`credit-notes/${safeName(creditNotePdfFileName(String(note.number)))}`, content);
    wrote();
  }
  for (const certificate of records.certificates) {
    const pdf = await getCertificatePdf(db, String(certificate.cid), publicUrl);
    zip.stored(`certificates/certificate-${safeName(pdf.number)}.pdf`, pdf.content);
    wrote();
  }
  return {
    content: await zip.finish(),
    documents: total,
    counts: {
      users: records.users.length,
      invoices: records.invoices.length,
      creditNotes: records.creditNotes.length,
      payments: records.payments.length,
      certificates: records.certificates.length,
      changeRequests: records.changeRequests.length,
      auditEntries: auditEntries.length,
      pdfs,
    },
  };
}

function readme(memberNumber: string, madeAt: Date): string {
  return [
    `The data the federation keeps about member ${memberNumber}, as of ${madeAt.toISOString()}.`,
    '',
    'member.json           the company record as staff keep it, with its directory entry',
    "users.json            the member's users and their roles (no passwords or sign-in secrets)",
    'invoices.json         every invoice (not drafts), amounts in minor units of their currency',
    'credit-notes.json     every credit note and the invoice it credits',
    'payments.json         every booking: payments, credits, refunds and their reversals',
    'certificates.json     every certificate issued, with its verification code',
    'change-requests.json  the changes asked for in the portal and their decisions',
    'audit-entries.json    the history of changes to all of the above: when, what, by whom',
    'invoices/, credit-notes/, certificates/   the documents as PDFs',
    '',
  ].join('\n');
}
