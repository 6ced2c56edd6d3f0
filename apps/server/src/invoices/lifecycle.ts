import {
  formatMinorPlain,
  invoiceStatusTransitions,
  type TInvoiceActionResult,
  type TInvoiceIssueRequest,
  type TInvoiceMarkPaidRequest,
  type TInvoiceReasonRequest,
  type TInvoiceStatus,
} from '@ops/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { OperatorActor } from '../db/audit';
import { lockRecord, updateRecord } from '../db/records';
import type { Database, InvoicesTable } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import { todayAtHeadquarters } from '../lib/dates';
import { requireInvoiceDetail } from './detail';
import {
  refuseSecondMembershipInvoice,
  requireInvoiceBankAccount,
  requireInvoiceMember,
} from './drafts';
import { allocateInvoiceSequences, invoiceNumberOf, paymentReferenceOf } from './numbers';
import { applyMemberCreditIn } from './money/member-credit';
import { bookInvoicePaymentIn } from './money/book-payment';
import { queueInvoiceEmailIn } from './invoice-email';
import { formatDate, formatMoney } from '@ops/contract/display-format';
import { clock } from '../lib/clock';

type Trx = Transaction<Database>;
type InvoiceRow = Selectable<InvoicesTable>;

/** Days from issue to due date when the draft names no due date (domain: renewals' term). */
export const invoicePaymentTermDays = 30;

/** Where e-mails come from and what links in them point to. */
export type InvoiceMailContext = { publicUrl: string; mailFrom: string };

/** "CHF 1’250.50": an amount in a message, written out the Swiss way. */
export function formatAmountForMail(currency: string, minor: number | string): string {
  const [units = '0', cents = '00'] = formatMinorPlain(minor).split('.');
  return `${currency.trim()} ${units.replace(/\B(?=(\d{3})+(?!\d))/g, '\u2019')}.${cents}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The life cycle's 400: the move is not one `invoiceStatusTransitions` allows. */
function refuseTransition(row: InvoiceRow, to: TInvoiceStatus, verb: string): void {
  if (invoiceStatusTransitions[row.status].includes(to)) return;
  const why =
    row.status === 'paid'
      ? 'it is paid, and a paid invoice never moves back'
      : row.status === 'draft'
        ? 'it is a draft: issue it first'
        : `it is ${row.status}`;
  throw badInput('params.iid', 'transition', `Invoice ${row.number} cannot be ${verb}: ${why}.`);
}

async function result(
  trx: Trx,
  iid: string,
  message: string,
  memberEffects: string[] = [],
): Promise<TInvoiceActionResult> {
  return { invoice: await requireInvoiceDetail(trx, iid), message, memberEffects };
}

/**
 * Issues a draft: the invoice number of its year (allocated now, so issued invoices are
 * numbered without gaps), issue date (today at headquarters unless the draft names one), due
 * date (30 days later unless named), the bank account (the draft's, else the currency's default)
 * and the payment reference (QR reference for a QR-IBAN, else ISO 11649). With `sendEmail`,
 * the invoice e-mail with its PDF is queued in the same transaction.
 */
export async function issueInvoice(
  db: Kysely<Database>,
  actor: OperatorActor,
  iid: string,
  request: TInvoiceIssueRequest,
  context: InvoiceMailContext,
): Promise<TInvoiceActionResult> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'invoices', iid, { version: request.version });
    refuseTransition(row, 'issued', 'issued');
    if (!row.member_mid) {
      throw badInput('body.memberMid', 'required', `Invoice ${row.number} names no member.`);
    }
    const member = await requireInvoiceMember(trx, row.member_mid);
    const currency = row.currency.trim();
    const account = row.bank_account_id
      ? await requireInvoiceBankAccount(trx, row.bank_account_id, currency)
      : await trx
          .selectFrom('bank_accounts')
          .select(['id', 'label', 'qr_iban'])
          .where('currency', '=', currency)
          .where('active', '=', true)
          .orderBy('is_default', 'desc')
          .orderBy('label')
          .limit(1)
          .executeTakeFirst();
    if (!account) {
      throw badInput(
        'body.bankAccountId',
        'required',
        `There is no active bank account in ${currency}: add one in Settings, then issue.`,
      );
    }
    await refuseSecondMembershipInvoice(trx, {
      iid,
      kind: row.kind,
      year: row.year,
      memberMid: member.mid,
    });
    const lines = row.lines;
    if (!Array.isArray(lines) || lines.length === 0) {
      throw badInput('body.lines', 'required', `Invoice ${row.number} has no lines.`);
    }
    if (request.sendEmail && !member.email) {
      throw badInput(
        'body.sendEmail',
        'no-address',
        `Member ${member.number} has no e-mail address: issue without sending, or add one first.`,
      );
    }

    const issueDate = row.issue_date ?? todayAtHeadquarters();
    const dueDate = row.due_date ?? addDays(issueDate, invoicePaymentTermDays);
    if (dueDate < issueDate) {
      throw badInput('body.dueDate', 'order', 'The due date cannot be before the issue date.');
    }
    const sequence = await allocateInvoiceSequences(trx, row.year, 1);
    const number = invoiceNumberOf(row.year, sequence);
    const issued = await updateRecord(
      trx,
      actor,
      'invoices',
      row,
      {
        number,
        status: 'issued',
        issue_date: issueDate,
        due_date: dueDate,
        bank_account_id: account.id,
        payment_reference: paymentReferenceOf(account, member.number, row.year, sequence),
      },
      { action: 'issue' },
    );
    // Issue 16: the member's credit in this currency pays the new invoice first, before its PDF
    // is made, so the PDF and the e-mail show it (an invoice the credit covers becomes paid).
    const credit = await applyMemberCreditIn(trx, actor, iid, context);
    const creditNote = credit
      ? `; ${formatMoney(credit.appliedMinor, currency)} of the member's credit applied${credit.invoice.status === 'paid' ? ', so it is paid' : ''}`
      : '';

    let sent = '';
    if (request.sendEmail && member.email) {
      // In the member's language, with the balance after any credit applied above.
      await queueInvoiceEmailIn(trx, context.mailFrom, iid, {
        kind: 'invoice-issued',
        field: 'body.sendEmail',
      });
      sent = ` and e-mailed to ${member.email} with its PDF`;
    }
    return result(
      trx,
      iid,
      `Invoice ${number} issued over ${formatMoney(issued.total_minor, currency)}, due ${formatDate(dueDate)}${creditNote}${sent}.`,
      credit?.memberEffects ?? [],
    );
  });
}

