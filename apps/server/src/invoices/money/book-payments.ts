import type { TPaymentOutcome } from '@ops/contract';
import { sql, type Transaction } from 'kysely';
import { recordAudits, type Actor, type AuditEntry } from '../../db/audit';
import { versionBump } from '../../db/records';
import type { Database } from '../../db/schema';
import { badInput } from '../../errors';
import { newId } from '../../lib/ids';
import type { ReceivedPayment } from './book-payment';
import { bookingDayOf } from './movements';
import { moneyView } from './settle';
import { defaultTolerance } from './tolerance';
import { applyRuleTwoToMembersIn, type CertificateDue } from './rule-two-bulk';

type Trx = Transaction<Database>;

/** One payment of many: the invoice it pays and a key the caller knows it by (a bank entry). */
export type BulkPayment = ReceivedPayment & { key: string; iid: string };

export type BulkBooking = { key: string; outcome: TPaymentOutcome; movementId: string };

export type BulkBookingResult = {
  bookings: BulkBooking[];
  /** Membership years now paid whose certificate is still to issue (after the commit). */
  certificatesDue: CertificateDue[];
  /** Members whose status or paid-through year rule 2 changed. */
  membersUpdated: number;
};

/** Rows per multi-row insert: 17 columns × 2,000 stays under PostgreSQL's 65,535 parameters. */
const rowsPerInsert = 2_000;
const auditsPerInsert = 5_000;

type InvoiceFacts = {
  iid: string;
  number: string;
  status: string;
  kind: string;
  member_mid: string | null;
  currency: string;
  total_minor: string;
  paid_minor: string;
  written_off_minor: string;
  balance_minor: string;
  paid_amount_minor: string | null;
  credited_minor: string;
  paid_at: Date | null;
  paid_method: string | null;
  paid_reference: string | null;
  received_minor: string;
  max_minor: string | null;
  percent_basis_points: number | null;
  version: number;
};

/** An invoice as the payments of the batch leave it, computed before anything is written. */
type InvoiceState = InvoiceFacts & {
  open: number;
  paid: number;
  writtenOff: number;
  received: number;
  completing: ReceivedPayment | null;
};

/**
 * Books many payments at once with exactly the rules of `bookInvoicePaymentIn` (balance,
 * tolerance write-off as bank charges, partial, surplus to member credit, paid at balance zero,
 * rule 2), in a handful of statements instead of some twenty per payment: a bank file of
 * 10,000 payments books in seconds. Payments of one invoice apply in the order given, each
 * seeing the balance the one before left. The invoices are locked in key order first; every
 * invoice must take a payment (issued, or paid: then the money is the member's credit) in its
 * currency — the importer's matching has checked that, so a refusal here is a 400 for the whole
 * batch, nothing written. What rule 2 leaves for after the commit (certificates, which render a
 * PDF and queue an e-mail each) is returned as `certificatesDue`.
 */
export async function bookInvoicePaymentsIn(
  trx: Trx,
  actor: Actor,
  payments: readonly BulkPayment[],
  field = 'file',
): Promise<BulkBookingResult> {
  return writePlannedPaymentsIn(
    trx,
    actor,
    await planInvoicePaymentsIn(trx, actor, payments, field),
  );
}

/** The bookings of a batch, computed and not yet written (`planInvoicePaymentsIn`). */
export type PaymentPlan = {
  bookings: BulkBooking[];
  movements: Record<string, unknown>[];
  invoices: InvoiceState[];
};

/**
 * The first half of `bookInvoicePaymentsIn`: locks the invoices and computes every booking
 * (outcome, movement ids) without writing, so that a caller can store its own rows with the
 * bookings' ids first (the bank import writes its entries with them in one insert).
 */
