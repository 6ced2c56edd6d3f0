/**
 * Invoice fixes: seven checks over invoices and card payments, each an indexed query (migration
 * 0021), and their repairs. Every repair runs in one SERIALIZABLE transaction, locks what it
 * touches, checks the versions the person read (409 otherwise) and writes `fix:<check>` audit
 * entries with before, after and the reason — all through the records store (db/records.ts). A
 * paid invoice is never rewritten silently: it can gain a member or a card-payment link (its
 * payment untouched), and its totals are recomputed only when the person confirms it is paid and
 * says why; it is never voided.
 *
 * One file per check, each `{ count, find, repair }`; this registry is what the summary, the
 * findings and the routes loop over. A new check: its name in the contract's `invoiceFixChecks`
 * (with its finding schema), its file here, and its line below.
 */
import {
  invoiceFixCheckInfo,
  invoiceFixChecks,
  type InvoiceFixCheck,
  type TInvoiceFixesSummary,
  type TInvoiceFixFindingsPage,
  type TInvoiceFixFindingsQuery,
} from '@ops/contract';
import { cardUnlinkedFix } from './card-unlinked';
import { cardVoidInvoiceFix } from './card-void-invoice';
import { duplicateBillingFix } from './duplicate-billing';
import { duplicateNumberFix } from './duplicate-number';
import { noMemberFix } from './no-member';
import type { Db, InvoiceFixOperations } from './operations';
import { paidMemberPendingFix } from './paid-member-pending';
import { totalsFix } from './totals';

export { memberDigitsFromReference } from './member-reference';
export { money } from './money';
export type { FixContext, InvoiceFixOperations, InvoiceFixRepair } from './operations';

/** Every check of the contract with its operations. */
export const invoiceFixes: { [C in InvoiceFixCheck]: InvoiceFixOperations<C> } = {
  'no-member': noMemberFix,
  'duplicate-number': duplicateNumberFix,
  'duplicate-billing': duplicateBillingFix,
  totals: totalsFix,
  'paid-member-pending': paidMemberPendingFix,
  'card-unlinked': cardUnlinkedFix,
  'card-void-invoice': cardVoidInvoiceFix,
};

/** Every check with its count of findings (the checks run side by side). */
export async function getInvoiceFixesSummary(db: Db): Promise<TInvoiceFixesSummary> {
  const counts = await Promise.all(invoiceFixChecks.map((check) => invoiceFixes[check].count(db)));
  return {
    checks: invoiceFixChecks.map((check, i) => ({
      check,
      ...invoiceFixCheckInfo[check],
      count: counts[i] ?? 0,
      hasRepair: invoiceFixes[check].repair !== null,
    })),
  };
}

/** A page of one check's findings, with their number in all. */
export async function getInvoiceFixFindings(
  db: Db,
  check: InvoiceFixCheck,
  query: TInvoiceFixFindingsQuery,
): Promise<TInvoiceFixFindingsPage> {
  const { count, findings } = await invoiceFixes[check].find(db, query);
  // The registry pairs each check with its own findings; TypeScript cannot follow that pairing
  // through a key that is any of the checks, so the page is asserted to be the check's.
  return {
    check,
    offset: query.offset,
    limit: query.limit,
    count,
    findings,
  } as TInvoiceFixFindingsPage;
}
