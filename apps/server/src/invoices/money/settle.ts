import type { TInvoicePaymentMethod } from '@ops/contract';
import type { Transaction } from 'kysely';
import type { Actor } from '../../db/audit';
import { updateRecord, type RecordChanges } from '../../db/records';
import type { Database } from '../../db/schema';
import type { InvoiceRow } from '../payment';
import { clock } from '../../lib/clock';

type Trx = Transaction<Database>;

/** What movements did to an invoice: added to its payments, credit notes and write-offs. */
export type InvoiceSettlement = {
  paidMinor?: number;
  creditedMinor?: number;
  writtenOffMinor?: number;
};

/** When the settlement completes the invoice: the payment that completed it. */
export type CompletingPayment = {
  paidAt: Date;
  method: TInvoicePaymentMethod | null;
  reference: string | null;
  /** All the money the invoice has received with this payment (its `paid_amount_minor`). */
  receivedMinor?: number;
};

/** The invoice's columns the audit trail keeps of a money change. */
export function moneyView(row: Record<string, unknown>) {
  return {
    status: row.status,
    paid_minor: row.paid_minor,
    credited_minor: row.credited_minor,
    written_off_minor: row.written_off_minor,
    paid_at: row.paid_at,
    paid_amount_minor: row.paid_amount_minor,
    paid_method: row.paid_method,
    paid_reference: row.paid_reference,
    version: row.version,
  };
}

export function balanceOf(invoice: InvoiceRow): number {
  return Number(invoice.balance_minor);
}

/**
 * Moves an invoice's aggregates by what its new movements did, and its status with them:
 * - issued → paid when the balance reaches zero (the completing payment's date, method and
 *   reference become `paid_*`; `paid_amount_minor` is all the money it received);
 * - paid → issued when a reversal reopens a balance (the `paid_*` columns are cleared);
 * - issued → credited when credit notes alone cover it (`toCredited`).
 * One versioned, audited update of the invoice; the caller has locked it.
 */
export async function settleInvoiceIn(
  trx: Trx,
  actor: Actor,
  invoice: InvoiceRow,
  settlement: InvoiceSettlement,
  audit: { action: string; reason?: string; completing?: CompletingPayment; toCredited?: boolean },
): Promise<InvoiceRow> {
  const paid = Number(invoice.paid_minor) + (settlement.paidMinor ?? 0);
  const credited = Number(invoice.credited_minor) + (settlement.creditedMinor ?? 0);
  const writtenOff = Number(invoice.written_off_minor) + (settlement.writtenOffMinor ?? 0);
  const balance = Number(invoice.total_minor) - paid - credited - writtenOff;
  const changes: RecordChanges<'invoices'> = {
    paid_minor: paid,
    credited_minor: credited,
    written_off_minor: writtenOff,
  };
  if (invoice.status === 'issued' && balance <= 0) {
    if (audit.toCredited && paid === 0) {
      changes.status = 'credited';
    } else {
      changes.status = 'paid';
      const completing = audit.completing;
      changes.paid_at = completing?.paidAt ?? clock.now();
      changes.paid_amount_minor = completing?.receivedMinor ?? paid;
      changes.paid_method = completing?.method ?? invoice.paid_method ?? 'other';
      changes.paid_reference = completing?.reference ?? null;
    }
  } else if (invoice.status === 'paid' && balance > 0) {
    changes.status = 'issued';
    changes.paid_at = null;
    changes.paid_amount_minor = null;
    changes.paid_method = null;
    changes.paid_reference = null;
  } else if (invoice.status === 'paid' && audit.completing?.receivedMinor !== undefined) {
    changes.paid_amount_minor = audit.completing.receivedMinor;
  }
  // A payment that completes the invoice keeps the audit trail's name for it.
  const action =
    audit.action === 'payment' && changes.status === 'paid' ? 'mark-paid' : audit.action;
  return updateRecord(trx, actor, 'invoices', invoice, changes, {
    action,
    reason: audit.reason,
    view: moneyView,
  });
}
