/**
 * A small seeded pseudo-random generator for the demo data. Math.random cannot be seeded, and the
 * demo data set must come out byte-identical for the same seed, so every random choice of the
 * generators goes through one of these. Each table draws from its own named stream: adding a
 * column to one table does not reshuffle all the others.
 */
export type Prng = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `length` decimal digits, leading zeros allowed. */
  digits(length: number): string;
  /** An opaque 20-character [A-Za-z0-9] record id, the shape of `newId()` in lib/ids. */
  id(): string;
  /** `length` characters drawn from `alphabet`. */
  code(alphabet: string, length: number): string;
};

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** cyrb128: spreads the seed and the stream name over four 32-bit words of state. */
function hashSeed(seed: number, stream: string): [number, number, number, number] {
  const text = `${seed}:${stream}`;
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A 32-bit seed for another generator (faker's), derived like a stream. */
export function deriveSeed(seed: number, stream: string): number {
  return hashSeed(seed, stream)[0];
}

/** sfc32: fast, 128 bits of state, passes PractRand; plenty for demo data, never for secrets. */
export function createPrng(seed: number, stream: string): Prng {
  let [a, b, c, d] = hashSeed(seed, stream);
  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // The first outputs of sfc32 still show the seed; the reference implementation skips them.
  for (let i = 0; i < 15; i++) nextUint32();

  const next = () => nextUint32() / 4294967296;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const code = (alphabet: string, length: number) => {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    digits: (length) => code('0123456789', length),
    id: () => code(idAlphabet, 20),
    code,
  };
}

/**
 * Picks by weight with a binary search over the cumulative weights: the country of 100,000
 * members is drawn from 120 weights without scanning them each time.
 */
export function createWeightedPicker<T>(
  entries: readonly (readonly [T, number])[],
): (prng: Prng) => T {
  const items: T[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const [item, weight] of entries) {
    if (weight <= 0) continue;
    total += weight;
    items.push(item);
    cumulative.push(total);
  }
  if (items.length === 0) throw new Error('a weighted pick needs at least one positive weight');
  return (prng) => {
    const target = prng.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((cumulative[middle] as number) > target) high = middle;
      else low = middle + 1;
    }
    return items[low] as T;
  };
}
