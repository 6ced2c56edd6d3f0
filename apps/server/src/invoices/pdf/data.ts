import type { Language, TInvoiceKind, TInvoicePaymentMethod, TInvoiceStatus } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import { federationName } from '../../certificates';
import type { Database, InvoiceLine, MembersTable } from '../../db/schema';
import { recordNotFound } from '../../db/records';
import { memberAddressLinesOf } from '../../lib/member-address';
import { isLanguage } from '../../lib/pdf-language';

/**
 * The federation's Swiss VAT (UID-MWST) number. It is not registered: membership fees and
 * donations of a non-profit association are outside the scope of Swiss VAT (domain.md). Should
 * it register, this is the one place to set it; every invoice then names it.
 */
export const federationVatNumber: string | null = null;

/** The supplier's address when an invoice has no bank account (and so no holder address). */
export const headquartersAddress = 'Seefeldstrasse 45, 8008 Zürich, Switzerland';

/**
 * An invoice sent again by a dunning level (issue 17): its PDF is titled "Reminder 2" (or
 * "Final notice") in the member's language, with a paragraph asking for payment.
 */
export type InvoiceReminder = {
  /** The reminder's number, printed in the title ("REMINDER 2"). */
  level: number;
  /** The last notice before suspension: titled "FINAL NOTICE" instead. */
  final?: boolean;
};

/** The file name an invoice's PDF (or its reminder's) is served and attached as. */
export function invoicePdfFileName(number: string, reminder?: InvoiceReminder): string {
  const safe = number.replace(/[^A-Za-z0-9._-]+/g, '_');
  if (!reminder) return `invoice-${safe}.pdf`;
  return `${reminder.final ? 'final-notice' : `reminder-${reminder.level}`}-invoice-${safe}.pdf`;
}

