import { z } from 'zod';
import { maxMinorAmount } from './money';

// --- The invoice model (shared/design/domain.md) ----------------------------------------------

export const invoiceStatuses = ['draft', 'issued', 'paid', 'void', 'uncollectible'] as const;
export type TInvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceKinds = ['membership', 'licence', 'application', 'other'] as const;
export type TInvoiceKind = (typeof invoiceKinds)[number];
export const invoicePaymentMethods = ['bank-transfer', 'card', 'cash', 'other'] as const;
export type TInvoicePaymentMethod = (typeof invoicePaymentMethods)[number];
export const invoiceSources = ['generated', 'csv-import', 'manual'] as const;
export type TInvoiceSource = (typeof invoiceSources)[number];
/** Currencies we invoice in (fees are set in CHF; EUR and USD on request). */
export const invoiceCurrencies = ['CHF', 'EUR', 'USD'] as const;

/**
 * The invoice life cycle: draft → issued → paid; issued → void | uncollectible. A draft that was
 * never sent can be voided too (so no mistaken draft lingers). Paid, void and uncollectible are
 * final: a paid invoice never goes back. *Overdue* is derived (issued and past due), not stored.
 */
export const invoiceStatusTransitions: Record<TInvoiceStatus, readonly TInvoiceStatus[]> = {
  draft: ['issued', 'void'],
  issued: ['paid', 'void', 'uncollectible'],
  paid: [],
  void: [],
  uncollectible: [],
};

/** Membership fees of a non-profit association are outside Swiss VAT (domain.md, a fact). */
export const membershipVatExemption = 'Outside the scope of Swiss VAT (membership fee)';
export const donationVatExemption = 'Outside the scope of Swiss VAT (donation)';
/** The optional donation line of a renewal (domain.md: CHF 25). */
export const renewalDonationChfMinor = 25_00;

export const ZInvoiceLine = z
  .object({
    description: z.string().trim().min(1, 'Must not be empty').max(200, 'At most 200 characters'),
    quantity: z
      .number()
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(10_000, 'At most 10,000'),
    unitAmountMinor: z
      .number()
      .int('Must be in minor units (cents)')
      .min(0, 'Must not be negative')
      .max(maxMinorAmount, 'Too large'),
    /** VAT rate in percent (8.1 for Swiss standard VAT), or null with an exemption text. */
    vatRate: z.number().min(0).max(100).multipleOf(0.01).nullable(),
    vatExemption: z.string().trim().max(200).nullable(),
    /** A voluntary donation: outside VAT and carried separately in the totals. */
    isDonation: z.boolean().optional(),
  })
  .refine((line) => line.vatRate !== null || (line.vatExemption ?? '') !== '', {
    message: 'A line without a VAT rate names its exemption',
    path: ['vatExemption'],
  })
  .describe('An invoice line: description, quantity, unit amount in minor units, VAT');
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

export type TInvoiceTotals = {
  subtotalMinor: number;
  vatMinor: number;
  donationMinor: number;
  totalMinor: number;
};

function isDonationLine(line: Pick<TInvoiceLine, 'isDonation' | 'vatExemption'>) {
  return line.isDonation === true || line.vatExemption === donationVatExemption;
}

/** A line's amount before VAT. */
export function lineAmountMinor(line: Pick<TInvoiceLine, 'quantity' | 'unitAmountMinor'>): number {
  return line.quantity * line.unitAmountMinor;
}

/**
 * A line's VAT, rounded half up to the minor unit. Integer arithmetic on basis points, so the
 * result never depends on how a float rounds 8.1 %.
 */
export function lineVatMinor(
  line: Pick<TInvoiceLine, 'quantity' | 'unitAmountMinor' | 'vatRate'>,
): number {
  if (!line.vatRate) return 0;
  const basisPoints = BigInt(Math.round(line.vatRate * 100));
  const amount = BigInt(lineAmountMinor(line));
  return Number((amount * basisPoints + 5_000n) / 10_000n);
}

/**
 * The totals of a set of lines, as stored on the invoice: the subtotal is the taxable part (the
 * fee lines), VAT is added per line, the donation is carried separately, and the total is their
 * sum.
 */
export function computeInvoiceTotals(lines: readonly TInvoiceLine[]): TInvoiceTotals {
  let subtotalMinor = 0;
  let vatMinor = 0;
  let donationMinor = 0;
  for (const line of lines) {
    if (isDonationLine(line)) donationMinor += lineAmountMinor(line);
    else {
      subtotalMinor += lineAmountMinor(line);
      vatMinor += lineVatMinor(line);
    }
  }
  return {
    subtotalMinor,
    vatMinor,
    donationMinor,
    totalMinor: subtotalMinor + vatMinor + donationMinor,
  };
}

/** Whether an invoice is overdue: issued and its due date before today (derived, not stored). */
export function isInvoiceOverdue(
  invoice: { status: TInvoiceStatus; dueDate: string | null },
  today: string,
): boolean {
  return invoice.status === 'issued' && invoice.dueDate !== null && invoice.dueDate < today;
}
