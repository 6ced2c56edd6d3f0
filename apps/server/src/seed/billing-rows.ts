import type { Insertable } from 'kysely';
import type {
  BankAccountsTable,
  CertificatesTable,
  InvoiceLine,
  InvoicesTable,
} from '../db/schema';
import {
  createdOnce,
  dayMs,
  dayOf,
  donationMinor,
  invoiceStatusOf,
  isoDate,
  isoTime,
  membershipFees,
  officeTime,
  paymentTermDays,
  renewalIssueDay,
  seedActor,
  type BankAccountPlan,
  type Currency,
  type DemoPlan,
  type InvoicePlanStatus,
  type MemberPlan,
} from './demo-plan';
import type { EmailJob, InvoiceSummary } from './email-rows';
import { renewalFeeLine } from '../invoices';
import { buildCreditorReference, buildQrReference, buildSwissIban } from '../lib/iban';
import { demoCardInvoiceSid } from './payment-rows';
import { createPrng, type Prng } from './prng';

/** The federation's own accounts; the demo bank and its IID are fictitious, the check digits real. */
const bankAccountSeeds: Readonly<
  Record<Currency, { label: string; account: string; hasQrIban: boolean }>
> = {
  CHF: { label: 'Membership fees CHF', account: '000482915201', hasQrIban: true },
  EUR: { label: 'Membership fees EUR', account: '000482915202', hasQrIban: true },
  USD: { label: 'Membership fees USD', account: '000482915203', hasQrIban: false },
};
const demoBankIid = '04835';
const demoBankQrIid = '30835';

export const donationVatExemption = 'Outside the scope of Swiss VAT (donation)';

export function* generateBankAccountRows(plan: DemoPlan): Generator<Insertable<BankAccountsTable>> {
  const createdMs = dayOf('2015-01-05') * dayMs + 9 * 3_600_000;
  for (const account of plan.bankAccounts) {
    const seed = bankAccountSeeds[account.currency];
    yield {
      id: account.id,
      label: seed.label,
      bank_name: 'Helvetia Demo Bank AG',
      holder_name: 'International Federation of Freight Forwarders (Demo)',
      holder_address: 'Seefeldstrasse 45, 8008 Zürich, Switzerland',
      iban: buildSwissIban(demoBankIid, seed.account),
      qr_iban: seed.hasQrIban ? buildSwissIban(demoBankQrIid, seed.account) : null,
      bic: 'HDBKCHZZXXX',
      currency: account.currency,
      is_default: true,
      active: true,
      ...createdOnce(createdMs),
    };
  }
}

/**
 * QR reference for CHF/EUR (their accounts have a QR-IBAN, which requires one), ISO 11649
 * creditor reference for USD: member number, year and the invoice's sequence in its year.
 */
export function paymentReference(
  currency: Currency,
  memberNumber: string,
  year: number,
  sequence: number,
) {
  const payload = `${memberNumber.replace(/\D/g, '')}${year}${String(sequence).padStart(7, '0')}`;
  return currency === 'USD' ? buildCreditorReference(payload) : buildQrReference(payload);
}

function paidMethod(prng: Prng): 'bank-transfer' | 'card' | 'cash' | 'other' {
  const roll = prng.next();
  return roll < 0.85 ? 'bank-transfer' : roll < 0.96 ? 'card' : roll < 0.97 ? 'cash' : 'other';
}

/** Days from issue to payment: most pay within the term, some late, a few very late. */
function daysToPay(prng: Prng): number {
  const roll = prng.next();
  return roll < 0.8
    ? prng.int(2, paymentTermDays - 1)
    : roll < 0.97
      ? prng.int(paymentTermDays, 75)
      : prng.int(76, 200);
}

/** A paid membership invoice of the current year, which gets a certificate. */
export type CertificateJob = {
  member: MemberPlan;
  iid: string;
  paidMs: number;
  invoiceNumber: string;
};

