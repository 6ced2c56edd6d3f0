import type { TReportName } from '@ops/contract/reports';

/**
 * A report's filters as its URL carries them, named as the API names them
 * (`/reports/revenue?from=2026-01-01&currency=CHF,EUR&by=month`), so a refresh or a shared link
 * shows the same report and the API takes the same query string. Lists are comma-separated.
 */
export const reportFilterNames = [
  'from',
  'to',
  'region',
  'country',
  'category',
  'currency',
  'by',
] as const;
export type ReportFilterName = (typeof reportFilterNames)[number];
export type ReportFilterValues = Partial<Record<ReportFilterName, string>>;

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

/** `from=…&region=europe,americas`: commas kept readable, each value encoded. */
export function formatReportQuery(filters: ReportFilterValues): string {
  return reportFilterNames
    .flatMap((name) => {
      const value = filters[name];
      if (!value) return [];
      const encoded = value
        .split(',')
        .map((part) => encodeURIComponent(part.trim()))
        .join(',');
      return [`${name}=${encoded}`];
    })
    .join('&');
}

/** The API's URL of a report: JSON, or a file with `format`. */
export function reportApiPath(
  name: TReportName,
  filters: ReportFilterValues,
  format?: 'csv' | 'xlsx',
): string {
  const query = [formatReportQuery(filters), format ? `format=${format}` : '']
    .filter(Boolean)
    .join('&');
  return `/api/reports/${encodeURIComponent(name)}${query ? `?${query}` : ''}`;
}
