import type { TOperatorRecord } from '@ops/contract';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { followNewSignedInUser, subscribeToOperator } from '../api/operator-stream';
import { authQueryKeys } from '../api/query-keys';

export type OperatorStatus =
  /** The stream has not answered yet. */
  | { status: 'unknown'; record: null; error: Error | null }
  | { status: 'operator'; record: TOperatorRecord; error: Error | null }
  | { status: 'not-operator'; record: null; error: Error | null };

/**
 * Spec §4: operator status follows the signed-in uid, subscribed while there is one. The
 * server pushes every change (a record revoked or granted in another window shows here at
 * once); the record lives in the query cache so the gate reads it like any other data. Errors
 * are kept here, not displayed (spec §8).
 */
export function useOperatorStatus(uid: string | null): OperatorStatus {
  const queryClient = useQueryClient();
  const [errorState, setErrorState] = useState<{ uid: string; error: Error } | null>(null);
  // Never fetched: only the subscription below writes this entry.
  const { data: record } = useQuery<TOperatorRecord | null>({
    queryKey: authQueryKeys.operator(uid ?? ''),
    queryFn: skipToken,
    staleTime: Infinity,
  });

  // The last user this tab followed: the shared stream may still speak for them.
  const followedUid = useRef<string | null>(null);

  useEffect(() => {
    if (uid === null) return;
    if (followedUid.current !== null && followedUid.current !== uid) followNewSignedInUser();
    followedUid.current = uid;
    // The last status stays cached after unsubscribing (no flash of the progress bar when the
    // effect runs again); a sign-in or sign-out drops it (setSignedInUser, clearSessionData).
    return subscribeToOperator({
      onRecord: (next) => queryClient.setQueryData(authQueryKeys.operator(uid), next),
      onError: (error) => setErrorState({ uid, error }),
      // Refused stream: most likely the session ended; /me tells, and the gate follows.
      onClosed: () => void queryClient.invalidateQueries({ queryKey: authQueryKeys.me }),
    });
  }, [uid, queryClient]);

  const error = uid !== null && errorState?.uid === uid ? errorState.error : null;
  if (uid === null || record === undefined) return { status: 'unknown', record: null, error };
  if (record === null) return { status: 'not-operator', record: null, error };
  return { status: 'operator', record, error };
}
