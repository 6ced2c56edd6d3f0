import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo } from 'react';
import { ErrorCard } from '@ops/ui/error-card';
import { ChunkErrorBoundary } from '@/components/chunk-error-boundary';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { trendReportQueryOptions } from '../api/get-trend-report';
import { reportScreenHref, trendReports } from '../utils/trend-reports';
import { TrendGridSkeleton } from './trend-card-frame';
import { todayAtHeadquarters } from '@/lib/clock';

// The charts (uPlot), the report schema and the figures load only when the dashboard shows:
// a chunk of their own, fetched as the home route renders, beside the counts' request.
const TrendList = lazy(async () => ({ default: (await import('./trend-list')).TrendList }));

/**
 * Issue 18, the home screen's Trends: members by region, joins and leavers, and for the finance
 * and admin roles revenue, receivables ageing and renewal progress. An operator without
 * `reports.finance` never requests those (the server would refuse them) and is told why.
 */
export function Trends() {
  const headingId = useId();
  const canReadFinance = useCan('reports.finance');
  // Today at headquarters when the screen opened: revenue is "this year" from its 1 January.
  const today = useMemo(() => todayAtHeadquarters(), []);
  const trends = useMemo(
    () => trendReports(today).filter((trend) => canReadFinance || !trend.isFinance),
    [today, canReadFinance],
  );
  // The requests leave now, beside the counts' and the Trends' code, not after that code
  // arrives: each card's query then finds its request under way (or answered).
  const queryClient = useQueryClient();
  useEffect(() => {
    for (const trend of trends)
      void queryClient.prefetchQuery(trendReportQueryOptions(trend.report, trend.query));
  }, [queryClient, trends]);
  const cards = trends.map((trend) => ({
    id: trend.id,
    title: trend.title,
    reportHref: reportScreenHref(trend.report, trend.query),
    hasCurrencySwitch: trend.hasCurrencySwitch,
  }));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Trends
      </h3>
      {/* Code that could not load must not take the counts down with it. */}
      <ChunkErrorBoundary
        fallback={(error) => (
          <ErrorCard
            title="The trends could not be shown"
            message={`${getErrorMessage(error)}. Reload the page to try again.`}
          />
        )}
      >
        <Suspense fallback={<TrendGridSkeleton cards={cards} />}>
          <TrendList trends={trends} />
        </Suspense>
      </ChunkErrorBoundary>
      {canReadFinance ? null : (
        <p className="text-sm text-slate-600">
          Revenue, receivables and renewal trends are shown to the finance and admin roles.
        </p>
      )}
    </section>
  );
}
