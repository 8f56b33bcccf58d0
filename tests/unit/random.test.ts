/** The tools' seeded random generator (tools/random.mjs): mulberry32, repeatable run to run. */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../tools/random.mjs';

describe('mulberry32', () => {
  it('keeps its sequence (seed 1): the placeholder files and the tracking runs repeat by it', () => {
    const random = mulberry32(1);
    expect([random(), random(), random()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });

  it('repeats a sequence for the same seed, and another seed gives another sequence', () => {
    const take = (seed: number) => {
      const random = mulberry32(seed);
      return Array.from({ length: 5 }, () => random());
    };
    expect(take(42)).toEqual(take(42));
    expect(take(43)).not.toEqual(take(42));
    // Seeds are 32-bit: 2^32 + 42 is 42.
    expect(take(2 ** 32 + 42)).toEqual(take(42));
  });

  it('stays in [0, 1) and spreads over it', () => {
    const random = mulberry32(7);
    const values = Array.from({ length: 10_000 }, () => random());
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });
});
