import { reportTitles, type TReport, type TReportName } from '@ops/contract/reports';

/**
 * A report as the API answers it, for tests: the contract's shape with the given parts. The reports
 * screens' tests and the home screen's trends (which read reports) build theirs with it.
 */
export function reportFixture(
  name: TReportName,
  parts: Pick<TReport, 'columns' | 'rows'> & { filters?: Partial<TReport['filters']> },
): TReport {
  return {
    name,
    ...reportTitles[name],
    columns: parts.columns,
    rows: parts.rows,
    filters: {
      from: null,
      to: '2026-11-24',
      region: [],
      country: [],
      category: [],
      currency: [],
      by: null,
      ...parts.filters,
    },
    ignoredFilters: [],
    notes: [],
    generatedAt: '2026-11-24T20:00:00.000Z',
    asOf: '2026-11-24T20:00:00.000Z',
  };
}