export async function planInvoicePaymentsIn(
  trx: Trx,
  actor: Actor,
  payments: readonly BulkPayment[],
  field = 'file',
): Promise<PaymentPlan> {
  if (payments.length === 0) return { bookings: [], movements: [], invoices: [] };
  const invoices = await lockInvoiceStates(trx, [...new Set(payments.map((p) => p.iid))]);

  const movements: Record<string, unknown>[] = [];
  const bookings: BulkBooking[] = [];
  for (const payment of payments) {
    const invoice = invoices.get(payment.iid);
    if (!invoice) throw badInput(field, 'exists', `No invoice has the id ${payment.iid}.`);
    refuseUnpayable(invoice, payment, field);
    const settles = Math.min(payment.amountMinor, invoice.open);
    const surplus = payment.amountMinor - settles;
    const remaining = invoice.open - settles;
    const tolerance = Math.min(
      Number(invoice.max_minor ?? defaultTolerance.maxMinor),
      Math.floor(
        (Number(invoice.total_minor) *
          (invoice.percent_basis_points ?? defaultTolerance.percentBasisPoints)) /
          10_000,
      ),
    );
    const writesOff = remaining > 0 && remaining <= tolerance ? remaining : 0;
    const bookedOn = bookingDayOf(payment.paidAt);
    const common = {
      member_mid: invoice.member_mid,
      invoice_iid: invoice.iid,
      currency: invoice.currency,
      source: payment.source,
      booked_on: bookedOn,
      reference: payment.reference,
      bank_entry_id: payment.bankEntryId ?? null,
      card_invoice_sid: payment.cardInvoiceSid ?? null,
      created_by: actor.uid,
    };
    const movementId = newId();
    movements.push({
      ...common,
      id: movementId,
      kind: 'payment',
      method: payment.method,
      amount_minor: payment.amountMinor,
      settles_minor: settles,
      credit_minor: surplus,
      reason: payment.reason ?? null,
      related_id: null,
    });
    if (writesOff > 0) {
      movements.push({
        ...common,
        id: newId(),
        kind: 'write-off',
        method: null,
        amount_minor: writesOff,
        settles_minor: writesOff,
        credit_minor: 0,
        reason: 'bank charges',
        related_id: movementId,
      });
    }
    invoice.open = remaining - writesOff;
    invoice.paid += settles;
    invoice.writtenOff += writesOff;
    invoice.received += payment.amountMinor;
    if (invoice.open === 0 && !invoice.completing) invoice.completing = payment;
    const outcome: TPaymentOutcome =
      invoice.open > 0 ? 'partial' : surplus > 0 ? 'overpaid' : 'paid';
    bookings.push({ key: payment.key, outcome, movementId });
  }

  return { bookings, movements, invoices: [...invoices.values()] };
}

/** The second half: the movements, the invoices and rule 2, in a handful of statements. */
export async function writePlannedPaymentsIn(
  trx: Trx,
  actor: Actor,
  plan: PaymentPlan,
): Promise<BulkBookingResult> {
  if (plan.bookings.length === 0) return { bookings: [], certificatesDue: [], membersUpdated: 0 };
  await insertMovements(trx, actor, plan.movements);
  const paidNow = await updateInvoices(trx, actor, plan.invoices);
  const ruleTwo = await applyRuleTwoToMembersIn(trx, actor, paidNow);
  return { bookings: plan.bookings, ...ruleTwo };
}

/** The invoices with what the batch needs, locked in key order (no deadlock with a payment). */
async function lockInvoiceStates(trx: Trx, iids: string[]): Promise<Map<string, InvoiceState>> {
  await sql`SELECT 1 FROM invoices WHERE iid = ANY(${iids}::text[]) ORDER BY iid FOR UPDATE`.execute(
    trx,
  );
  const { rows } = await sql<InvoiceFacts>`
    SELECT i.iid, i.number, i.status, i.kind, i.member_mid, trim(i.currency) AS currency,
           i.total_minor, i.paid_minor, i.written_off_minor, i.balance_minor,
           i.paid_amount_minor, i.credited_minor, i.paid_at, i.paid_method, i.paid_reference,
           i.version, t.max_minor, t.percent_basis_points,
           coalesce((SELECT sum(CASE WHEN m.kind = 'payment' THEN m.amount_minor
                                     WHEN m.kind = 'reversal' AND r.kind = 'payment'
                                       THEN -m.amount_minor ELSE 0 END)
                       FROM money_movements m LEFT JOIN money_movements r ON r.id = m.reverses_id
                      WHERE m.invoice_iid = i.iid), 0) AS received_minor
      FROM invoices i LEFT JOIN payment_tolerances t ON t.currency = i.currency
     WHERE i.iid = ANY(${iids}::text[])`.execute(trx);
  return new Map(
    rows.map((row) => [
      row.iid,
      {
        ...row,
        open: Math.max(0, Number(row.balance_minor)),
        paid: Number(row.paid_minor),
        writtenOff: Number(row.written_off_minor),
        received: Number(row.received_minor),
        completing: null,
      },
    ]),
  );
}

function refuseUnpayable(invoice: InvoiceState, payment: BulkPayment, field: string): void {
  if (invoice.status !== 'issued' && invoice.status !== 'paid') {
    throw badInput(
      field,
      'transition',
      `Invoice ${invoice.number} cannot be marked paid: it is ${invoice.status}.`,
    );
  }
  if (payment.currency && payment.currency.trim() !== invoice.currency) {
    throw badInput(
      field,
      'currency',
      `The payment is in ${payment.currency}, invoice ${invoice.number} in ${invoice.currency}.`,
    );
  }
  if (!Number.isSafeInteger(payment.amountMinor) || payment.amountMinor <= 0) {
    throw badInput(field, 'positive', 'The amount paid must be more than zero.');
  }
}

