import { useId } from 'react';
import { Button } from '@ops/ui/button';
import { formatTime } from '@ops/ui/format';
import { ErrorCard } from '@ops/ui/error-card';
import { Screen } from '@/components/screen';
import { getErrorMessage } from '@ops/ui/error-message';
import { useOverview } from '../api/get-overview';
import { MyNotes } from '../components/my-notes';
import { OverviewCards, OverviewCardsSkeleton } from '../components/overview-cards';
import { Trends } from '../components/trends';
import { getOverviewItems } from '../utils/overview-items';

/** When the counts were taken, as the operator's clock says it. */
function AsOf({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <p className="text-xs text-slate-600">
      Counted at <time dateTime={iso}>{formatTime(iso)}</time>; updated every minute.
    </p>
  );
}

/** Spec §2 home ('Ops'): the work waiting for an operator today, each count a way into it. */
export function HomeRoute() {
  const overview = useOverview();
  const { data } = overview;
  const todoHeadingId = useId();
  const retry = (
    <Button
      variant="secondary"
      isBusy={overview.isFetching}
      onClick={() => void overview.refetch()}
    >
      {overview.isFetching ? 'Trying again…' : 'Try again'}
    </Button>
  );

  return (
    <Screen title="Ops" description="What needs an operator's action today.">
      {/* Issue 18: the day's to-do counts, then the Trends below them. */}
      <section aria-labelledby={todoHeadingId} className="flex flex-col gap-3">
        <h3 id={todoHeadingId} className="text-base font-semibold text-slate-900">
          To do today
        </h3>
        {data ? (
          <div className="flex flex-col gap-3">
            {/* A failed refresh keeps the last counts on screen and says they may be old. */}
            {overview.isError ? (
              <ErrorCard
                title="The counts could not be refreshed"
                message={getErrorMessage(overview.error)}
              >
                {retry}
              </ErrorCard>
            ) : null}
            <OverviewCards items={getOverviewItems(data)} />
            <AsOf iso={data.asOf} />
          </div>
        ) : overview.isError ? (
          <ErrorCard message={getErrorMessage(overview.error)}>{retry}</ErrorCard>
        ) : (
          <OverviewCardsSkeleton />
        )}
      </section>
      {/* Issue 19: the operator's own follow-ups and the notes that mention them. */}
      <MyNotes />
      <Trends />
    </Screen>
  );
}
