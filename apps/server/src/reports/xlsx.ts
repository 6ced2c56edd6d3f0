import { currencyDecimals } from '@ops/contract/display-format';
import type { TReport, TReportCell, TReportColumn, TReportRow } from '@ops/contract/reports';
import ExcelJS from 'exceljs';
import { currencyOfCell, majorUnits } from './money-cells';

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A day as a spreadsheet date: midnight UTC, which is how exceljs turns a Date into a serial. */
function dayCell(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** `#,##0.00 "CHF"`: the amount with its currency's decimals and code, still a number. */
function moneyFormat(currency: string): string {
  const digits = currencyDecimals(currency);
  return `#,##0${digits > 0 ? `.${'0'.repeat(digits)}` : ''} "${currency}"`;
}

/** A typed cell: dates as dates, money and counts as numbers, with the format that shows them. */
function cellOf(
  value: TReportCell,
  column: TReportColumn,
  row: TReportRow,
): { value: ExcelJS.CellValue; numFmt?: string } {
  if (value === null) return { value: null };
  if (typeof value === 'number') {
    switch (column.type) {
      case 'money': {
        const currency = currencyOfCell(column, row);
        return { value: majorUnits(value, currency), numFmt: moneyFormat(currency) };
      }
      case 'percent':
        return { value, numFmt: '0.0"%"' };
      case 'rate':
        return { value, numFmt: '0.0000##' };
      default:
        return { value };
    }
  }
  if (typeof value === 'string') {
    switch (column.type) {
      case 'date':
        return { value: dayCell(value), numFmt: 'yyyy-mm-dd' };
      case 'week':
        return { value: dayCell(value), numFmt: 'yyyy-mm-dd' };
      case 'month':
        return { value: dayCell(`${value}-01`), numFmt: 'yyyy-mm' };
      default:
        return { value };
    }
  }
  return { value };
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);
}

function columnWidth(column: TReportColumn): number {
  const byType: Partial<Record<TReportColumn['type'], number>> = {
    money: 16,
    date: 12,
    week: 12,
    month: 10,
    currency: 9,
  };
  return Math.max(column.label.length + 2, byType[column.type] ?? 10);
}

function filterText(values: readonly string[] | string | null): string {
  if (values === null) return '—';
  if (typeof values === 'string') return values;
  return values.length > 0 ? values.join(', ') : 'All';
}

/** The second sheet: what the table is and how it was made. */
function addAboutSheet(workbook: ExcelJS.Workbook, report: TReport): void {
  const sheet = workbook.addWorksheet('About');
  sheet.columns = [
    { header: 'About', key: 'field', width: 18 },
    { header: report.title, key: 'value', width: 90 },
  ];
  sheet.getRow(1).font = { bold: true };
  const { filters } = report;
  const lines: [string, ExcelJS.CellValue][] = [
    ['Report', report.title],
    ['Description', report.description],
    ['From', filters.from ? dayCell(filters.from) : '—'],
    ['To', dayCell(filters.to)],
    ['Region', filterText(filters.region)],
    ['Country', filterText(filters.country)],
    ['Category', filterText(filters.category)],
    ['Currency', filterText(filters.currency)],
    ['Grouped by', filterText(filters.by)],
    ['Ignored filters', report.ignoredFilters.length > 0 ? report.ignoredFilters.join(', ') : '—'],
    ...report.notes.map((note): [string, ExcelJS.CellValue] => ['Note', note]),
    ['Generated at', new Date(report.generatedAt)],
    ['Figures as of', new Date(report.asOf)],
  ];
  for (const [field, value] of lines) {
    const line = sheet.addRow({ field, value });
    line.getCell('field').font = { bold: true };
    const cell = line.getCell('value');
    if (value instanceof Date) {
      cell.numFmt = field === 'From' || field === 'To' ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm:ss "UTC"';
      cell.alignment = { horizontal: 'left' };
    } else {
      cell.alignment = { wrapText: true, vertical: 'top' };
    }
  }
}

/**
 * A report as an Excel workbook: the table on the first sheet (bold header row, frozen), every
 * cell typed — days, weeks and months as dates, counts and percentages as numbers, money as a
 * number of major units formatted with the row's currency — and an "About" sheet with the
 * title, description, filters, notes and times.
 */
export async function reportWorkbook(report: TReport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Operations console';
  workbook.created = new Date(report.generatedAt);
  const sheet = workbook.addWorksheet(sheetName(report.title), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = report.columns.map((column) => ({
    header: column.label,
    key: column.key,
    width: columnWidth(column),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of report.rows) {
    const line = sheet.addRow([]);
    report.columns.forEach((column, index) => {
      const { value, numFmt } = cellOf(row[column.key] ?? null, column, row);
      const cell = line.getCell(index + 1);
      cell.value = value;
      if (numFmt) cell.numFmt = numFmt;
    });
  }
  addAboutSheet(workbook, report);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
