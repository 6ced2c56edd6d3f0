import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney as formatMoneyNbsp, humanizeName } from './format';

/** Intl puts a no-break space after a currency code; the tests read it as a space. */
const formatMoney = (minor: string | number, currency: string) =>
  formatMoneyNbsp(minor, currency).replaceAll('\u00a0', ' ');

describe('detail formatting', () => {
  it('formats minor units exactly, in the currency’s decimals', () => {
    expect(formatMoney('120000', 'CHF')).toBe('CHF 1,200.00');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney('-250', 'USD')).toBe('-$2.50');
    expect(formatMoney('1500', 'JPY')).toBe('¥1,500');
    expect(formatMoney('900719925474099312', 'CHF')).toBe('CHF 9,007,199,254,740,993.12');
  });

  it('shows a date column without shifting it by the time zone', () => {
    expect(formatDate('2026-01-31')).toBe('31 Jan 2026');
    expect(formatDate(null)).toBe('');
  });

  it('humanizes column and field names', () => {
    expect(humanizeName('legal_name')).toBe('Legal name');
    expect(humanizeName('set-password')).toBe('Set password');
    expect(humanizeName('paidThroughYear')).toBe('Paid through year');
  });
});
