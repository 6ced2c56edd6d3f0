import type { TMemberLedger } from '@ops/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { memberQueryKeys } from './query-keys';

const ledgerPath = (mid: string) => `/api/members/${encodeURIComponent(mid)}/ledger`;

export function getMemberLedger(mid: string, signal?: AbortSignal): Promise<TMemberLedger> {
  return apiRequest<TMemberLedger>(ledgerPath(mid), { signal });
}

/** Under the members root, so a write that invalidates the members area reaches it too. */
export const memberLedgerQueryKey = (mid: string) => memberQueryKeys.of('ledger', mid);

export function memberLedgerQueryOptions(mid: string) {
  return queryOptions({
    queryKey: memberLedgerQueryKey(mid),
    queryFn: ({ signal }) => getMemberLedger(mid, signal),
  });
}

/** The tables whose changes can move a member's ledger. */
const ledgerTables = ['money_movements', 'invoices', 'credit_notes'] as const;

/**
 * The member's ledger, kept current: a booking, an invoice or a credit note anywhere refetches
 * it (once per burst, about a second later) while it is on screen.
 */
export function useMemberLedger(mid: string) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLiveChanges(ledgerTables, () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: memberLedgerQueryKey(mid) });
    }, 1_000);
  });
  return useQuery(memberLedgerQueryOptions(mid));
}

/** Where the statement of account of a period is served (inline, or as a download). */
export function statementPdfHref(
  mid: string,
  range: { from: string; to: string },
  download = false,
): string {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  if (download) query.set('download', '1');
  return `/api/members/${encodeURIComponent(mid)}/statement.pdf?${query.toString()}`;
}
