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

  it('defaults a new rate to the month of the browser’s calendar', () => {
    expect(currentMonth(new Date(2026, 0, 31))).toBe('2026-01');
    expect(currentMonth(new Date(2026, 10, 1))).toBe('2026-11');
  });
});
