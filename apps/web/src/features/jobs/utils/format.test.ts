import { describe, expect, it } from 'vitest';
import { formatDuration, formatResult, formatZurichTime } from './format';

describe('jobs formats', () => {
  it('reads times in Zurich, summer and winter', () => {
    expect(formatZurichTime('2027-01-02T05:00:00.000Z')).toBe('2 Jan 2027, 06:00');
    expect(formatZurichTime('2026-07-01T04:00:00.000Z')).toBe('1 Jul 2026, 06:00');
    expect(formatZurichTime(null)).toBe('—');
  });
  it('writes durations and results', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_400)).toBe('12.4 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(null)).toBe('—');
    expect(formatResult({ expired: 1200, renewalRunId: 'x', year: 2027 })).toBe(
      'expired: 1,200, year: 2027',
    );
  });
});
