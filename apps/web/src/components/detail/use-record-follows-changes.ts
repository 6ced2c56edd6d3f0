import type { AuditTable } from '@ops/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveChanges } from '@/lib/live-changes';
import { auditQueryKeys } from './record-history';

export type FollowedRecord = {
  /** The record's table in the change feed, which is also its table in the audit log. */
  table: AuditTable;
  id: string;
  /** The detail's query key. */
  queryKey: QueryKey;
  /**
   * Other tables whose rows carry the record's own id (a user's operator record): a change of
   * that row counts as a change of the record.
   */
  sameIdTables?: readonly string[];
  /**
   * Tables of related records shown on the detail (a member's invoices): any change of theirs
   * refetches the detail, never the history (their ids are not the record's).
   */
  relatedTables?: readonly string[];
};

/** Changes arriving together (a bulk action, an import) refetch once. */
const refetchAfterMs = 150;

/**
 * Keeps an open detail current: a change of the record by anyone else (or changes that may have
 * been missed while disconnected) refetches it and its audit history; a change of a related
 * record refetches the detail only.
 */
export function useRecordFollowsChanges({
  table,
  id,
  queryKey,
  sameIdTables = [],
  relatedTables = [],
}: FollowedRecord) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Kept across the debounce, so a related change right after the record's own still refetches
  // the history.
  const isHistoryStale = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveChanges([table, ...sameIdTables, ...relatedTables], (change) => {
    const isRelated = change.type === 'change' && relatedTables.includes(change.table);
    const isThisRecord =
      change.type === 'reconnected' || (!isRelated && (change.id === '*' || change.id === id));
    if (!isThisRecord && !isRelated) return;
    if (isThisRecord) isHistoryStale.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey });
      if (isHistoryStale.current) {
        isHistoryStale.current = false;
        void queryClient.invalidateQueries({ queryKey: auditQueryKeys.record(table, id) });
      }
    }, refetchAfterMs);
  });
}
