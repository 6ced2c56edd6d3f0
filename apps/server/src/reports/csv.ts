import type { TReport, TReportCell, TReportColumn, TReportRow } from '@ops/contract/reports';
import { csvQuote } from '../lib/csv';
import { escapeFormula } from '../lib/spreadsheet-formulas';
import { currencyOfCell, majorUnitsText } from './money-cells';

function cellText(value: TReportCell, column: TReportColumn, row: TReportRow): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    // Numbers are written as numbers (a number cannot carry a formula, a negative one is just
    // negative); money in major units with its currency's decimals, as the list exports do.
    return column.type === 'money'
      ? majorUnitsText(value, currencyOfCell(column, row))
      : String(value);
  }
  // Text from applicants and imports (a member's name `=HYPERLINK(…)`) would run as a formula
  // in a spreadsheet: the same guard as every other CSV file we write.
  return csvQuote(escapeFormula(value));
}

/**
 * A report as CSV: a byte-order mark first (so that Excel reads accents as UTF-8), the
 * columns' labels, then one line per row; dates as ISO days, months as YYYY-MM, money in major
 * units beside its currency column.
 */
export function reportCsv(report: TReport): string {
  const header = report.columns.map((column) => csvQuote(escapeFormula(column.label))).join(',');
  const lines = report.rows.map((row) =>
    report.columns.map((column) => cellText(row[column.key] ?? null, column, row)).join(','),
  );
  return `\uFEFF${[header, ...lines].join('\n')}\n`;
}
