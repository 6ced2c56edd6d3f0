import { describe, expect, it } from 'vitest';
import { allowedTypos, correctionDistance, editDistance } from './typos';

describe('typo tolerance', () => {
  it('allows none below 5 letters, one from 5 and two from 9', () => {
    expect(allowedTypos('ship')).toBe(0);
    expect(allowedTypos('zurch')).toBe(1);
    expect(allowedTypos('logistiks')).toBe(2);
    // Characters, not UTF-16 units: five CJK characters are five letters.
    expect(allowedTypos('東京物流社')).toBe(1);
  });

  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('lrason', 'larson')).toBe(1);
    expect(editDistance('lanson', 'larson')).toBe(1);
    expect(editDistance('zurch', 'zurich')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('compares the word being typed with beginnings of vocabulary words', () => {
    expect(correctionDistance('logsti', 'logistics', true)).toBe(1);
    expect(correctionDistance('logsti', 'logistics', false)).toBeGreaterThan(1);
    expect(correctionDistance('spedtion', 'spedition', true)).toBe(1);
    expect(correctionDistance('cargo', 'freight', true)).toBeGreaterThan(1);
  });
});
