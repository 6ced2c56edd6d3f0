import {
  firstYearRuleLabels,
  monthName,
  type FirstYearSettings,
} from '@ops/contract/first-year-billing';
import type {
  TMembershipBillingResult,
  TMembershipBillingUpdate,
} from '@ops/contract/membership-billing';
import type { Kysely } from 'kysely';
import type { Actor } from '../db/audit';
import { lockRecord, updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { getMembershipBillingSettings } from './settings';

/** "Next year, when approved from the cut-off month (1 October)": a rule in words. */
export function firstYearRuleWords(settings: FirstYearSettings): string {
  const label = firstYearRuleLabels[settings.rule];
  return settings.rule === 'next-year-from-cutoff'
    ? `${label} (1 ${monthName(settings.cutoffMonth)})`
    : label;
}

/**
 * PUT /api/settings/membership-billing: the first-year rule, checked against the version the
 * operator read (a 409 naming who saved meanwhile) and audited by the records store. It applies
 * to approvals from now on; first invoices already issued stay as they are.
 */
export async function updateMembershipBillingSettings(
  db: Kysely<Database>,
  actor: Actor,
  update: TMembershipBillingUpdate,
): Promise<TMembershipBillingResult> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'membership_billing_settings', 'membership-billing', {
      version: update.version,
    });
    const before = { rule: row.first_year_rule, cutoffMonth: row.cutoff_month };
    await updateRecord(
      trx,
      actor,
      'membership_billing_settings',
      row,
      { first_year_rule: update.firstYearRule, cutoff_month: update.cutoffMonth },
      { action: 'update' },
    );
    const settings = await getMembershipBillingSettings(trx);
    const after = { rule: settings.firstYearRule, cutoffMonth: settings.cutoffMonth };
    return {
      settings,
      message: `New members are now billed for their first year: ${firstYearRuleWords(after)} (was: ${firstYearRuleWords(before)}). Approvals from now on follow it.`,
    };
  });
}
