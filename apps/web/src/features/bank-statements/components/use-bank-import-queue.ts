import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { sendBankStatementFile } from '../api/import-bank-statement';
import { bankBookingStaleKeys } from '../api/query-keys';
import { createBankImportQueue } from './import-queue';

/**
 * The import queue of the screen (one per visit), with its snapshot; once the files are done,
 * the lists that imported bookings change (statements, queue, invoices, members) are refetched.
 */
export function useBankImportQueue() {
  const [queue] = useState(() => createBankImportQueue(sendBankStatementFile));
  const snapshot = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
  const queryClient = useQueryClient();
  useEffect(() => () => queue.cancel(), [queue]);
  useEffect(() => {
    if (snapshot.phase !== 'done') return;
    for (const queryKey of bankBookingStaleKeys()) void queryClient.invalidateQueries({ queryKey });
  }, [snapshot.phase, queryClient]);
  return { ...snapshot, queue };
}
