import { portalMemberEventsPath } from '@ops/contract/realtime';
import { useCallback, useEffect, useState } from 'react';

/**
 * Calls `onChange` (a stable function) whenever one of the signed-in user's members, its invoices
 * or certificates changed on the server (issue 35: a card payment booked by the webhook shows
 * without a reload), and after the stream reconnected (changes may have been missed). The stream
 * says only which table changed; the screen refetches through the API.
 */
export function useMemberEvents(onChange: () => void, isEnabled = true): void {
  useEffect(() => {
    if (!isEnabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(portalMemberEventsPath);
    source.addEventListener('change', onChange);
    source.addEventListener('reconnected', onChange);
    return () => source.close();
  }, [isEnabled, onChange]);
}

export type MemberData<T> = { data?: T; error?: unknown };

/**
 * A member screen's data, read by `load` (a stable function) and read again whenever the
 * member's live events say something of theirs changed; an answer that arrives after a newer
 * request started is dropped.
 */
export function useMemberData<T>(load: () => Promise<T>): MemberData<T> {
  const [state, setState] = useState<MemberData<T>>({});
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    load().then(
      (data) => {
        if (isCurrent) setState({ data });
      },
      (error: unknown) => {
        if (isCurrent) setState((current) => ({ ...current, error }));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [load, version]);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  useMemberEvents(reload, state.data !== undefined);
  return state;
}
