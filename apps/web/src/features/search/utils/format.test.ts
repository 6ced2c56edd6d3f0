import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatDurationMs, formatProgress } from './format';

describe('formatting for the search indexes screen', () => {
  it('writes counts with thousands separators and progress as "x of y documents"', () => {
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatProgress(412_000, 1_000_000)).toBe('412,000 of 1,000,000 documents');
  });

  it('writes durations in ms, s, or min and s', () => {
    expect(formatDurationMs(850)).toBe('850 ms');
    expect(formatDurationMs(3_240)).toBe('3.2 s');
    expect(formatDurationMs(125_000)).toBe('2 min 5 s');
    expect(formatDurationMs(null)).toBe('–');
  });

  it('writes times as date and hour, and a dash for none', () => {
    expect(formatDateTime(null)).toBe('–');
    expect(formatDateTime('2026-11-22T10:05:00.000Z')).toMatch(/2026/);
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
