import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveChanges } from '@/lib/live-changes';
import { bankEntryQueryKeys, bankStatementQueryKeys } from './query-keys';

/** Changes arriving together (an import books hundreds of entries) refetch once. */
const refetchAfterMs = 200;

/**
 * Keeps the bank screens current: a change of a statement or an entry by anyone (another
 * operator confirming, an import from the CLI) refetches the statements' details and the entry
 * lists on screen. Statements are not audited tables, so the detail kit's
 * `useRecordFollowsChanges` does not apply; the list kit follows its own tables.
 */
export function useBankFollowsChanges() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveChanges(['bank_statements', 'bank_entries'], () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: bankStatementQueryKeys.details });
      void queryClient.invalidateQueries({ queryKey: bankEntryQueryKeys.all });
    }, refetchAfterMs);
  });
}
