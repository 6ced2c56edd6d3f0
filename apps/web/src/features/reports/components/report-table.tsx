import type { TReport, TReportColumn, TReportRow } from '@ops/contract/reports';
import { useState } from 'react';
import { Link } from 'react-router';
import { drillDownHref } from '../utils/drill-down';
import { formatReportCell, isNumericColumn } from '../utils/report-format';
import { reportTotalsOf } from '../utils/report-totals';

/** Ids are where a link leads, not something to read: the member's and invoice's cells link. */
const hiddenColumns = new Set(['mid', 'oldestIid']);

/** Rows shown at first and per "Show more": a table of thousands of members stays quick. */
export const rowsPerStep = 200;

const linkClass =
  'text-sky-800 underline decoration-sky-300 underline-offset-2 hover:decoration-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

function Cell({
  report,
  column,
  row,
}: {
  report: TReport;
  column: TReportColumn;
  row: TReportRow;
}) {
  const text = formatReportCell(column, row);
  const value = row[column.key];
  // Nothing behind an empty cell or a zero: no link to an empty list.
  const href = text === '' || value === 0 ? undefined : drillDownHref(report, row, column.key);
  return (
    <td
      className={`py-1 pr-3 whitespace-nowrap ${isNumericColumn(column) ? 'text-right tabular-nums' : ''}`}
    >
      {href ? (
        <Link className={linkClass} to={href}>
          {text}
        </Link>
      ) : (
        text
      )}
    </td>
  );
}

/**
 * The table behind a report: every column the API gives (ids aside), formatted for reading,
 * each figure that has records behind it a link to their list; totals where adding up means
 * something (per currency for money). Printed in full.
 */
export function ReportTable({ report }: { report: TReport }) {
  const [shown, setShown] = useState(rowsPerStep);
  const columns = report.columns.filter((column) => !hiddenColumns.has(column.key));
  const totals = reportTotalsOf(report);
  const rows = report.rows.slice(0, shown);
  if (report.rows.length === 0)
    return <p className="text-sm text-slate-600">No figures for these filters.</p>;
  return (
    <div className="flex flex-col gap-2">
      {/* Focusable, so that a keyboard can scroll a wide table (axe: scrollable-region-focusable). */}
      <div
        className="overflow-x-auto print:overflow-visible"
        role="region"
        aria-label={`${report.title}: the figures`}
        tabIndex={0}
      >
        <table className="w-full text-sm" data-testid="report-table">
          <caption className="sr-only">{`${report.title}: the figures`}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  title={column.description}
                  className={`py-1 pr-3 font-medium ${isNumericColumn(column) ? 'text-right' : ''}`}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} className="border-b border-slate-100">
                {columns.map((column) => (
                  <Cell key={column.key} report={report} column={column} row={row} />
                ))}
              </tr>
            ))}
          </tbody>
          {totals.length > 0 && shown >= report.rows.length ? (
            <tfoot>
              {totals.map((total) => (
                <tr
                  key={total.label}
                  className="border-t-2 border-slate-300 font-semibold"
                  data-testid="report-total"
                >
                  {columns.map((column, index) => (
                    <td
                      key={column.key}
                      className={`py-1 pr-3 whitespace-nowrap ${isNumericColumn(column) ? 'text-right tabular-nums' : ''}`}
                    >
                      {index === 0 ? total.label : formatReportCell(column, total.row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tfoot>
          ) : null}
        </table>
      </div>
      {report.rows.length > shown ? (
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600 print:hidden">
          {`${rows.length} of ${report.rows.length} rows shown (the exports have them all).`}
          <button
            type="button"
            className={linkClass}
            onClick={() => setShown((before) => before + rowsPerStep)}
          >
            Show more
          </button>
        </p>
      ) : null}
    </div>
  );
}
