import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startUndoCountdown } from './undo-countdown';

describe('the Undo countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the seconds down from the window, then ends the offer at its end', () => {
    const ticks: number[] = [];
    const onEnd = vi.fn();
    startUndoCountdown({ windowMs: 10_000, onTick: (left) => ticks.push(left), onEnd });
    expect(ticks).toEqual([10]);
    vi.advanceTimersByTime(3_000);
    expect(ticks).toEqual([10, 9, 8, 7]);
    vi.advanceTimersByTime(6_999);
    expect(ticks.at(-1)).toBe(1);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledOnce();
    // Nothing ticks after the end.
    const count = ticks.length;
    vi.advanceTimersByTime(5_000);
    expect(ticks).toHaveLength(count);
  });

  it('stops without ending when its offer is replaced or taken', () => {
    const onTick = vi.fn();
    const onEnd = vi.fn();
    const stop = startUndoCountdown({ windowMs: 10_000, onTick, onEnd });
    vi.advanceTimersByTime(4_000);
    stop();
    vi.advanceTimersByTime(20_000);
    expect(onTick).toHaveBeenCalledTimes(5);
    expect(onEnd).not.toHaveBeenCalled();
  });
});
