import { describe, expect, it } from 'vitest';
import { currentMonth, rateDraftErrors } from './rate-draft';

describe('rateDraftErrors', () => {
  it('accepts a currency, a month and a rate as the server does', () => {
    expect(rateDraftErrors({ currency: 'eur', month: '2026-05', rate: ' 0.9412 ' })).toEqual({});
  });

  it('names each field a person got wrong', () => {
    expect(rateDraftErrors({ currency: 'CHF', month: '2026-5', rate: '0,94' })).toEqual({
      currency: 'CHF is the base currency: its rate is always 1.',
      month: 'A month written YYYY-MM, e.g. 2026-05.',
      rate: '"0,94" is not a rate: write CHF for one unit as digits with a point, like 0.9412.',
    });
    expect(rateDraftErrors({ currency: 'EURO', month: '2026-13', rate: '0' })).toEqual({
      currency: 'A currency code of 3 letters, e.g. EUR.',
      month: 'A month written YYYY-MM, e.g. 2026-05.',
      rate: 'A rate must be more than 0.',
    });
    expect(rateDraftErrors({ currency: 'USD', month: '2026-01', rate: '0.1234567' }).rate).toBe(
      '"0.1234567" has more than 6 decimals.',
    );
  });

  it('defaults a new rate to the month at headquarters, whatever the browser’s zone', () => {
    expect(currentMonth(new Date('2026-01-31T12:00:00Z'))).toBe('2026-01');
    expect(currentMonth(new Date('2026-11-01T08:00:00Z'))).toBe('2026-11');
    // 23:30 UTC on 31 January is 00:30 on 1 February in Zurich; 22:30 UTC on 31 October, in
    // winter time from that morning, is 23:30 there, still October.
    expect(currentMonth(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02');
    expect(currentMonth(new Date('2026-10-31T22:30:00Z'))).toBe('2026-10');
    expect(currentMonth(new Date('2028-02-29T23:30:00Z'))).toBe('2028-03');
  });
});