/** Everything an invoice PDF states, read from the invoice, its member and its bank account. */
export type InvoicePdfData = {
  iid: string;
  number: string;
  kind: TInvoiceKind;
  status: TInvoiceStatus;
  year: number;
  /** The member's preferred language (issue 17): the PDF's fixed words; English without one. */
  language: Language;
  issueDate: string | null;
  dueDate: string | null;
  currency: string;
  lines: InvoiceLine[];
  subtotalMinor: number;
  vatMinor: number;
  donationMinor: number;
  totalMinor: number;
  paymentReference: string | null;
  paidAt: Date | null;
  paidAmountMinor: number | null;
  paidMethod: TInvoicePaymentMethod | null;
  /** What it received and what is still due (issue 16); absent or null: nothing received. */
  money?: InvoicePdfMoney | null;
  updatedAt: Date;
  member: {
    number: string;
    legalName: string;
    tradeName: string | null;
    addressLine1: string | null;
    addressLine2: string | null;
    postalCode: string | null;
    city: string | null;
    state: string | null;
    countryIso2: string | null;
    countryName: string | null;
    vatNumber: string | null;
  } | null;
  account: {
    bankName: string;
    holderName: string;
    holderAddress: string;
    iban: string;
    qrIban: string | null;
    bic: string | null;
  } | null;
};

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * What an invoice has received (issue 16), when it received anything: the member's credit
 * applied to it, payments (net of refunds and reversals), credit notes and bank charges written
 * off, and the balance still due. Absent for an invoice that received nothing (and for
 * documents drawn with the invoice's sections, which state no money of their own).
 */
export type InvoicePdfMoney = {
  creditAppliedMinor: number;
  paymentsMinor: number;
  creditedMinor: number;
  writtenOffMinor: number;
  balanceMinor: number;
};

/** What the invoice still asks for: its balance once money was received, else its total. */
export function amountDueMinor(data: Pick<InvoicePdfData, 'money' | 'totalMinor'>): number {
  return data.money ? Math.max(0, data.money.balanceMinor) : data.totalMinor;
}

/** The invoice's money as its PDF states it; null when nothing was received or credited. */
async function loadInvoiceMoney(
  db: Db,
  row: {
    iid: string;
    paid_minor: string;
    credited_minor: string;
    written_off_minor: string;
    balance_minor: string;
  },
): Promise<InvoicePdfMoney | null> {
  const paid = Number(row.paid_minor);
  const credited = Number(row.credited_minor);
  const writtenOff = Number(row.written_off_minor);
  if (paid === 0 && credited === 0 && writtenOff === 0) return null;
  // Applied credit, net of its reversals: the rest of what was paid came as payments.
  const applied = await db
    .selectFrom('money_movements as m')
    .leftJoin('money_movements as r', 'r.id', 'm.reverses_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('m.settles_minor'), eb.val('0')).as('sum'))
    .where('m.invoice_iid', '=', row.iid)
    .where((eb) =>
      eb.or([eb('m.kind', '=', 'credit-applied'), eb('r.kind', '=', 'credit-applied')]),
    )
    .executeTakeFirst();
  const creditApplied = Number(applied?.sum ?? 0);
  return {
    creditAppliedMinor: creditApplied,
    paymentsMinor: paid - creditApplied,
    creditedMinor: credited,
    writtenOffMinor: writtenOff,
    balanceMinor: Number(row.balance_minor),
  };
}

/** The member's address columns a recipient is made of (and its country's name). */
type PdfRecipientRow = Pick<
  MembersTable,
  | 'trade_name'
  | 'address_line1'
  | 'address_line2'
  | 'postal_code'
  | 'city'
  | 'state'
  | 'country_iso2'
  | 'vat_number'
> & { legal_name: string | null; country_name: string | null };

/**
 * The recipient a document drawn with the invoice's sections prints, from the member's number and
 * address columns; null when there is no member (an invoice whose member is gone). One mapping
 * for invoices and statements of account.
 */
export function pdfRecipientOf(
  number: string | null,
  row: PdfRecipientRow,
): InvoicePdfData['member'] {
  if (number === null || row.legal_name === null) return null;
  return {
    number,
    legalName: row.legal_name,
    ...memberAddressLinesOf(row),
    countryIso2: row.country_iso2?.trim() ?? null,
    countryName: row.country_name,
    vatNumber: row.vat_number,
  };
}

/**
 * What a document drawn with the invoice's sections states when it is neither due nor paid (a
 * credit note, a statement of account): no status stamp, no due day, no payment part.
 */
export const unpayablePdfFields = {
  status: 'issued',
  dueDate: null,
  paymentReference: null,
  paidAt: null,
  paidAmountMinor: null,
  paidMethod: null,
  money: null,
} as const satisfies Partial<InvoicePdfData>;

/** Reads what the PDF of an invoice shows; 404 when there is no such invoice. */
export async function loadInvoicePdfData(db: Db, iid: string): Promise<InvoicePdfData> {
  const row = await db
    .selectFrom('invoices as i')
    .leftJoin('members as m', 'm.mid', 'i.member_mid')
    .leftJoin('countries as c', 'c.iso2', 'm.country_iso2')
    .leftJoin('bank_accounts as b', 'b.id', 'i.bank_account_id')
    .select([
      'i.iid',
      'i.number',
      'i.kind',
      'i.status',
      'i.year',
      'i.issue_date',
      'i.due_date',
      'i.currency',
      'i.lines',
      'i.subtotal_minor',
      'i.vat_minor',
      'i.donation_minor',
      'i.total_minor',
      'i.payment_reference',
      'i.paid_at',
      'i.paid_amount_minor',
      'i.paid_method',
      'i.paid_minor',
      'i.credited_minor',
      'i.written_off_minor',
      'i.balance_minor',
      'i.updated_at',
      'm.number as member_number',
      'm.legal_name',
      'm.trade_name',
      'm.address_line1',
      'm.address_line2',
      'm.postal_code',
      'm.city',
      'm.state',
      'm.country_iso2',
      'm.vat_number',
      'm.preferred_language',
      'c.name as country_name',
      'b.bank_name',
      'b.holder_name',
      'b.holder_address',
      'b.iban',
      'b.qr_iban',
      'b.bic',
    ])
    .where('i.iid', '=', iid)
    .executeTakeFirst();
  if (!row) throw recordNotFound('invoices', iid);

  let account: InvoicePdfData['account'] =
    row.iban !== null
      ? {
          bankName: row.bank_name ?? '',
          holderName: row.holder_name ?? federationName,
          holderAddress: row.holder_address ?? headquartersAddress,
          iban: row.iban,
          qrIban: row.qr_iban,
          bic: row.bic,
        }
      : null;
  if (!account) {
    // An invoice without an account (a draft, an old import) is paid to the currency's default.
    const fallback = await db
      .selectFrom('bank_accounts')
      .select(['bank_name', 'holder_name', 'holder_address', 'iban', 'qr_iban', 'bic'])
      .where('currency', '=', row.currency)
      .where('active', '=', true)
      .orderBy('is_default', 'desc')
      .orderBy('created_at')
      .executeTakeFirst();
    if (fallback) {
      account = {
        bankName: fallback.bank_name,
        holderName: fallback.holder_name,
        holderAddress: fallback.holder_address,
        iban: fallback.iban,
        qrIban: fallback.qr_iban,
        bic: fallback.bic,
      };
    }
  }

  return {
    iid: row.iid,
    number: row.number,
    kind: row.kind,
    status: row.status,
    year: row.year,
    language: isLanguage(row.preferred_language) ? row.preferred_language : 'en',
    issueDate: row.issue_date,
    dueDate: row.due_date,
    currency: row.currency.trim(),
    lines: normalizeLines(row.lines),
    subtotalMinor: Number(row.subtotal_minor),
    vatMinor: Number(row.vat_minor),
    donationMinor: Number(row.donation_minor),
    totalMinor: Number(row.total_minor),
    paymentReference: row.payment_reference,
    paidAt: row.paid_at,
    paidAmountMinor: row.paid_amount_minor === null ? null : Number(row.paid_amount_minor),
    paidMethod: row.paid_method,
    money: await loadInvoiceMoney(db, row),
    updatedAt: row.updated_at,
    member: pdfRecipientOf(row.member_number, row),
    account,
  };
}

/**
 * The stored lines as the PDF prints them. Lines come from forms, imports and fixes; a missing or
 * odd value prints as 0 or empty rather than failing the document.
 */
function normalizeLines(value: unknown): InvoiceLine[] {
  if (!Array.isArray(value)) return [];
  const whole = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : 0);
  return value.map((raw: Partial<InvoiceLine> | null) => {
    const line = raw ?? {};
    const vatRate =
      typeof line.vatRate === 'number' && Number.isFinite(line.vatRate) ? line.vatRate : null;
    return {
      description: typeof line.description === 'string' ? line.description : '',
      quantity: whole(line.quantity),
      unitAmountMinor: whole(line.unitAmountMinor),
      vatRate,
      vatExemption: typeof line.vatExemption === 'string' ? line.vatExemption : null,
      ...(line.isDonation ? { isDonation: true } : {}),
    };
  });
}
