import { useEffect, useRef, useState } from 'react';

/**
 * The seconds an Undo stays on screen after a bulk action (issue 19, `bulkUndoWindowMs`): a
 * tick per second for the visible countdown, then the end, which takes the offer away. The
 * server takes the undo longer than the screen offers it (`bulkUndoServerWindowMs`), so a
 * click in the last second still counts.
 */
export function startUndoCountdown({
  windowMs,
  onTick,
  onEnd,
}: {
  windowMs: number;
  /** Whole seconds left, rounded up: 10, 9, … 1. */
  onTick: (secondsLeft: number) => void;
  onEnd: () => void;
}): () => void {
  const startedAt = performance.now();
  onTick(Math.ceil(windowMs / 1000));
  const ticker = setInterval(() => {
    const left = windowMs - (performance.now() - startedAt);
    if (left > 0) onTick(Math.ceil(left / 1000));
  }, 1000);
  const end = setTimeout(() => {
    clearInterval(ticker);
    onEnd();
  }, windowMs);
  return () => {
    clearInterval(ticker);
    clearTimeout(end);
  };
}

/**
 * The countdown of an offer (`key` names it: a new action starts a new countdown); calls
 * `onEnd` when the window has passed. Answers the whole seconds left.
 */
export function useUndoCountdown(key: string | null, windowMs: number, onEnd: () => void): number {
  const whole = Math.ceil(windowMs / 1000);
  // The seconds belong to the offer they were counted for: a new offer shows the whole window
  // from its first render, not the last second of the one before.
  const [left, setLeft] = useState<{ key: string | null; seconds: number }>({
    key: null,
    seconds: whole,
  });
  const endRef = useRef(onEnd);
  useEffect(() => {
    endRef.current = onEnd;
  });
  useEffect(() => {
    if (key === null) return undefined;
    return startUndoCountdown({
      windowMs,
      onTick: (seconds) => setLeft({ key, seconds }),
      onEnd: () => endRef.current(),
    });
  }, [key, windowMs]);
  return left.key === key ? left.seconds : whole;
}
