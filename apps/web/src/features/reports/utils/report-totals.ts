import type { TReport, TReportName, TReportRow } from '@ops/contract/reports';

/**
 * The reports whose rows add up: flows over a period and open balances. Members at year ends,
 * running renewal totals and the funnel's steps (each a share of the one before) do not.
 */
const summable: ReadonlySet<TReportName> = new Set([
  'growth',
  'revenue',
  'receivables-ageing',
  'receivables-by-member',
  'certificates',
  'email-delivery',
]);

export type ReportTotal = { label: string; row: TReportRow };

/**
 * The totals of a report's table: one row per currency when its money is in several (amounts in
 * different currencies never add up), then, for several currencies, the CHF equivalents of all.
 * Money and counts are added; rates, shares and dates are not.
 */
export function reportTotalsOf(report: TReport): ReportTotal[] {
  if (!summable.has(report.name) || report.rows.length === 0) return [];
  const addable = report.columns.filter(
    (column) => column.type === 'integer' || column.type === 'money',
  );
  // A period's number (the year) is a label, not a figure.
  const figures = addable.filter((column) => column.key !== 'year' && column.key !== 'daysPastDue');
  const hasCurrency = report.columns.some((column) => column.key === 'currency');
  const sum = (rows: readonly TReportRow[], keys: readonly string[]): TReportRow => {
    const total: TReportRow = {};
    for (const key of keys) {
      let value: number | null = 0;
      for (const row of rows) {
        const cell = row[key];
        if (cell === null || cell === undefined) value = null;
        else if (typeof cell === 'number' && value !== null) value += cell;
      }
      total[key] = value;
    }
    return total;
  };
  if (!hasCurrency)
    return [
      {
        label: 'Total',
        row: sum(
          report.rows,
          figures.map((c) => c.key),
        ),
      },
    ];

  const currencies = [...new Set(report.rows.map((row) => String(row.currency)))].sort();
  const totals: ReportTotal[] = currencies.map((currency) => ({
    label: `Total ${currency}`,
    row: {
      currency,
      ...sum(
        report.rows.filter((row) => row.currency === currency),
        figures.map((column) => column.key),
      ),
    },
  }));
  // The CHF equivalents (money without a currency column) add up across currencies.
  const inChf = figures.filter((column) => column.type === 'money' && !column.currencyKey);
  if (currencies.length > 1 && inChf.length > 0)
    totals.push({
      label: 'Total in CHF',
      row: sum(
        report.rows,
        inChf.map((column) => column.key),
      ),
    });
  return totals;
}
