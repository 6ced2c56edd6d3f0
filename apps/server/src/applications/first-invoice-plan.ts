import type { TFirstInvoicePlan } from '@ops/contract/membership-billing';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clock } from '../lib/clock';
import { findApplicationRow } from './detail';
import { planFirstInvoice } from './workflow/approval/first-invoice';

/**
 * What approving the application today would bill (the approve dialog, issue 32): the year,
 * months and fee the first-year rule gives, computed as the approval computes it.
 */
export async function getFirstInvoicePlan(
  db: Kysely<Database>,
  aid: string,
): Promise<TFirstInvoicePlan> {
  const row = await findApplicationRow(db, aid);
  const plan = await planFirstInvoice(db, row, clock.today());
  return {
    year: plan.year,
    months: plan.months,
    fullFeeMinor: plan.fullFeeMinor,
    feeMinor: plan.feeMinor,
    currency: plan.currency,
    issueDate: plan.issueDate,
    dueDate: plan.dueDate,
    rule: plan.rule,
    reason: plan.reason,
  };
}
