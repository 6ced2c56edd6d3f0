import { computeInvoiceTotals, type TCreditNoteMembershipDecision } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import { recordNotFound } from '../../db/records';
import type { CreditNoteLine, Database, InvoiceLine } from '../../db/schema';
import { loadInvoicePdfData, unpayablePdfFields, type InvoicePdfData } from '../../invoices';

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * What a credit note's PDF states. `document` has the shape of an invoice PDF's data (supplier,
 * recipient, lines, totals), so that the invoice's sections draw it; the rest is the credit
 * note's own: the invoice it credits, why, and what it did.
 */
export type CreditNotePdfData = {
  document: InvoicePdfData;
  number: string;
  issueDate: string;
  invoiceNumber: string;
  invoiceIssueDate: string | null;
  reason: string;
  settlesMinor: number;
  creditMinor: number;
  membershipDecision: TCreditNoteMembershipDecision | null;
  invoiceYear: number;
};

/** The file name a credit note's PDF is served and attached as. */
export function creditNotePdfFileName(number: string): string {
  return `credit-note-${number.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`;
}

/** The credited lines as the invoice's lines table prints them (exemptions from the invoice). */
function printedLines(lines: CreditNoteLine[], invoiceLines: InvoiceLine[]): InvoiceLine[] {
  return lines.map((line) => {
    const source = invoiceLines[line.lineIndex];
    return {
      description: line.description,
      quantity: line.quantity,
      unitAmountMinor: line.unitAmountMinor,
      vatRate: line.vatRate,
      vatExemption: source?.vatExemption ?? null,
      ...(source?.isDonation ? { isDonation: true } : {}),
    };
  });
}

/** Reads what the PDF of a credit note shows; 404 when there is no such credit note. */
export async function loadCreditNotePdfData(db: Db, cnid: string): Promise<CreditNotePdfData> {
  const note = await db
    .selectFrom('credit_notes as cn')
    .leftJoin('money_movements as mm', 'mm.id', 'cn.movement_id')
    .select([
      'cn.number',
      'cn.invoice_iid',
      'cn.issue_date',
      'cn.lines',
      'cn.total_minor',
      'cn.reason',
      'cn.membership_decision',
      'cn.updated_at',
      'mm.settles_minor',
      'mm.credit_minor',
    ])
    .where('cn.cnid', '=', cnid)
    .executeTakeFirst();
  if (!note) throw recordNotFound('credit_notes', cnid);
  const invoice = await loadInvoicePdfData(db, note.invoice_iid);
  const lines = printedLines(note.lines, invoice.lines);
  const totals = computeInvoiceTotals(lines);
  const totalMinor = Number(note.total_minor);
  return {
    document: {
      ...invoice,
      number: note.number,
      // No status stamp and no payment: a credit note is neither due nor paid.
      ...unpayablePdfFields,
      issueDate: note.issue_date,
      lines,
      subtotalMinor: totals.subtotalMinor,
      // The note's total is what it credits; per-line VAT rounding of partial credits shows here.
      vatMinor: totalMinor - totals.subtotalMinor - totals.donationMinor,
      donationMinor: totals.donationMinor,
      totalMinor,
      updatedAt: note.updated_at,
    },
    number: note.number,
    issueDate: note.issue_date,
    invoiceNumber: invoice.number,
    invoiceIssueDate: invoice.issueDate,
    reason: note.reason,
    settlesMinor: Number(note.settles_minor ?? totalMinor),
    creditMinor: Number(note.credit_minor ?? 0),
    membershipDecision: note.membership_decision,
    invoiceYear: invoice.year,
  };
}
