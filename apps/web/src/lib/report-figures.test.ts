import { describe, expect, it } from 'vitest';
import { formatDayOfMonth, formatMonth, formatRoundedCount } from './report-figures';

describe('report figures', () => {
  it('names a month', () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatMonth('2026')).toBe('2026');
  });

  it('names a day of a month from a date or a month and day', () => {
    expect(formatDayOfMonth('2026-11-24')).toBe('24 Nov');
    expect(formatDayOfMonth('11-24')).toBe('24 Nov');
    expect(formatDayOfMonth('2026-01-05')).toBe('5 Jan');
  });

  it('rounds a count to the whole', () => {
    expect(formatRoundedCount(32901.6)).toBe('32,902');
  });
});
