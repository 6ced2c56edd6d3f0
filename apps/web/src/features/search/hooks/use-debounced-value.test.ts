import { describe, expect, it } from 'vitest';
import { debounceWaitMs } from './use-debounced-value';

describe('debounceWaitMs', () => {
  it('lets the first change after a quiet spell through at once', () => {
    expect(debounceWaitMs(1_000, Number.NEGATIVE_INFINITY, 70)).toBe(0);
    expect(debounceWaitMs(1_000, 930, 70)).toBe(0);
  });

  it('holds back a change that follows the previous one within the delay', () => {
    expect(debounceWaitMs(1_000, 931, 70)).toBe(70);
    expect(debounceWaitMs(1_000, 1_000, 70)).toBe(70);
  });
});
