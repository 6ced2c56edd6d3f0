import { feeBandOf, firstMembershipFeeChfMinor } from '@ops/contract';
import { monthName, planFirstYear } from '@ops/contract/first-year-billing';
import type { TFirstInvoicePlan } from '@ops/contract/membership-billing';
import type { Kysely } from 'kysely';
import type { OperatorActor } from '../../../db/audit';
import { insertRecord } from '../../../db/records';
import type { Database } from '../../../db/schema';
import { membershipFeeLine } from '../../../invoices';
import { getMembershipBillingSettings } from '../../../membership-billing';
import { newId } from '../../../lib/ids';
import { buildCreditorReference, buildQrReference } from '../../../lib/iban';
import type { ApplicationRow } from '../../detail';
import type { Trx } from '../context';
import { dayPlus, paymentTermDays } from '../fees';
import { nextInvoiceNumber } from '../numbers';

/** The fee band of the application's country (A when it names none). */
async function feeBandOfApplication(trx: Trx | Kysely<Database>, row: ApplicationRow) {
  const country = row.country_iso2
    ? await trx
        .selectFrom('countries')
        .select(['iso2', 'name', 'fee_category', 'income_group'])
        .where('iso2', '=', row.country_iso2)
        .executeTakeFirst()
    : undefined;
  return feeBandOf(country);
}

/**
 * What approving the application on `today` bills (issue 32): the year's full fee in CHF by its
 * country's fee band and its category, for the year and months the federation's first-year rule
 * gives (`membership_billing_settings`). The approve dialog shows it; the approval issues it.
 */
export async function planFirstInvoice(
  db: Trx | Kysely<Database>,
  row: ApplicationRow,
  /** The day of the approval at headquarters (YYYY-MM-DD): the issue date. */
  today: string,
): Promise<TFirstInvoicePlan & { band: string }> {
  const band = await feeBandOfApplication(db, row);
  const fullFeeMinor = firstMembershipFeeChfMinor[band][row.category];
  const settings = await getMembershipBillingSettings(db);
  const plan = planFirstYear(
    { rule: settings.firstYearRule, cutoffMonth: settings.cutoffMonth },
    today,
    fullFeeMinor,
  );
  return {
    ...plan,
    fullFeeMinor,
    currency: 'CHF',
    issueDate: today,
    dueDate: dayPlus(today, paymentTermDays),
    rule: settings.firstYearRule,
    band,
  };
}

/** "Membership fee 2026 – individual member", or pro rata "… (3 of 12 months, from October)". */
function feeLineOf(plan: TFirstInvoicePlan, category: ApplicationRow['category']): string {
  const kind = category === 'association' ? 'association' : 'individual';
  const months =
    plan.months < 12 ? ` (${plan.months} of 12 months, from ${monthName(13 - plan.months)})` : '';
  return `Membership fee ${plan.year}${months} – ${kind} member`;
}

/**
 * The new member's first invoice, issued as `planFirstInvoice` says, paid to the default CHF
 * account; numbered in its membership year's series (as the renewal run numbers next year's).
 */
export async function issueFirstInvoice(
  trx: Trx,
  actor: OperatorActor,
  row: ApplicationRow,
  member: { mid: string; number: string },
  /** The day of the approval at headquarters (YYYY-MM-DD): the issue date. */
  today: string,
) {
  const plan = await planFirstInvoice(trx, row, today);
  const { year, band, dueDate } = plan;
  const fee = plan.feeMinor;
  const account = await trx
    .selectFrom('bank_accounts')
    .select(['id', 'qr_iban'])
    .where('currency', '=', 'CHF')
    .where('is_default', '=', true)
    .where('active', '=', true)
    .executeTakeFirst();
  const { number, sequence } = await nextInvoiceNumber(trx, year);
  const referencePayload = `${member.number.replace(/\D/g, '')}${year}${String(sequence).padStart(7, '0')}`;
  const lines = [membershipFeeLine(feeLineOf(plan, row.category), fee)];
  const iid = newId();
  await insertRecord(
    trx,
    actor,
    'invoices',
    {
      iid,
      number,
      member_mid: member.mid,
      kind: 'membership',
      year,
      issue_date: today,
      due_date: dueDate,
      currency: 'CHF',
      lines: JSON.stringify(lines),
      subtotal_minor: fee,
      vat_minor: 0,
      donation_minor: 0,
      total_minor: fee,
      bank_account_id: account?.id ?? null,
      // A QR-IBAN requires a QR reference (rule 4); otherwise an ISO 11649 creditor reference.
      payment_reference: account?.qr_iban
        ? buildQrReference(referencePayload)
        : buildCreditorReference(referencePayload),
      status: 'issued',
      source: 'generated',
    },
    {
      action: 'create',
      reason: `First invoice of member ${member.number} (application ${row.number}, fee band ${band}; ${plan.reason})`,
    },
  );
  return { iid, number, fee, dueDate, plan };
}
