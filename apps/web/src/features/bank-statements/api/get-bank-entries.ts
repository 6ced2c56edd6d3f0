import type { TBankEntriesListPage } from '@ops/contract/bank-statements';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { bankEntryQueryKeys } from './query-keys';
import { useBankFollowsChanges } from './use-bank-follows-changes';

/** A view of the bank entries list (the list contract's parameters this area uses). */
export type BankEntriesView = {
  /** One statement's entries (its bsid). */
  statement?: string;
  /** States, e.g. "suggested,unmatched" (the queue). */
  state?: string;
  /** e.g. "state,-bookingDate": suggested before unmatched, newest first. */
  sort?: string;
  q?: string;
};

/** The Unmatched payments queue: suggestions first (they take one click), then the unmatched. */
export const unmatchedQueueView = {
  state: 'suggested,unmatched',
  sort: 'state,-bookingDate',
} as const satisfies BankEntriesView;

/** A statement's entries in the order of the file. */
export function statementEntriesView(bsid: string): BankEntriesView {
  return { statement: bsid, sort: 'bookingDate' };
}

const pageSize = 50;

function searchOf(view: BankEntriesView, cursor: string | null, limit: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(view)) if (value) params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return params.toString();
}

export function getBankEntries(
  view: BankEntriesView,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<TBankEntriesListPage> {
  return apiRequest<TBankEntriesListPage>(`/api/bank-entries?${searchOf(view, cursor, limit)}`, {
    signal,
  });
}

export function bankEntriesQueryOptions(view: BankEntriesView) {
  return infiniteQueryOptions({
    queryKey: bankEntryQueryKeys.list(view),
    queryFn: ({ pageParam, signal }) => getBankEntries(view, pageParam, pageSize, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Pages of bank entries of a view, kept current by the change feed. */
export function useBankEntries(view: BankEntriesView) {
  useBankFollowsChanges();
  return useInfiniteQuery(bankEntriesQueryOptions(view));
}

/** How many payments wait in the queue (the list's count of its first page). */
export function openBankEntriesCountQueryOptions() {
  return queryOptions({
    queryKey: bankEntryQueryKeys.of('open-count'),
    queryFn: async ({ signal }) => {
      const page = await getBankEntries({ state: unmatchedQueueView.state }, null, 1, signal);
      return { count: page.estimatedTotal, isExact: page.totalIsExact };
    },
  });
}

export function useOpenBankEntriesCount() {
  useBankFollowsChanges();
  return useQuery(openBankEntriesCountQueryOptions());
}
