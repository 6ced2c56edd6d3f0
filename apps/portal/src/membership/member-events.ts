import { portalMemberEventsPath, type TPortalMemberChange } from '@ops/contract/realtime';
import { useCallback, useEffect, useState } from 'react';

export type MemberTable = TPortalMemberChange['table'];

/** The table a `change` event names; none for `reconnected` (anything may have changed). */
function tableOf(event: Event): string | undefined {
  if (event.type !== 'change' || !('data' in event) || typeof event.data !== 'string') {
    return undefined;
  }
  try {
    const { table } = JSON.parse(event.data) as { table?: unknown };
    return typeof table === 'string' ? table : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls `onChange` (a stable function) whenever one of the signed-in user's members, its invoices
 * or certificates changed on the server (issue 35: a card payment booked by the webhook shows
 * without a reload), and after the stream reconnected (changes may have been missed). The stream
 * says only which table changed; the screen refetches through the API. With `tables` (a stable
 * list), only a change of one of those tables calls it (and every reconnection).
 */
export function useMemberEvents(
  onChange: () => void,
  isEnabled = true,
  tables?: readonly MemberTable[],
): void {
  useEffect(() => {
    if (!isEnabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(portalMemberEventsPath);
    const onTableChange = (event: Event) => {
      const table = tableOf(event);
      if (!tables || table === undefined || (tables as readonly string[]).includes(table)) {
        onChange();
      }
    };
    source.addEventListener('change', onTableChange);
    source.addEventListener('reconnected', onChange);
    return () => source.close();
  }, [isEnabled, onChange, tables]);
}

export type MemberData<T> = { data?: T; error?: unknown };

/**
 * A member screen's data, read by `load` (a stable function) and read again whenever the
 * member's live events say something of theirs changed (of `tables` only, when given: a stable
 * list), or when the screen calls `reload`; an answer that arrives after a newer request started
 * is dropped.
 */
export function useMemberData<T>(
  load: () => Promise<T>,
  tables?: readonly MemberTable[],
): MemberData<T> & { reload: () => void } {
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
  useMemberEvents(reload, state.data !== undefined, tables);
  return { ...state, reload };
}