/** The movements in a few multi-row inserts, each with its audit entry. */
async function insertMovements(trx: Trx, actor: Actor, rows: Record<string, unknown>[]) {
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    const chunk = rows.slice(start, start + rowsPerInsert);
    await trx
      .insertInto('money_movements')
      .values(chunk as never[])
      .execute();
  }
  const audits: AuditEntry[] = rows.map((row) => ({
    table: 'money_movements',
    recordId: String(row.id),
    action: String(row.kind),
    after: row,
  }));
  for (let start = 0; start < audits.length; start += auditsPerInsert) {
    await recordAudits(trx, actor, audits.slice(start, start + auditsPerInsert));
  }
}

/**
 * One UPDATE of every invoice the batch touched (aggregates, status, the completing payment),
 * with the version bump and an audit entry each as `settleInvoiceIn` writes them. Returns the
 * membership invoices that became paid (rule 2's input).
 */
async function updateInvoices(
  trx: Trx,
  actor: Actor,
  invoices: InvoiceState[],
): Promise<{ iid: string; number: string; memberMid: string; year: number }[]> {
  const becomesPaid = (invoice: InvoiceState) => invoice.status === 'issued' && invoice.open === 0;
  const columns = {
    iid: invoices.map((i) => i.iid),
    paid: invoices.map((i) => String(i.paid)),
    writtenOff: invoices.map((i) => String(i.writtenOff)),
    status: invoices.map((i) => (becomesPaid(i) ? 'paid' : i.status)),
    paidAt: invoices.map((i) =>
      becomesPaid(i) ? (i.completing?.paidAt.toISOString() ?? null) : null,
    ),
    method: invoices.map((i) => (becomesPaid(i) ? (i.completing?.method ?? null) : null)),
    reference: invoices.map((i) => (becomesPaid(i) ? (i.completing?.reference ?? null) : null)),
    received: invoices.map((i) => String(i.received)),
  };
  const { rows } = await sql<Record<string, unknown> & { iid: string; year: number }>`
    WITH v AS (
      SELECT * FROM unnest(${columns.iid}::text[], ${columns.paid}::bigint[],
                           ${columns.writtenOff}::bigint[], ${columns.status}::text[],
                           ${columns.paidAt}::timestamptz[], ${columns.method}::text[],
                           ${columns.reference}::text[], ${columns.received}::bigint[])
        AS v(iid, paid, written_off, status, paid_at, method, reference, received)
    )
    UPDATE invoices i
       SET paid_minor = v.paid, written_off_minor = v.written_off, status = v.status,
           paid_at = CASE WHEN i.status = 'issued' AND v.status = 'paid' THEN v.paid_at ELSE i.paid_at END,
           paid_method = CASE WHEN i.status = 'issued' AND v.status = 'paid' THEN v.method ELSE i.paid_method END,
           paid_reference = CASE WHEN i.status = 'issued' AND v.status = 'paid' THEN v.reference ELSE i.paid_reference END,
           paid_amount_minor = CASE WHEN v.status = 'paid' THEN v.received ELSE i.paid_amount_minor END,
           ${versionBump('i', actor)}
      FROM v WHERE i.iid = v.iid
    RETURNING i.iid, i.number, i.kind, i.year, i.member_mid, i.status, i.paid_minor,
              i.credited_minor, i.written_off_minor, i.paid_at, i.paid_amount_minor,
              i.paid_method, i.paid_reference, i.version`.execute(trx);
  const before = new Map(invoices.map((invoice) => [invoice.iid, invoice]));
  const audits: AuditEntry[] = rows.map((row) => {
    const old = before.get(row.iid);
    const paidNow = old?.status === 'issued' && row.status === 'paid';
    return {
      table: 'invoices',
      recordId: row.iid,
      action: paidNow ? 'mark-paid' : 'payment',
      before: old ? moneyView(old) : null,
      after: moneyView(row),
    };
  });
  for (let start = 0; start < audits.length; start += auditsPerInsert) {
    await recordAudits(trx, actor, audits.slice(start, start + auditsPerInsert));
  }
  return rows
    .filter((row) => {
      const old = before.get(row.iid);
      return (
        old?.status === 'issued' &&
        row.status === 'paid' &&
        row.kind === 'membership' &&
        row.member_mid
      );
    })
    .map((row) => ({
      iid: row.iid,
      number: String(row.number),
      memberMid: String(row.member_mid),
      year: Number(row.year),
    }));
}
