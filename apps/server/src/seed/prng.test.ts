import { describe, expect, it } from 'vitest';
import { createPrng, createWeightedPicker } from './prng';

const draw = (seed: number, stream: string) => {
  const prng = createPrng(seed, stream);
  return Array.from({ length: 20 }, () => prng.next());
};

describe('createPrng', () => {
  it('repeats for the same seed and stream, differs for another seed or stream', () => {
    expect(draw(1, 'members')).toEqual(draw(1, 'members'));
    expect(draw(2, 'members')).not.toEqual(draw(1, 'members'));
    expect(draw(1, 'users')).not.toEqual(draw(1, 'members'));
  });

  it('stays in range', () => {
    const prng = createPrng(7, 'range');
    for (let i = 0; i < 10_000; i++) {
      const value = prng.next();
      expect(value >= 0 && value < 1).toBe(true);
      const int = prng.int(3, 5);
      expect(int >= 3 && int <= 5 && Number.isInteger(int)).toBe(true);
    }
  });

  it('makes 20-character alphanumeric ids', () => {
    const prng = createPrng(7, 'ids');
    const ids = Array.from({ length: 1000 }, () => prng.id());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('createWeightedPicker', () => {
  it('follows the weights and never picks a zero weight', () => {
    const pick = createWeightedPicker<'a' | 'b' | 'never'>([
      ['a', 3],
      ['b', 1],
      ['never', 0],
    ]);
    const prng = createPrng(1, 'weights');
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 20_000; i++) counts[pick(prng)]++;
    expect(counts.never).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(2.7);
    expect(counts.a / counts.b).toBeLessThan(3.3);
  });
});
