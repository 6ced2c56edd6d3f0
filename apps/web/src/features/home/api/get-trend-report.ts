import type { TReport, TReportName } from '@ops/contract/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@ops/ui/api-client';
import { areaKeys } from '@/lib/query-keys';
import { trendApiPath, type TrendQuery } from '../utils/trend-reports';

// Under the reports' own root ('reports', name, filters), as the report screen keys the same
// request: "Open report" then shows the figures at once, and whatever invalidates the reports
// reaches the trends too (a root is a plain string; features do not import each other).
const reportKeys = areaKeys('reports');

/**
 * One report for a trend of the home screen, parsed with the contract's `ZReport`. The schema
 * is imported with the request, not with this module: the home route starts the five requests
 * as it renders, before the Trends' own code has arrived, and its first chunk carries no zod.
 */
export async function getTrendReport(
  name: TReportName,
  query: TrendQuery,
  signal?: AbortSignal,
): Promise<TReport> {
  const [body, { ZReport }] = await Promise.all([
    apiRequest<unknown>(trendApiPath(name, query), { signal }),
    import('@ops/contract/reports'),
  ]);
  const parsed = ZReport.safeParse(body);
  if (!parsed.success || parsed.data.name !== name) {
    // A sentence a person can read, not zod's list of issues.
    throw new ApiError('internal', 'The report came back in a shape this screen cannot read.', 200);
  }
  return parsed.data;
}

export function trendReportQueryOptions(name: TReportName, query: TrendQuery) {
  return queryOptions({
    queryKey: reportKeys.of(name, query),
    queryFn: ({ signal }) => getTrendReport(name, query, signal),
    // The summary behind the reports is kept current by the writes; a minute old is fine for
    // a trend, and coming back to the start page within it draws at once from the cache.
    staleTime: 60_000,
  });
}

export function useTrendReport(name: TReportName, query: TrendQuery) {
  return useQuery(trendReportQueryOptions(name, query));
}
