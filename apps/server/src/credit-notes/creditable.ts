import { lineAmountMinor, type TCreditableInvoice } from '@ops/contract';
import type { Kysely } from 'kysely';
import { recordNotFound } from '../db/records';
import type { Database } from '../db/schema';
import { creditedByLine } from './lines';

/**
 * What a credit note on an invoice can take: each line with what earlier credit notes took of
 * it and what is left, and the earlier credit notes (the credit note dialog reads it).
 */
export async function getCreditableInvoice(
  db: Kysely<Database>,
  iid: string,
): Promise<TCreditableInvoice> {
  const invoice = await db
    .selectFrom('invoices as i')
    .leftJoin('members as m', 'm.mid', 'i.member_mid')
    .select([
      'i.iid',
      'i.number',
      'i.status',
      'i.kind',
      'i.year',
      'i.currency',
      'i.lines',
      'i.total_minor',
      'i.credited_minor',
      'i.balance_minor',
      'm.email',
    ])
    .where('i.iid', '=', iid)
    .executeTakeFirst();
  if (!invoice) throw recordNotFound('invoices', iid);
  const notes = await db
    .selectFrom('credit_notes')
    .select(['cnid', 'number', 'issue_date', 'total_minor', 'reason', 'lines'])
    .where('invoice_iid', '=', iid)
    .orderBy('number')
    .execute();
  const credited = creditedByLine(notes);
  const lines = (Array.isArray(invoice.lines) ? invoice.lines : []).map((line, lineIndex) => {
    const amountMinor = lineAmountMinor(line);
    const creditedMinor = credited.get(lineIndex) ?? 0;
    return {
      lineIndex,
      description: line.description,
      quantity: line.quantity,
      unitAmountMinor: line.unitAmountMinor,
      vatRate: line.vatRate,
      amountMinor,
      creditedMinor,
      leftMinor: Math.max(0, amountMinor - creditedMinor),
    };
  });
  const isCreditable = invoice.status === 'issued' || invoice.status === 'paid';
  return {
    iid: invoice.iid,
    number: invoice.number,
    status: invoice.status,
    kind: invoice.kind,
    year: invoice.year,
    currency: invoice.currency.trim(),
    totalMinor: String(invoice.total_minor),
    creditedMinor: String(invoice.credited_minor),
    balanceMinor: String(invoice.balance_minor),
    canCredit:
      isCreditable &&
      Number(invoice.credited_minor) < Number(invoice.total_minor) &&
      lines.some((line) => line.leftMinor > 0),
    needsMembershipDecision: invoice.kind === 'membership' && invoice.status === 'paid',
    memberEmail: invoice.email ?? null,
    lines,
    creditNotes: notes.map((note) => ({
      cnid: note.cnid,
      number: note.number,
      issueDate: note.issue_date,
      totalMinor: String(note.total_minor),
      reason: note.reason,
    })),
  };
}
