import { reportDrillDown } from '@ops/contract/drill-downs';
import type { TReport, TReportRow } from '@ops/contract/reports';
import { hrefOfDrillDown } from '@/lib/drill-down-href';

/**
 * Drill-down (issue 18): a report's figure opens the list of the records behind it. Which list,
 * with which filters, is the contract's (`reportDrillDown`, shared with the start page's
 * trends); here it becomes the console's URL.
 */

export { addDays, dueDatesOfBucket, monthDays } from '@ops/contract/drill-downs';

/**
 * The URL of the records behind a report's cell (row, column), or undefined when the figure has
 * no list to show (a median, a net change, a share).
 */
export function drillDownHref(
  report: TReport,
  row: TReportRow,
  columnKey: string,
): string | undefined {
  const target = reportDrillDown(report, row, columnKey);
  return target ? hrefOfDrillDown(target) : undefined;
}
