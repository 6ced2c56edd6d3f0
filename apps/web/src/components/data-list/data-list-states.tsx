import { Button } from '@ops/ui/button';
import { ErrorCard } from '@ops/ui/error-card';
import { getErrorMessage } from '@ops/ui/error-message';
import type { DataListDefinition } from './types';

/** No rows: with filters set, a way to clear them; without, the definition's empty message. */
export function DataListEmpty<Row>({
  definition,
  isFiltered,
  onClearFilters,
}: {
  definition: DataListDefinition<Row>;
  isFiltered: boolean;
  onClearFilters: () => void;
}) {
  const { noun } = definition;
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
      <p>
        {isFiltered
          ? `No ${noun.one} matches these filters.`
          : (definition.emptyMessage ?? `There are no ${noun.many} yet.`)}
      </p>
      {isFiltered ? (
        <Button variant="secondary" className="mt-3" onClick={onClearFilters}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

/** Under the rows: the next page loading, or why it could not be loaded with a retry. */
export function MoreRowsStatus({
  nounMany,
  isError,
  error,
  isFetching,
  onRetry,
}: {
  nounMany: string;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  onRetry: () => void;
}) {
  if (isError) {
    return (
      <ErrorCard title={`More ${nounMany} could not be loaded`} message={getErrorMessage(error)}>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </ErrorCard>
    );
  }
  return isFetching ? <p className="text-sm text-slate-600">Loading more {nounMany}…</p> : null;
}