type InvoiceRow = Insertable<InvoicesTable>;

export function* generateInvoiceRows(
  plan: DemoPlan,
  certificateJobs: CertificateJob[],
  emailJobs: EmailJob[],
): Generator<InvoiceRow> {
  const { referenceDay, currentYear } = plan.calendar;
  const prng = createPrng(plan.seed, 'invoices');
  const sequences = new Map<number, number>();
  const accountByCurrency = new Map(
    plan.bankAccounts.map((account: BankAccountPlan) => [account.currency, account.id]),
  );
  const firstYearOf = (member: MemberPlan) => {
    const joined = new Date(member.joinedDay * dayMs);
    return joined.getUTCMonth() >= 9 ? joined.getUTCFullYear() + 1 : joined.getUTCFullYear();
  };

  const makeInvoice = (
    member: MemberPlan,
    year: number,
    status: InvoicePlanStatus,
    issueDay: number,
    hasDonation: boolean,
  ) => {
    const category = member.category === 'honorary' ? 'individual' : member.category;
    const fee = membershipFees[member.currency][category];
    const sequence = (sequences.get(year) ?? 0) + 1;
    sequences.set(year, sequence);
    const lines: InvoiceLine[] = [renewalFeeLine(year, category, fee)];
    const donation = hasDonation ? donationMinor : 0;
    if (hasDonation) {
      lines.push({
        description: 'Voluntary donation to the federation’s education fund',
        quantity: 1,
        unitAmountMinor: donationMinor,
        vatRate: null,
        vatExemption: donationVatExemption,
      });
    }
    const dueDay = issueDay + paymentTermDays;
    const createdMs = officeTime(prng, issueDay);
    // Invoices from before the console went live came in through the legacy CSV import.
    const isImported = year < currentYear - 1;
    const row: InvoiceRow = {
      iid: prng.id(),
      number: `${year}-${String(sequence).padStart(6, '0')}`,
      member_mid: member.mid,
      kind: 'membership',
      year,
      issue_date: isoDate(issueDay),
      due_date: isoDate(dueDay),
      currency: member.currency,
      lines,
      // The subtotal is the taxable part (the fee); the donation is carried separately.
      subtotal_minor: fee,
      vat_minor: 0,
      donation_minor: donation,
      total_minor: fee + donation,
      bank_account_id: accountByCurrency.get(member.currency) ?? null,
      payment_reference: paymentReference(member.currency, member.number, year, sequence),
      status,
      paid_at: null,
      paid_amount_minor: null,
      paid_method: null,
      pdf_file: null,
      source: isImported ? 'csv-import' : 'generated',
      import_batch: isImported ? `legacy-${currentYear - 1}-12` : null,
      card_invoice_sid: null,
      dunning_level: 0,
      dunning_level_on: null,
      ...createdOnce(createdMs),
    };
    return { row, createdMs, dueDay };
  };

  for (const member of plan.memberOrder) {
    if (member.invoiceToYear < member.invoiceFromYear) continue;
    const firstYear = firstYearOf(member);
    for (let year = member.invoiceFromYear; year <= member.invoiceToYear; year++) {
      let issueDay = year === firstYear ? member.joinedDay : renewalIssueDay(year);
      const status = invoiceStatusOf(member, year);
      const hasDonation = (status === 'paid' || status === 'issued') && prng.chance(0.15);

      if (member.voidYear === year) {
        // Issued with a mistake (address, currency), voided a few days later and issued again.
        const voided = makeInvoice(member, year, 'void', issueDay, false);
        const voidDay = issueDay + prng.int(1, 10);
        voided.row.version = 2;
        voided.row.updated_at = isoTime(officeTime(prng, voidDay));
        yield voided.row;
        issueDay = voidDay;
      }

      const { row, createdMs, dueDay } = makeInvoice(member, year, status, issueDay, hasDonation);
      const summary: InvoiceSummary = {
        iid: row.iid,
        number: row.number,
        year,
        currency: member.currency,
        totalMinor: Number(row.total_minor),
        dueDate: isoDate(dueDay),
        reference: row.payment_reference ?? '',
      };
      if (status === 'paid') {
        const paidMs = Math.min(
          officeTime(prng, issueDay + daysToPay(prng)),
          (referenceDay - 1) * dayMs + 61_200_000,
        );
        row.paid_at = isoTime(Math.max(paidMs, createdMs + 3_600_000));
        row.paid_amount_minor = row.total_minor;
        row.paid_method = paidMethod(prng);
        // This year's card payments came through the provider: payment-rows.ts adds them.
        if (row.paid_method === 'card' && year === currentYear) {
          row.card_invoice_sid = demoCardInvoiceSid(row.iid);
        }
        row.version = 2;
        row.updated_at = row.paid_at;
        if (year === currentYear) {
          certificateJobs.push({
            member,
            iid: row.iid,
            paidMs: Date.parse(row.paid_at),
            invoiceNumber: row.number,
          });
        }
      } else if (status === 'void' || status === 'uncollectible') {
        row.version = 2;
        const closedDay = member.endedDay ?? dueDay + 180;
        row.updated_at = isoTime(
          Math.max(createdMs, officeTime(prng, Math.min(closedDay, referenceDay - 1))),
        );
      } else if (dueDay < referenceDay && prng.chance(0.6)) {
        // Issued and past due: overdue by date. Many got dunning's first reminder (issue 17:
        // due + 10 days at the earliest, the level's default), recorded on the invoice and as a
        // notice (`seed/demo.ts`); a reminder drawn sooner than that was not sent.
        const reminderDay = Math.min(referenceDay - 1, dueDay + prng.int(7, 25));
        const atMs = officeTime(prng, reminderDay);
        if (reminderDay >= dueDay + 10) {
          row.dunning_level = 1;
          row.dunning_level_on = isoDate(reminderDay);
          emailJobs.push({ kind: 'dunning-reminder-1', atMs, member, invoice: summary });
        }
      }
      if (status !== 'void' && prng.chance(0.08)) {
        emailJobs.push({
          kind: 'invoice',
          atMs: createdMs + prng.int(60, 900) * 1000,
          member,
          invoice: summary,
        });
      }
      yield row;
    }
  }
}

const verificationAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function* generateCertificateRows(
  plan: DemoPlan,
  certificateJobs: readonly CertificateJob[],
  emailJobs: EmailJob[],
): Generator<Insertable<CertificatesTable>> {
  const { currentYear } = plan.calendar;
  const prng = createPrng(plan.seed, 'certificates');
  const usedCodes = new Set<string>();
  for (const [position, job] of certificateJobs.entries()) {
    let code: string;
    do {
      const raw = prng.code(verificationAlphabet, 12);
      code = `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
    } while (usedCodes.has(code));
    usedCodes.add(code);
    // Issued by the system a few minutes after the payment was booked (rule 2 of the domain).
    const issuedMs = job.paidMs + prng.int(30, 1800) * 1000;
    const cid = prng.id();
    const number = `C-${currentYear}-${String(position + 1).padStart(6, '0')}`;
    if (prng.chance(0.25)) {
      emailJobs.push({
        kind: 'certificate',
        atMs: issuedMs + prng.int(5, 120) * 1000,
        member: job.member,
        certificate: { cid, number, verificationCode: code, year: currentYear },
      });
    }
    yield {
      cid,
      number,
      member_mid: job.member.mid,
      type: 'membership',
      document_code: null,
      year: currentYear,
      valid_from: `${currentYear}-01-01`,
      valid_to: `${currentYear}-12-31`,
      status: 'issued',
      invoice_iid: job.iid,
      issued_at: isoTime(issuedMs),
      issued_by: seedActor,
      pdf_file: null,
      verification_code: code,
      revocation_reason: null,
      ...createdOnce(issuedMs),
    };
  }
}
