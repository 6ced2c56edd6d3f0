import type { TTotals } from '@ops/contract';
import { money } from './money';

/** `invoice_lines_totals(lines)` (migration 0021) as totals; null when a line is unreadable. */
export function toTotals(values: readonly (string | number)[] | null): TTotals | null {
  if (!values || values.length !== 4) return null;
  const [subtotalMinor, vatMinor, donationMinor, totalMinor] = values.map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return { subtotalMinor, vatMinor, donationMinor, totalMinor };
}

const totalLabels: Record<keyof TTotals, string> = {
  subtotalMinor: 'subtotal',
  vatMinor: 'VAT',
  donationMinor: 'donation',
  totalMinor: 'total',
};

/** Each stored total that differs from what the lines add up to, in words. */
export function totalsDifferences(
  stored: TTotals,
  computed: TTotals | null,
  currency: string,
): string[] {
  if (!computed) return ['The lines cannot be read (a quantity or amount is not a number).'];
  return (Object.keys(totalLabels) as (keyof TTotals)[]).flatMap((field) =>
    stored[field] === computed[field]
      ? []
      : [
          `${totalLabels[field]}: stored ${money(stored[field], currency)}, the lines add up to ${money(computed[field], currency)}`,
        ],
  );
}
