import {
  ZTotalsRepair,
  type TInvoiceFixFindingsQuery,
  type TTotals,
  type TTotalsFinding,
} from '@ops/contract';
import { sql } from 'kysely';
import { updateRecord } from '../../db/records';
import { badInput } from '../../errors';
import { auditColumns } from './audit-columns';
import { countOf } from './count-of';
import { loadInvoices } from './fix-invoice';
import { toTotals, totalsDifferences } from './line-totals';
import { money } from './money';
import { defineInvoiceRepair, type Db, type InvoiceFixOperations } from './operations';
import { optionalReason, requireReason } from './reason';
import { settleCorrectedTotalIn } from './settle-corrected-total';

/** 4. Totals that do not add up to what the lines say. */
const check = 'totals';

const totalsDiffer = sql`NOT invoice_totals_match(i.lines, i.subtotal_minor, i.vat_minor,
  i.donation_minor, i.total_minor)`;

function count(db: Db) {
  return countOf(db, sql`SELECT count(*)::int AS count FROM invoices i WHERE ${totalsDiffer}`);
}

async function find(db: Db, query: TInvoiceFixFindingsQuery) {
  const [{ rows }, total] = await Promise.all([
    sql<{ iid: string; computed: string[] | null }>`
      SELECT i.iid, invoice_lines_totals(i.lines) AS computed FROM invoices i
       WHERE ${totalsDiffer} ORDER BY i.number, i.iid
       LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db),
    count(db),
  ]);
  const invoices = await loadInvoices(
    db,
    rows.map((row) => row.iid),
  );
  const computedOf = new Map(rows.map((row) => [row.iid, toTotals(row.computed)]));
  const findings = invoices.map((invoice): TTotalsFinding => {
    const stored: TTotals = {
      subtotalMinor: invoice.subtotalMinor,
      vatMinor: invoice.vatMinor,
      donationMinor: invoice.donationMinor,
      totalMinor: invoice.totalMinor,
    };
    const computed = computedOf.get(invoice.iid) ?? null;
    const isPaid = invoice.status === 'paid';
    const proposal = !computed
      ? 'The lines cannot be read: correct them on the invoice (a draft), or ask finance; no automatic repair.'
      : isPaid
        ? `Store the totals the lines add up to (total ${money(computed.totalMinor, invoice.currency)}). The invoice is paid (${money(invoice.paidAmountMinor ?? 0, invoice.currency)}): confirm it and say why; the payment is not changed${computed.totalMinor !== (invoice.paidAmountMinor ?? 0) ? (computed.totalMinor > (invoice.paidAmountMinor ?? 0) ? '; the difference is written off so that it stays paid (bill it with a further invoice if it is owed)' : "; what was paid beyond the new total goes to the member's credit") : ''}.`
        : `Store the totals the lines add up to (total ${money(computed.totalMinor, invoice.currency)}).`;
    return {
      invoice,
      stored,
      computed,
      differences: totalsDifferences(stored, computed, invoice.currency),
      needsConfirmation: isPaid,
      proposal,
    };
  });
  return { count: total, findings };
}

/**
 * Stores the totals the lines add up to (`fix:totals`). For a paid invoice only when the person
 * confirms it and says why; the payment (date, amount, method) is never touched, and the audit
 * entry keeps before, after and the amount paid. A paid invoice stays paid with no balance: the
 * difference is written off, or its surplus goes to the member's credit (`settleCorrectedTotalIn`).
 */
const repair = defineInvoiceRepair({
  summary:
    'Store the totals the lines add up to (a paid invoice: confirmed, with a reason; its payment unchanged)',
  body: ZTotalsRepair,
  async change(trx, actor, before, input) {
    const { rows } = await sql<{ computed: string[] | null }>`
        SELECT invoice_lines_totals(lines) AS computed FROM invoices WHERE iid = ${before.iid}`.execute(
      trx,
    );
    const computed = toTotals(rows[0]?.computed ?? null);
    if (!computed) {
      throw badInput(
        'body.iid',
        'lines',
        `The lines of invoice ${before.number} cannot be read (a quantity or amount is not a number): correct them first.`,
      );
    }
    const stored: TTotals = {
      subtotalMinor: Number(before.subtotal_minor),
      vatMinor: Number(before.vat_minor),
      donationMinor: Number(before.donation_minor),
      totalMinor: Number(before.total_minor),
    };
    const differences = totalsDifferences(stored, computed, before.currency);
    if (differences.length === 0) {
      throw badInput(
        'body.iid',
        'check',
        `The totals of invoice ${before.number} already add up; nothing to fix.`,
      );
    }
    const isPaid = before.status === 'paid';
    if (isPaid && input.confirmPaid !== true) {
      throw badInput(
        'body.confirmPaid',
        'confirm-paid',
        `Invoice ${before.number} is paid: confirm that you are changing the totals of a paid invoice (its payment stays as it is).`,
      );
    }
    const reason = isPaid
      ? requireReason(input.reason, `invoice ${before.number} is paid`)
      : optionalReason(input.reason);
    const paidAmount = before.paid_amount_minor === null ? null : Number(before.paid_amount_minor);
    // A paid invoice keeps no balance: the difference becomes a movement of its own.
    const settlement = await settleCorrectedTotalIn(trx, actor, before, computed.totalMinor);
    const paidNote =
      isPaid && paidAmount !== null
        ? ` Paid invoice: its payment of ${money(paidAmount, before.currency)} was not changed${paidAmount !== computed.totalMinor ? `; it differs from the new total by ${money(computed.totalMinor - paidAmount, before.currency)}` : ''}${settlement ? `; ${settlement.note}` : ''}.`
        : '';
    const after = await updateRecord(
      trx,
      actor,
      'invoices',
      before,
      {
        subtotal_minor: computed.subtotalMinor,
        vat_minor: computed.vatMinor,
        donation_minor: computed.donationMinor,
        total_minor: computed.totalMinor,
        ...settlement?.changes,
      },
      {
        action: `fix:${check}`,
        view: auditColumns(
          'subtotal_minor',
          'vat_minor',
          'donation_minor',
          'total_minor',
          'paid_minor',
          'written_off_minor',
          'version',
        ),
        reason:
          `Fix "totals": stored totals did not add up (${differences.join('; ')}); recomputed from the lines.${paidNote}` +
          (reason ? ` ${reason}` : ''),
        details: isPaid ? { paid_amount_minor: before.paid_amount_minor } : {},
      },
    );
    return {
      check,
      message: `Invoice ${before.number} now totals ${money(computed.totalMinor, before.currency)} (was ${money(stored.totalMinor, before.currency)}).${paidNote}`,
      changed: [{ table: 'invoices', id: after.iid, version: after.version }],
    };
  },
});

export const totalsFix: InvoiceFixOperations<'totals'> = { count, find, repair };
