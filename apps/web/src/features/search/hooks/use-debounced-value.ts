import { useEffect, useRef, useState } from 'react';

/**
 * How long a change made at `now` waits: nothing after `delayMs` of quiet since the previous
 * change, else the full delay (a later change restarts it).
 */
export function debounceWaitMs(now: number, previousChangeAt: number, delayMs: number): number {
  return now - previousChangeAt >= delayMs ? 0 : delayMs;
}

/**
 * `value`, once it has stopped changing for `delayMs`, so a burst of keystrokes (or a paste,
 * or a held key) makes one request instead of one per character. The first change after a
 * quiet spell passes at once: someone typing at a normal pace never waits for the delay,
 * only the keys that follow each other faster than `delayMs` are held back.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  const lastChangeAt = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    const now = performance.now();
    const wait = debounceWaitMs(now, lastChangeAt.current, delayMs);
    lastChangeAt.current = now;
    // A timer even for "at once", as state is not set synchronously inside an effect.
    const timer = setTimeout(() => setDebounced(value), wait);
    return () => clearTimeout(timer);
  }, [value, delayMs]);

  return debounced;
}
