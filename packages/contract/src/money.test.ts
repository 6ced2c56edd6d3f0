import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, donationVatExemption, lineVatMinor } from './invoices';
import { formatMinorPlain, parseMajorAmount } from './money';

const minorOf = (text: string) => {
  const result = parseMajorAmount(text);
  return result.ok ? result.minor : result.rule;
};

describe('amounts typed in major units', () => {
  it('reads either decimal separator exactly', () => {
    expect(minorOf('1250.50')).toBe(125_050);
    expect(minorOf('1250,50')).toBe(125_050);
    expect(minorOf('0.10')).toBe(10);
    expect(minorOf('0,2')).toBe(20);
    expect(minorOf('80')).toBe(8_000);
    expect(minorOf('.5')).toBe(50);
    // The classic float trap: 1.15 * 100 is 114.99999999999999.
    expect(minorOf('1.15')).toBe(115);
    expect(minorOf('4.35')).toBe(435);
  });

  it('accepts thousands grouping with an apostrophe, a space or the other mark', () => {
    expect(minorOf("1'250.50")).toBe(125_050);
    expect(minorOf('1’250.50')).toBe(125_050);
    expect(minorOf('1 250,50')).toBe(125_050);
    expect(minorOf('1.250,50')).toBe(125_050);
    expect(minorOf('1,250.50')).toBe(125_050);
    expect(minorOf('1.250.000')).toBe(125_000_000);
  });

  it('refuses what it would have to guess, with the rule', () => {
    expect(minorOf('1,250')).toBe('format');
    expect(minorOf('12.345')).toBe('format');
    expect(minorOf('1.2.3,4')).toBe('format');
    expect(minorOf('12.505')).toBe('format');
    expect(minorOf('12,5,0')).toBe('format');
    expect(minorOf('CHF 12')).toBe('format');
    expect(minorOf('')).toBe('format');
    expect(minorOf('-5')).toBe('range');
    expect(minorOf('1.2345')).toBe('decimals');
    expect(minorOf('99999999999')).toBe('range');
  });

  it('writes minor units back as plain text', () => {
    expect(formatMinorPlain(125_050)).toBe('1250.50');
    expect(formatMinorPlain('5')).toBe('0.05');
    expect(formatMinorPlain(-1_00)).toBe('-1.00');
  });
});

describe('invoice totals', () => {
  it('adds VAT per line, half up, and keeps the donation apart', () => {
    const totals = computeInvoiceTotals([
      {
        description: 'Seminar',
        quantity: 3,
        unitAmountMinor: 12_345,
        vatRate: 8.1,
        vatExemption: null,
      },
      {
        description: 'Membership fee',
        quantity: 1,
        unitAmountMinor: 95_000,
        vatRate: null,
        vatExemption: 'Outside the scope of Swiss VAT (membership fee)',
      },
      {
        description: 'Donation',
        quantity: 1,
        unitAmountMinor: 2_500,
        vatRate: null,
        vatExemption: donationVatExemption,
      },
    ]);
    // 370.35 × 8.1 % = 29.99835 → 30.00
    expect(totals).toEqual({
      subtotalMinor: 132_035,
      vatMinor: 3_000,
      donationMinor: 2_500,
      totalMinor: 137_535,
    });
  });

  it('rounds a VAT half cent up', () => {
    // 0.50 × 7.7 % = 0.0385 → 0.04; 10.00 × 2.5 % = 0.25 exactly.
    expect(lineVatMinor({ quantity: 1, unitAmountMinor: 50, vatRate: 7.7 })).toBe(4);
    expect(lineVatMinor({ quantity: 1, unitAmountMinor: 1_000, vatRate: 2.5 })).toBe(25);
  });
});
