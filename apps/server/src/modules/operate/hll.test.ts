// The report's distinct-user estimate: within a few standard errors on sets of known size, exact-ish
// when small, and a union of sketches is the sketch of the union.
import { describe, expect, it } from 'vitest';
import { addId, estimate, mergeInto, newSketch, sketchFromText, sketchToText } from './hll.ts';

const sketchOf = (ids: Iterable<number>) => {
  const s = newSketch();
  for (const id of ids) addId(s, id);
  return s;
};
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('HyperLogLog sketches of user ids', () => {
  it('estimates within 5% (about three standard errors) from 1,000 to 1,000,000 distinct ids', () => {
    for (const n of [1_000, 20_000, 300_000, 1_000_000]) {
      const e = estimate(sketchOf(range(1, n)));
      expect(Math.abs(e - n) / n, `n = ${n}: ${e}`).toBeLessThan(0.05);
    }
  });

  it('is within 5% for small sets (linear counting) and ignores repeats', () => {
    expect(estimate(newSketch())).toBe(0);
    expect(estimate(sketchOf([7, 7, 7, 42]))).toBe(2);
    const e = estimate(sketchOf([...range(1, 300), ...range(1, 300)]));
    expect(Math.abs(e - 300)).toBeLessThanOrEqual(15);
  });

  it('merges: days that share users count them once; the text form round-trips', () => {
    // 365 days of 14,000 active users each, drawn from 200,000 users with overlap.
    const days = Array.from({ length: 365 }, (_, d) => sketchOf(range(1 + ((d * 523) % 186_000), 14_000)));
    const all = newSketch();
    for (const s of days) mergeInto(all, sketchFromText(sketchToText(s)));
    const truth = new Set<number>();
    for (let d = 0; d < 365; d++) for (const id of range(1 + ((d * 523) % 186_000), 14_000)) truth.add(id);
    expect(Math.abs(estimate(all) - truth.size) / truth.size).toBeLessThan(0.05);
    expect(sketchFromText('not a sketch')).toEqual(newSketch());
  });
});
