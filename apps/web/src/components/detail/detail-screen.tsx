import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@ops/ui/button';
import { ErrorCard } from '@ops/ui/error-card';
import { RecordId, Screen } from '@/components/screen';
import { isApiError } from '@ops/ui/api-client';
import { getErrorMessage } from '@ops/ui/error-message';

export type DetailScreenProps<T> = {
  /** The record's query (one of the feature's `useX(id)`). */
  query: UseQueryResult<T>;
  /** What the record is, in a sentence: 'bank account' → "Loading the bank account…". */
  noun: string;
  /**
   * Shown next to the title while the record loads or fails. Close is not one of them: every
   * record opened from a list gets it from the list (ListWithDetail), in the same place.
   */
  actions?: ReactNode;
  /** The screen of the loaded record. */
  children: (record: T) => ReactNode;
} & (
  | {
      /** The record's id, shown while it loads, so the person sees what is being opened. */
      recordId: { label: string; value: string };
      /**
       * Why there is nothing to show when the API answers not-found; by default "No member has
       * the id …" (the noun and the id's value).
       */
      missingDescription?: string;
    }
  | { recordId?: undefined; missingDescription: string }
);

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The states every detail route goes through before it has its record: loading, not found,
 * and a failure with Try again. Once the record is there, `children` renders its screen.
 */
export function DetailScreen<T>({
  query,
  noun,
  missingDescription,
  recordId,
  actions,
  children,
}: DetailScreenProps<T>) {
  const title = capitalized(noun);
  const id = recordId ? <RecordId label={recordId.label} value={recordId.value} /> : null;

  if (query.isPending) {
    return (
      <Screen title={title} description={`Loading the ${noun}…`} actions={actions}>
        {id}
        <p role="status" className="text-sm text-slate-600">
          Loading {noun}…
        </p>
      </Screen>
    );
  }
  if (query.isError) {
    const isMissing = isApiError(query.error, 'not-found');
    return (
      <Screen
        title={isMissing ? `${title} not found` : title}
        description={
          isMissing
            ? (missingDescription ?? `No ${noun} has the id ${recordId?.value}.`)
            : `The ${noun} could not be loaded.`
        }
        actions={actions}
      >
        {/* The id that was asked for, so the person sees what was not found. */}
        {isMissing ? (
          id
        ) : (
          <ErrorCard message={getErrorMessage(query.error)}>
            <Button
              variant="secondary"
              isBusy={query.isFetching}
              onClick={() => void query.refetch()}
            >
              {query.isFetching ? 'Trying again…' : 'Try again'}
            </Button>
          </ErrorCard>
        )}
      </Screen>
    );
  }
  return children(query.data);
}

// Kept here too for the detail routes that link to other records in the same list view.
export { useListSearch } from '@/components/screen';
