/**
 * Deterministic pseudo-random numbers from a string seed (xmur3 hash → mulberry32 generator).
 * Not for secrets: only for reproducible sandbox data, so the same seed always yields the same customer.
 */

/** xmur3: hashes a string into a 32-bit seed. */
export function hashString(value: string): number {
  let h = 1779033703 ^ value.length;
  for (let i = 0; i < value.length; i++) {
    h = Math.imul(h ^ value.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^= h >>> 16) >>> 0;
}

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Money amount in [min, max] with cents. */
  cents(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** A seeded generator; every part of the seed (e.g. `[seed, vendor, ref]`) changes the whole sequence. */
export function createRandom(...seedParts: string[]): Random {
  let a = hashString(seedParts.join('\u0000'));
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    cents: (min, max) => Math.round((min + next() * (max - min)) * 100) / 100,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    chance: (probability) => next() < probability,
  };
}

/** Formats a number of dollars as a decimal string with two places, e.g. `-45.2` → `"-45.20"`. */
export function toDecimal(amount: number): string {
  const cents = Math.round(amount * 100);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