/** The moment of a payment: a day means that day (noon UTC, never later than now). */
function paymentMoment(value: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const noon = new Date(`${value}T12:00:00.000Z`);
    if (Number.isNaN(noon.getTime())) {
      throw badInput('body.paidAt', 'invalid-date', `"${value}" is not a calendar date.`);
    }
    return value === todayAtHeadquarters()
      ? new Date(Math.min(noon.getTime(), clock.nowMs()))
      : noon;
  }
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) {
    throw badInput('body.paidAt', 'invalid-date', `"${value}" is not a time.`);
  }
  return moment;
}

/**
 * Books a payment received by hand (issue 16): the amount the person typed (the dialog prefills
 * the balance) goes through the money engine, which decides the outcome: paid (a short payment
 * within the tolerance written off as bank charges), partially paid with its balance, or paid
 * with the surplus to the member's credit. Rule 2 runs when the invoice becomes paid. A paid
 * invoice is refused: a second payment by hand would be a mistake more often than not.
 */
export async function markInvoicePaid(
  db: Kysely<Database>,
  actor: OperatorActor,
  iid: string,
  request: TInvoiceMarkPaidRequest,
  context: InvoiceMailContext,
): Promise<TInvoiceActionResult> {
  const paidAt = paymentMoment(request.paidAt);
  return writeTransaction(db, async (trx) => {
    const booked = await bookInvoicePaymentIn(
      trx,
      actor,
      iid,
      {
        paidAt,
        amountMinor: request.amountMinor,
        method: request.method,
        source: 'manual',
        reference: request.reference?.trim() || null,
        reason: 'Recorded by hand',
      },
      { ...context, expectedVersion: request.version, onPaidInvoice: 'refuse' },
    );
    return {
      ...(await result(
        trx,
        iid,
        `${booked.summary.replace(/\.$/, '')} (received on ${formatDate(paidAt.toISOString())}).`,
        booked.memberEffects,
      )),
      outcome: booked.outcome,
    };
  });
}

/** Void (a draft or an issued invoice) or write off as uncollectible (an issued one), with why. */
export async function closeInvoice(
  db: Kysely<Database>,
  actor: OperatorActor,
  iid: string,
  to: 'void' | 'uncollectible',
  request: TInvoiceReasonRequest,
): Promise<TInvoiceActionResult> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'invoices', iid, { version: request.version });
    refuseTransition(row, to, to === 'void' ? 'voided' : 'written off as uncollectible');
    await updateRecord(
      trx,
      actor,
      'invoices',
      row,
      { status: to },
      {
        action: to,
        reason: request.reason,
        view: (invoice) => ({ status: invoice.status, version: invoice.version }),
      },
    );
    return result(
      trx,
      iid,
      to === 'void'
        ? `Invoice ${row.number} voided.`
        : `Invoice ${row.number} written off as uncollectible.`,
    );
  });
}
