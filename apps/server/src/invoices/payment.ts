import {
  invoiceStatusTransitions,
  type TInvoicePaymentMethod,
  type TMemberStatus,
} from '@ops/contract';
import type { Selectable, Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import { issueMembershipCertificateIn } from '../certificates';
import type { Database, InvoicesTable } from '../db/schema';
import { lockRecord, lockRecords, updateRecord } from '../db/records';
import { badInput } from '../errors';
import { todayAtHeadquarters } from '../lib/dates';
import { formatDate } from '@ops/contract/display-format';
import { memberStatusLabels } from '@ops/contract/labels';

type Trx = Transaction<Database>;
export type InvoiceRow = Selectable<InvoicesTable>;

/** A payment as whoever records it knows it: the bank statement, the card provider, a receipt. */
export type InvoicePayment = {
  paidAt: Date;
  amountMinor: number;
  method: TInvoicePaymentMethod;
  /** The payment's own reference (bank transaction, card payment id, receipt number). */
  reference: string | null;
};

export type PaymentOptions = {
  publicUrl: string;
  mailFrom: string;
  /** The version the operator read; omitted by webhooks and imports, which decide by state. */
  expectedVersion?: number;
  /** Why, for the audit trail ("Card payment in_123", "Bank statement 2026-01-14"). */
  reason?: string;
  /** Field of the request that names the invoice, for 400s ("body.iid", "params.iid"). */
  invoiceField?: string;
};

export type PaymentOutcome = {
  invoice: InvoiceRow;
  /** What rule 2 did to the member, in words for the operator ("M-000123 is active again"). */
  memberEffects: string[];
  certificate: { cid: string; year: number } | null;
};

/** What the audit trail keeps of a payment: the invoice's payment columns and version. */
function paymentView(row: Record<string, unknown>) {
  return {
    status: row.status,
    paid_at: row.paid_at,
    paid_amount_minor: row.paid_amount_minor,
    paid_method: row.paid_method,
    paid_reference: row.paid_reference,
    version: row.version,
  };
}

/** Statuses a payment brings back to active (rule 2); ended memberships stay ended. */
const reactivatedStatuses: readonly TMemberStatus[] = ['pending-payment', 'overdue', 'suspended'];

/**
 * Marks an invoice paid and runs rule 2 of the domain in the caller's transaction:
 * 1. the invoice moves issued → paid with the payment's date, amount, method and reference
 *    (a paid invoice never moves back; only an issued one can be paid);
 * 2. for a membership invoice, the member becomes active (from pending payment, overdue or
 *    suspended, unless another membership invoice of theirs is still past due) and its
 *    paid-through year moves up to the invoice's year;
 * 3. the year's membership certificate is issued (and e-mailed) unless one is already issued,
 *    for a year that has not ended yet.
 * Every change writes its audit entry. Callers lock nothing themselves: the invoice row is
 * taken FOR UPDATE here, so two payments of the same invoice cannot both pass.
 */
export async function recordInvoicePaymentIn(
  trx: Trx,
  actor: Actor,
  iid: string,
  payment: InvoicePayment,
  options: PaymentOptions,
): Promise<PaymentOutcome> {
  const field = options.invoiceField ?? 'params.iid';
  const invoice = await lockRecord(trx, 'invoices', iid, { version: options.expectedVersion });
  if (!invoiceStatusTransitions[invoice.status].includes('paid')) {
    const why =
      invoice.status === 'paid'
        ? `it was already paid on ${invoice.paid_at ? formatDate(new Date(invoice.paid_at).toISOString()) : 'an earlier day'}`
        : invoice.status === 'draft'
          ? 'it is a draft: issue it first'
          : `it is ${invoice.status}`;
    throw badInput(field, 'transition', `Invoice ${invoice.number} cannot be marked paid: ${why}.`);
  }
  if (!Number.isSafeInteger(payment.amountMinor) || payment.amountMinor <= 0) {
    throw badInput('body.amountMinor', 'positive', 'The amount paid must be more than zero.');
  }
  if (payment.paidAt.getTime() > Date.now() + 5 * 60_000) {
    throw badInput('body.paidAt', 'not-future', 'The payment date cannot be in the future.');
  }

  const paid = await updateRecord(
    trx,
    actor,
    'invoices',
    invoice,
    {
      status: 'paid',
      paid_at: payment.paidAt,
      paid_amount_minor: payment.amountMinor,
      paid_method: payment.method,
      paid_reference: payment.reference,
    },
    { action: 'mark-paid', reason: options.reason, view: paymentView },
  );

  const outcome: PaymentOutcome = { invoice: paid, memberEffects: [], certificate: null };
  if (paid.kind !== 'membership' || !paid.member_mid) return outcome;
  await applyMembershipPayment(trx, actor, paid, outcome, options);
  return outcome;
}

/** Rule 2's member side: status, paid-through year, certificate. */
async function applyMembershipPayment(
  trx: Trx,
  actor: Actor,
  invoice: InvoiceRow,
  outcome: PaymentOutcome,
  options: PaymentOptions,
) {
  const mid = invoice.member_mid;
  if (!mid) return;
  const [member] = await lockRecords(trx, 'members', [mid]);
  if (!member || member.deleted_at) return;

  const today = todayAtHeadquarters();
  const stillOverdue = await trx
    .selectFrom('invoices')
    .select('number')
    .where('member_mid', '=', mid)
    .where('kind', '=', 'membership')
    .where('status', '=', 'issued')
    .where('due_date', '<', today)
    .where('iid', '<>', invoice.iid)
    .limit(1)
    .executeTakeFirst();
  const becomesActive = reactivatedStatuses.includes(member.status) && !stillOverdue;
  const paidThrough = Math.max(member.paid_through_year ?? 0, invoice.year);
  const movesPaidThrough = paidThrough !== member.paid_through_year;

  if (becomesActive || movesPaidThrough) {
    await updateRecord(
      trx,
      actor,
      'members',
      member,
      { ...(becomesActive ? { status: 'active' as const } : {}), paid_through_year: paidThrough },
      {
        action: becomesActive ? 'status' : 'update',
        reason: `Invoice ${invoice.number} paid`,
        view: (row) => ({
          status: row.status,
          paid_through_year: row.paid_through_year,
          version: row.version,
        }),
      },
    );
    if (becomesActive) {
      outcome.memberEffects.push(
        `${member.number} is now active (was ${memberStatusLabels[member.status].toLowerCase()})`,
      );
    }
    if (movesPaidThrough) {
      outcome.memberEffects.push(`${member.number} is paid through ${paidThrough}`);
    }
  }
  if (stillOverdue && reactivatedStatuses.includes(member.status)) {
    outcome.memberEffects.unshift(
      `${member.number} stays ${memberStatusLabels[member.status].toLowerCase()}: invoice ${stillOverdue.number} is still past due`,
    );
  }

  // The certificate of the paid year, unless it already has one or the year is over.
  const memberStatus = becomesActive ? 'active' : member.status;
  const currentYear = Number(today.slice(0, 4));
  if (invoice.year < currentYear || !['active', 'overdue'].includes(memberStatus)) return;
  const existing = await trx
    .selectFrom('certificates')
    .select('number')
    .where('member_mid', '=', mid)
    .where('type', '=', 'membership')
    .where('year', '=', invoice.year)
    .where('status', '=', 'issued')
    .executeTakeFirst();
  if (existing) return;
  const cid = await issueMembershipCertificateIn(
    trx,
    actor,
    { memberMid: mid, year: invoice.year },
    { publicUrl: options.publicUrl, mailFrom: options.mailFrom },
  );
  outcome.certificate = { cid, year: invoice.year };
  outcome.memberEffects.push(`membership certificate ${invoice.year} issued`);
}

/**
 * Rule 2's member side for an invoice that is already paid (invoice fixes: a paid membership
 * invoice whose member is still pending payment or paid through an earlier year). The invoice
 * itself is not touched: it is only locked, so that it cannot change meanwhile.
 */
export async function applyRuleTwoForPaidInvoiceIn(
  trx: Trx,
  actor: Actor,
  iid: string,
  options: PaymentOptions,
): Promise<PaymentOutcome> {
  const field = options.invoiceField ?? 'params.iid';
  const invoice = await lockRecord(trx, 'invoices', iid);
  if (invoice.status !== 'paid') {
    throw badInput(
      field,
      'transition',
      `Invoice ${invoice.number} is ${invoice.status}, not paid.`,
    );
  }
  const outcome: PaymentOutcome = { invoice, memberEffects: [], certificate: null };
  if (invoice.kind !== 'membership' || !invoice.member_mid) return outcome;
  await applyMembershipPayment(trx, actor, invoice, outcome, options);
  return outcome;
}
