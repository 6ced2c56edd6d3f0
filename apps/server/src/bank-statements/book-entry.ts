import type { TBankMatchRule } from '@ops/contract';
import type { Selectable, Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import { lockRecord, updateRecord } from '../db/records';
import type { BankEntriesTable, Database } from '../db/schema';
import { badInput } from '../errors';
import {
  bookInvoicePaymentIn,
  type BookedPayment,
  type ReceivedPayment,
  type RuleTwoContext,
} from '../invoices';
import { moveStatementCounters } from './actions/statement-counters';
import { clock } from '../lib/clock';

type Trx = Transaction<Database>;
export type BankEntryRow = Selectable<BankEntriesTable>;

/** Where rule 2's certificate e-mail comes from and what its links point to. */
export type EntryBookingContext = Pick<RuleTwoContext, 'publicUrl' | 'mailFrom'>;

export type EntryBooking = {
  /** How the entry was matched: a rule of the importer, or 'operator' (assigned by hand). */
  rule: TBankMatchRule;
  /** Why, in words the operator reads on the entry and the payment ("QR reference"). */
  reason: string;
  context: EntryBookingContext;
  /** The version of the entry the operator read (confirm, assign); omitted by the importer. */
  version?: number;
  /** Field of the request that names the invoice, for 400s ("body.iid"). */
  invoiceField?: string;
};

export type BookedEntry = { entry: BankEntryRow; booking: BookedPayment };

/** The states an entry can be booked from: the Unmatched payments queue. */
const bookableStates: readonly BankEntryRow['state'][] = ['suggested', 'unmatched'];

/**
 * The bank's own reference of the entry's money, which the payment keeps: the transaction's
 * AcctSvcrRef, else its batch booking's, else the payer's end-to-end id.
 */
export function bankReferenceOf(
  entry: Pick<
    BankEntryRow,
    'account_servicer_reference' | 'batch_reference' | 'end_to_end_id' | 'structured_reference'
  >,
): string | null {
  return (
    entry.account_servicer_reference ??
    entry.batch_reference ??
    entry.end_to_end_id ??
    entry.structured_reference
  );
}

/**
 * When the money arrived, as a moment the engine books on the entry's day: noon UTC of the
 * booking date (the same calendar day at headquarters), never later than now (the engine refuses
 * payments from the future, and a bank may date today's entry ahead).
 */
export function paidAtOf(entry: Pick<BankEntryRow, 'booking_date' | 'value_date'>): Date {
  const day = entry.booking_date ?? entry.value_date;
  if (!day) return clock.now();
  const noon = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(noon.getTime()) || noon.getTime() > clock.nowMs() ? clock.now() : noon;
}

/** What the engine needs of an entry: stored (a string amount) or about to be (a number). */
export type EntryMoney = Pick<
  BankEntryRow,
  | 'beid'
  | 'currency'
  | 'booking_date'
  | 'value_date'
  | 'account_servicer_reference'
  | 'batch_reference'
  | 'end_to_end_id'
  | 'structured_reference'
> & { amount_minor: string | number };

/** The payment the money engine books for a bank entry. */
export function paymentOfEntry(entry: EntryMoney, reason: string): ReceivedPayment {
  return {
    amountMinor: Number(entry.amount_minor),
    currency: entry.currency.trim(),
    paidAt: paidAtOf(entry),
    method: 'bank-transfer',
    source: 'bank',
    reference: bankReferenceOf(entry),
    reason,
    bankEntryId: entry.beid,
  };
}

/**
 * Books one bank entry to one invoice, in the caller's transaction: the entry is locked (409 if
 * the operator's version is stale), its amount goes through the money engine (tolerance
 * write-off, partial payment, surplus to the member's credit on an overpaid or already paid
 * invoice, rule 2 when it becomes paid; a different currency is refused with rule `currency`),
 * the entry becomes 'booked' with its outcome, invoice, member, rule, reason and movement, and
 * its statement's counters follow. The operator's confirm and assign call it; the importer books
 * its thousands of matches through the same engine but writes their entries set-based.
 */
export async function bookEntryIn(
  trx: Trx,
  actor: Actor,
  beid: string,
  iid: string,
  options: EntryBooking,
): Promise<BookedEntry> {
  const entry = await lockRecord(trx, 'bank_entries', beid, { version: options.version });
  if (entry.direction !== 'credit') {
    throw badInput('params.beid', 'transition', 'A debit entry is listed, never booked.');
  }
  if (!bookableStates.includes(entry.state)) {
    throw badInput(
      'params.beid',
      'transition',
      `Only a payment in the Unmatched payments queue can be booked; this one is ${entry.state}.`,
    );
  }
  const booking = await bookInvoicePaymentIn(
    trx,
    actor,
    iid,
    paymentOfEntry(entry, options.reason),
    {
      ...options.context,
      onPaidInvoice: 'credit',
      invoiceField: options.invoiceField ?? 'body.iid',
    },
  );
  const updated = await updateRecord(
    trx,
    actor,
    'bank_entries',
    entry,
    {
      state: 'booked',
      outcome: booking.outcome,
      invoice_iid: booking.invoice.iid,
      member_mid: booking.invoice.member_mid,
      match_rule: options.rule,
      match_reason: options.reason,
      unmatched_reason: null,
      ignored_reason: null,
      movement_id: booking.movement.id,
    },
    { action: 'book', reason: options.reason, details: { _summary: booking.summary } },
  );
  await moveStatementCounters(trx, actor, entry.statement_bsid, entry.state, 'booked');
  return { entry: updated, booking };
}
