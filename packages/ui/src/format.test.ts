import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatCountOf,
  formatDateTime,
  formatDuration,
  formatMoney as formatMoneyNbsp,
  formatTime,
  humanizeName,
} from './format';

/** The code and the amount are joined by a no-break space; the tests read it as a space. */
const formatMoney = (minor: string | number, currency: string) =>
  formatMoneyNbsp(minor, currency).replaceAll('\u00a0', ' ');

describe('the one money format', () => {
  it('writes the currency code, a space, and the amount with thousands separators and its decimals', () => {
    expect(formatMoney('95000', 'CHF')).toBe('CHF 950.00');
    expect(formatMoney('1295000', 'CHF')).toBe('CHF 12,950.00');
    expect(formatMoney(5, 'EUR')).toBe('EUR 0.05');
    expect(formatMoney('-250', 'USD')).toBe('USD -2.50');
    expect(formatMoney('1500', 'JPY')).toBe('JPY 1,500');
    expect(formatMoney('900719925474099312', 'CHF')).toBe('CHF 9,007,199,254,740,993.12');
  });

  it('keeps the code with its amount on one line', () => {
    expect(formatMoneyNbsp(95000, 'CHF')).toBe('CHF\u00a0950.00');
  });
});

describe('the one date format', () => {
  it('shows a date column as "31 Jan 2026", without shifting it by the time zone', () => {
    expect(formatDate('2026-01-31')).toBe('31 Jan 2026');
    expect(formatDate('2026-09-04')).toBe('4 Sep 2026');
    expect(formatDate('2026-11-24T23:30:00Z')).toBe('24 Nov 2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('soon')).toBe('soon');
  });

  it('shows a time as "24 Nov 2026, 14:05 CET", 24-hour, in headquarters\' time with its zone', () => {
    // Whatever the browser's zone: one backup is 02:06 on every screen (issue 32).
    expect(formatDateTime('2026-11-24T13:05:00Z')).toBe('24 Nov 2026, 14:05 CET');
    expect(formatTime('2026-11-24T13:05:00Z')).toBe('14:05 CET');
    expect(formatDateTime('2026-08-31T22:07:00Z')).toBe('1 Sep 2026, 00:07 CEST');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('durations', () => {
  it('says durations from milliseconds to hours', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_400)).toBe('12.4 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(3_720_000)).toBe('1 h 02 min');
  });
});

describe('counts and names', () => {
  it('writes counts with a comma per thousand', () => {
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });

  it('humanizes column and field names', () => {
    expect(humanizeName('legal_name')).toBe('Legal name');
    expect(humanizeName('set-password')).toBe('Set password');
    expect(humanizeName('paidThroughYear')).toBe('Paid through year');
  });
});

describe('counts with their noun', () => {
  it('follows the plural rule: "1 debit", "0 debits", "2 debits" (issue 32: "1 debits")', () => {
    const debit = { one: 'debit', other: 'debits' };
    expect(formatCountOf(1, debit)).toBe('1 debit');
    expect(formatCountOf(0, debit)).toBe('0 debits');
    expect(formatCountOf(1_250, debit)).toBe('1,250 debits');
  });
});
