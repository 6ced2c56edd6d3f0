import {
  formatReportQuery,
  reportApiPath,
  reportFilterNames,
  type TReportFilterName,
  type TReportFilterValues,
} from '@ops/contract/report-definitions';

/**
 * A report's filters as its URL carries them, named as the API names them (contract
 * `reportFilterNames`: `/reports/revenue?from=2026-01-01&currency=CHF,EUR&by=month`), so a
 * refresh or a shared link shows the same report and the API takes the same query string. Lists
 * are comma-separated.
 */
export type ReportFilterName = TReportFilterName;
export type ReportFilterValues = TReportFilterValues;

/** The screen's own choice, not a filter: which currency (or the CHF equivalents) the chart shows. */
export const chartCurrencyParam = 'chart';

/** The report's filters of a URL query, each trimmed; empty ones left out. */
export function readReportFilters(search: URLSearchParams): ReportFilterValues {
  const filters: ReportFilterValues = {};
  for (const name of reportFilterNames) {
    const value = search.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

export { formatReportQuery, reportApiPath };
