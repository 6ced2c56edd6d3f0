import {
  ageingTrend,
  growthTrend,
  membershipTrend,
  renewalTrend,
  revenueTrend,
} from '../utils/trend-figures';
import type { TrendId, TrendReport } from '../utils/trend-reports';
import { TrendCard, type TrendBuilder } from './trend-card';
import { TrendGrid } from './trend-card-frame';

/** What each trend draws from its report. */
const builders: Record<TrendId, TrendBuilder> = {
  membership: (report) => membershipTrend(report),
  growth: (report) => growthTrend(report),
  revenue: revenueTrend,
  ageing: ageingTrend,
  renewal: (report) => renewalTrend(report),
};

/**
 * The trend cards, each requesting its report as it mounts: the requests leave together. This
 * module is the Trends section's lazy chunk (with the chart component and uPlot), so the home
 * route's first chunk stays small and the counts above never wait for it.
 */
export function TrendList({ trends }: { trends: TrendReport[] }) {
  return (
    <TrendGrid>
      {trends.map((trend) => (
        <TrendCard key={trend.id} trend={trend} build={builders[trend.id]} />
      ))}
    </TrendGrid>
  );
}
