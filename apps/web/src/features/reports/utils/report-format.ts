import { regionLabels } from '@ops/contract/countries';
import { formatCount, formatDate, formatMoney } from '@ops/contract/display-format';
import { certificateTypeLabels, labelOf, memberCategoryLabels } from '@ops/contract/labels';
import {
  ageingBucketLabels,
  type TReportCell,
  type TReportColumn,
  type TReportRow,
} from '@ops/contract/reports';
import { formatMonth } from '@/lib/report-figures';

const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const rateFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 4,
  maximumFractionDigits: 6,
});

export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

/** The applications funnel's steps. */
export const funnelStepLabels: Readonly<Record<string, string>> = {
  submitted: 'Submitted',
  endorsed: 'Endorsed',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Codes of the reports' text columns, in words: regions, categories, buckets, types, steps. */
const textLabels: Record<string, Readonly<Record<string, string>>> = {
  region: regionLabels,
  category: memberCategoryLabels,
  bucket: ageingBucketLabels,
  type: certificateTypeLabels,
  step: funnelStepLabels,
};

/** The currency of a money cell: its row's `currencyKey` column, CHF without one. */
export function currencyOf(column: TReportColumn, row: TReportRow): string {
  const currency = column.currencyKey ? row[column.currencyKey] : 'CHF';
  return typeof currency === 'string' && currency !== '' ? currency : 'CHF';
}

/**
 * A cell as the screen shows it, by its column's type: money with its currency
 * ("EUR 1,200.00"), months "Mar 2026", weeks by their Monday, counts "12,950", codes in words.
 * Nothing for null. The files (CSV, XLSX) keep the raw values; only the screen uses this.
 */
export function formatReportCell(column: TReportColumn, row: TReportRow): string {
  const value: TReportCell | undefined = row[column.key];
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  switch (column.type) {
    case 'money':
      return typeof value === 'number' || /^-?\d+$/.test(String(value))
        ? formatMoney(Math.round(Number(value)), currencyOf(column, row))
        : String(value);
    case 'integer':
      // A year is a name, not a count: 2026, never "2,026".
      return typeof value === 'number' && column.key !== 'year'
        ? formatCount(value)
        : String(value);
    case 'number':
      return typeof value === 'number' ? numberFormat.format(value) : String(value);
    case 'percent':
      return typeof value === 'number' ? formatPercent(value) : String(value);
    case 'rate':
      return typeof value === 'number' ? rateFormat.format(value) : String(value);
    case 'date':
      return formatDate(String(value));
    case 'week':
      return `Week of ${formatDate(String(value))}`;
    case 'month':
      return formatMonth(String(value));
    case 'currency':
      return String(value);
    case 'text': {
      const labels = textLabels[column.key];
      return labels ? labelOf(labels, String(value)) : String(value);
    }
  }
}

/** Whether a column's cells line up on the right (numbers). */
export function isNumericColumn(column: TReportColumn): boolean {
  return ['integer', 'number', 'percent', 'money', 'rate'].includes(column.type);
}
