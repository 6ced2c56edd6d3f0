import type { TCreditableLine } from '@ops/contract';
import { describe, expect, it } from 'vitest';
import { initialChoices } from './credit-lines';
import { linesRequestOf } from './credit-note-request';

const line = (lineIndex: number, amountMinor: number, creditedMinor = 0): TCreditableLine => ({
  lineIndex,
  description: `Line ${lineIndex + 1}`,
  quantity: 1,
  unitAmountMinor: amountMinor,
  vatRate: null,
  amountMinor,
  creditedMinor,
  leftMinor: amountMinor - creditedMinor,
});

describe('the credit note dialog’s request', () => {
  const lines = [line(0, 40_000), line(1, 5_000, 5_000), line(2, 10_000, 2_500)];

  it('asks for "all" when every line with something left is credited in full', () => {
    expect(linesRequestOf(lines, initialChoices(lines))).toEqual({
      ok: true,
      lines: 'all',
      totalMinor: 47_500,
    });
  });

  it('names a whole line alone and a part with its amount', () => {
    const choices = initialChoices(lines);
    choices[0] = { isChosen: true, amount: '150.00' };
    choices[2] = { isChosen: true, amount: '75' };
    expect(linesRequestOf(lines, choices)).toEqual({
      ok: true,
      lines: [{ lineIndex: 0, amountMinor: 15_000 }, { lineIndex: 2 }],
      totalMinor: 22_500,
    });
  });

  it('refuses more than is left, an unreadable amount, and no line at all', () => {
    const choices = initialChoices(lines);
    choices[0] = { isChosen: true, amount: '400.01' };
    choices[2] = { isChosen: true, amount: 'ten francs' };
    const refused = linesRequestOf(lines, choices);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.errors[0]).toBe('More than is left of the line');
      expect(refused.errors[2]).toBeTruthy();
    }
    const none = linesRequestOf(
      lines,
      lines.map(() => ({ isChosen: false, amount: '' })),
    );
    expect(none).toEqual({
      ok: false,
      errors: [null, null, null],
      message: 'Choose at least one line.',
    });
  });
});
