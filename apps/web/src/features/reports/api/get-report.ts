import type { TReport, TReportName } from '@ops/contract/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { areaKeys } from '@/lib/query-keys';
import { reportApiPath, type ReportFilterValues } from '../utils/report-query';

/** Cache keys of the reports: one per report and filters. */
export const reportQueryKeys = areaKeys('reports');

/** One report as `GET /api/reports/{name}` answers it (`ZReport`). */
export function getReport(
  name: TReportName,
  filters: ReportFilterValues,
  signal?: AbortSignal,
): Promise<TReport> {
  return apiRequest<TReport>(reportApiPath(name, filters), { signal });
}

export function reportQueryOptions(name: TReportName, filters: ReportFilterValues) {
  return queryOptions({
    queryKey: reportQueryKeys.of(name, filters),
    queryFn: ({ signal }) => getReport(name, filters, signal),
    // The figures are kept current by the writes; a minute old is fine while reading.
    staleTime: 60_000,
    // The previous figures stay on screen while changed filters load (like the lists).
    placeholderData: keepPreviousData,
  });
}

export function useReport(name: TReportName, filters: ReportFilterValues) {
  return useQuery(reportQueryOptions(name, filters));
}
