import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@ops/ui/button';
import { ErrorCard } from '@ops/ui/error-card';
import { ProgressBar } from '@/components/progress-bar';
import { Screen } from '@/components/screen';
import { getErrorMessage } from '@ops/ui/error-message';
import { useLiveChanges, type LiveChange } from '@/lib/live-changes';
import { useSearchIndexes } from '../api/get-search-indexes';
import { searchIndexesQueryKeys } from '../api/query-keys';
import { IndexPanel } from '../components/index-panel';
import { SearchTestBox } from '../components/search-test-box';

const followedTables = ['search_tasks'];

export function SearchIndexesRoute() {
  const queryClient = useQueryClient();
  const indexes = useSearchIndexes();

  useLiveChanges(followedTables, (change: LiveChange) => {
    if (change.type === 'reconnected') {
      // Changes may have been missed: everything on this screen is fetched again.
      void queryClient.invalidateQueries({ queryKey: searchIndexesQueryKeys.all });
      return;
    }
    const uid = Number(change.id);
    const taskKey = searchIndexesQueryKeys.task(uid);
    if (queryClient.getQueryData(taskKey) !== undefined) {
      // A rebuild on screen moved on (progress is written after every batch): fetch just it.
      void queryClient.invalidateQueries({ queryKey: taskKey });
    } else {
      // A rebuild this screen does not know yet (started elsewhere): the index stats name it.
      void queryClient.invalidateQueries({ queryKey: searchIndexesQueryKeys.list });
    }
  });

  return (
    <Screen
      title="Search indexes"
      description="The search index behind the Cmd+K palette: user profiles, applications, members and invoices."
    >
      {indexes.isPending ? <ProgressBar label="Loading the search indexes" /> : null}
      {indexes.error ? (
        <ErrorCard message={getErrorMessage(indexes.error)}>
          <Button variant="secondary" onClick={() => void indexes.refetch()}>
            Try again
          </Button>
        </ErrorCard>
      ) : null}
      {indexes.data?.indexes.map((stats) => (
        <IndexPanel key={stats.index} stats={stats} />
      ))}
      {indexes.data && indexes.data.indexes.length === 0 ? (
        <p className="text-sm text-slate-600">There is no search index.</p>
      ) : null}
      <SearchTestBox />
    </Screen>
  );
}
