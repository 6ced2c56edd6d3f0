import { firstMembershipFeeChfMinor, membershipVatExemption } from '@ops/contract';
import type { OperatorActor } from '../../../db/audit';
import { insertRecord } from '../../../db/records';
import type { InvoiceLine } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import { buildCreditorReference, buildQrReference } from '../../../lib/iban';
import type { ApplicationRow } from '../../detail';
import type { Trx } from '../context';
import { dayPlus, feeBandOf, paymentTermDays } from '../fees';
import { nextInvoiceNumber } from '../numbers';

/** The fee band of the application's country (A when it names none). */
async function feeBandOfApplication(trx: Trx, row: ApplicationRow) {
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
 * The new member's first invoice, issued: this year's membership fee in CHF by its country's fee
 * band and its category, paid to the default CHF account.
 */
export async function issueFirstInvoice(
  trx: Trx,
  actor: OperatorActor,
  row: ApplicationRow,
  member: { mid: string; number: string },
  /** The day of the approval at headquarters (YYYY-MM-DD): the issue date, and the fee's year. */
  today: string,
) {
  const year = Number(today.slice(0, 4));
  const band = await feeBandOfApplication(trx, row);
  const fee = firstMembershipFeeChfMinor[band][row.category];
  const account = await trx
    .selectFrom('bank_accounts')
    .select(['id', 'qr_iban'])
    .where('currency', '=', 'CHF')
    .where('is_default', '=', true)
    .where('active', '=', true)
    .executeTakeFirst();
  const { number, sequence } = await nextInvoiceNumber(trx, year);
  const referencePayload = `${member.number.replace(/\D/g, '')}${year}${String(sequence).padStart(7, '0')}`;
  const lines: InvoiceLine[] = [
    {
      description: `Membership fee ${year} – ${row.category === 'association' ? 'association' : 'individual'} member`,
      quantity: 1,
      unitAmountMinor: fee,
      vatRate: null,
      vatExemption: membershipVatExemption,
    },
  ];
  const dueDate = dayPlus(today, paymentTermDays);
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
      reason: `First invoice of member ${member.number} (application ${row.number}, fee band ${band})`,
    },
  );
  return { iid, number, fee, dueDate };
}
