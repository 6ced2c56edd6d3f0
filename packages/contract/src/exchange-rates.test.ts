import { describe, expect, it } from 'vitest';
import { exchangeRateOfMillionths, formatRateMonth, parseExchangeRate } from './exchange-rates';

describe('parseExchangeRate', () => {
  it('reads a rate into millionths and its canonical text, never through a float', () => {
    expect(parseExchangeRate('0.9412')).toEqual({ ok: true, millionths: 941_200n, rate: '0.9412' });
    expect(parseExchangeRate(' 1.000000 ')).toEqual({
      ok: true,
      millionths: 1_000_000n,
      rate: '1',
    });
    expect(parseExchangeRate('0.000001')).toMatchObject({ ok: true, millionths: 1n });
    expect(parseExchangeRate('10000')).toMatchObject({ ok: true, rate: '10000' });
  });

  it('takes a decimal comma only when asked (a semicolon-separated file)', () => {
    expect(parseExchangeRate('0,9412')).toMatchObject({ ok: false, rule: 'format' });
    expect(parseExchangeRate('0,9412', { isCommaDecimal: true })).toMatchObject({
      ok: true,
      rate: '0.9412',
    });
  });

  it('names the rule a rate breaks', () => {
    const ruleOf = (text: string) => {
      const parsed = parseExchangeRate(text);
      return parsed.ok ? 'ok' : parsed.rule;
    };
    expect(ruleOf('')).toBe('format');
    expect(ruleOf('1e3')).toBe('format');
    expect(ruleOf('-0.5')).toBe('format');
    expect(ruleOf('.5')).toBe('format');
    expect(ruleOf("1'000")).toBe('format');
    expect(ruleOf('0.1234567')).toBe('decimals');
    expect(ruleOf('0.000000')).toBe('positive');
    expect(ruleOf('10000.000001')).toBe('range');
  });

  it('writes millionths without trailing zeros and months in words', () => {
    expect(exchangeRateOfMillionths(880_000n)).toBe('0.88');
    expect(exchangeRateOfMillionths(12_345_678n)).toBe('12.345678');
    expect(formatRateMonth('2026-05')).toBe('May 2026');
    expect(formatRateMonth('2026-13')).toBe('2026-13');
  });
});
