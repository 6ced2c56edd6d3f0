import { describe, expect, it } from 'vitest';
import { formatResult, formatZurichTime } from './format';

describe('jobs formats', () => {
  it('reads times in Zurich, summer and winter, with the zone named', () => {
    expect(formatZurichTime('2027-01-02T05:00:00.000Z')).toBe('2 Jan 2027, 06:00 CET');
    expect(formatZurichTime('2026-07-01T04:00:00.000Z')).toBe('1 Jul 2026, 06:00 CEST');
    expect(formatZurichTime(null)).toBe('—');
  });
  it('writes results in words', () => {
    expect(formatResult({ expired: 1200, renewalRunId: 'x', year: 2027 })).toBe(
      '1,200 certificates expired, year 2027',
    );
    // Words for people, by plural rule (issue 32: "rateLimits: 0, sealedSecrets: 0").
    expect(formatResult({ sessions: 1, sealedSecrets: 0, rateLimits: 3 })).toBe(
      '1 expired session deleted, 0 sealed e-mail codes deleted, 3 throttle counters deleted',
    );
    expect(formatResult({ issued: 1, alreadyInvoiced: 2, somethingNew: 4 })).toBe(
      '1 invoice issued, 2 members already invoiced, something new: 4',
    );
  });
});
