import { membershipVatExemption } from '@ops/contract';
import type { InvoiceLine } from '../db/schema';

/** A membership fee as an invoice line: one fee, outside the scope of Swiss VAT. */
export function membershipFeeLine(description: string, feeMinor: number): InvoiceLine {
  return {
    description,
    quantity: 1,
    unitAmountMinor: feeMinor,
    vatRate: null,
    vatExemption: membershipVatExemption,
  };
}

const categoryLabel = {
  individual: 'individual member',
  association: 'association member',
  group: 'group member',
} as const;

/**
 * The line of a year's renewal invoice, "Membership fee 2027 – association member": the renewal
 * run writes it, and the demo data's invoices read as the run's.
 */
export function renewalFeeLine(
  year: number,
  category: keyof typeof categoryLabel,
  feeMinor: number,
): InvoiceLine {
  return membershipFeeLine(`Membership fee ${year} – ${categoryLabel[category]}`, feeMinor);
}
