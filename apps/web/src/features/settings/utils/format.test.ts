import { describe, expect, it } from 'vitest';
import { currencyLabel, formatIban } from './format';

describe('settings formatting', () => {
  it('shows IBANs in groups of four', () => {
    expect(formatIban('CH9300762011623852957')).toBe('CH93 0076 2011 6238 5295 7');
    expect(formatIban('DE89 3704 0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban(null)).toBe('');
  });

  it('names currencies', () => {
    expect(currencyLabel('CHF')).toBe('CHF – Swiss Franc');
  });
});
