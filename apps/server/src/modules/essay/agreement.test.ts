// The agreement and fitting maths, on values worked out by hand.
import { describe, expect, it } from 'vitest';
import {
  applyCuts,
  bootstrapInterval,
  fitCuts,
  fitLengthBaseline,
  fitRidge,
  isHeldOut,
  pearson,
  predictRidge,
  quantile,
  qwk,
  qwkHalves,
  ranks,
  spearman,
} from './agreement.ts';

describe('rank correlation', () => {
  it('mid-ranks ties', () => {
    expect(ranks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
  });
  it('is 1 for any increasing relation, −1 for a decreasing one', () => {
    expect(spearman([1, 2, 3, 4, 5], [1, 4, 9, 16, 25])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4, 5], [5, 4, 3, 2, 1])).toBeCloseTo(-1, 12);
  });
  it('matches 1 − 6Σd²/(n(n²−1)) without ties', () => {
    // d = 0, −1, 1, 0 → Σd² = 2 → 1 − 12/60 = 0.8
    expect(spearman([1, 2, 3, 4], [1, 3, 2, 4])).toBeCloseTo(0.8, 12);
  });
  it('pearson is 0 when one side is constant', () => {
    expect(pearson([1, 2, 3], [2, 2, 2])).toBe(0);
  });
});

describe('quadratic-weighted kappa', () => {
  it('is 1 for perfect agreement', () => {
    expect(qwk([1, 2, 3, 4], [1, 2, 3, 4], 1, 4)).toBe(1);
    expect(qwkHalves([0, 2.5, 6], [0, 2.5, 6])).toBe(1);
  });
  it('matches a hand-computed 2 × 2 case', () => {
    // a = [1,1,2,2], b = [1,2,2,2]; categories 1–2, w = 1 off the diagonal.
    // Observed off-diagonal: one (1,2). Expected: ha = [2,2], hb = [1,3], n = 4;
    // E(1,2) = 2·3/4 = 1.5, E(2,1) = 2·1/4 = 0.5 → κ = 1 − 1/2 = 0.5.
    expect(qwk([1, 1, 2, 2], [1, 2, 2, 2], 1, 2)).toBeCloseTo(0.5, 12);
  });
  it('matches a hand-computed 3-category case', () => {
    // a = [1,2,3], b = [1,3,3] on 1–3, w(i,j) = (i − j)²/4. Observed: one (2,3) → Σ w·O = 1/4.
    // ha = [1,1,1], hb = [1,0,2], n = 3: Σ w·E = (1/3)(w13·2 + w21·1 + w23·2 + w31·1)
    // = (1/3)(2 + 0.25 + 0.5 + 1) = 1.25 → κ = 1 − 0.25/1.25 = 0.8.
    expect(qwk([1, 2, 3], [1, 3, 3], 1, 3)).toBeCloseTo(0.8, 12);
  });
  it('is about 0 for independent ratings and negative for reversed ones', () => {
    expect(qwk([1, 2, 1, 2], [1, 1, 2, 2], 1, 2)).toBeCloseTo(0, 12);
    expect(qwk([1, 2, 3], [3, 2, 1], 1, 3)).toBeLessThan(0);
  });
});

describe('quantiles and thresholds', () => {
  it('interpolates between order statistics', () => {
    expect(quantile([3, 1, 2, 4], 0)).toBe(1);
    expect(quantile([3, 1, 2, 4], 1)).toBe(4);
    expect(quantile([3, 1, 2, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 20], 0.25)).toBe(12.5);
  });
  it('gives the predictions the human distribution', () => {
    const levels = [1, 2, 3];
    const human = [1, 2, 2, 3];
    const predictions = [0.1, 0.2, 0.3, 0.4];
    const cuts = fitCuts(predictions, human, levels);
    expect(predictions.map((p) => applyCuts(p, cuts, levels))).toEqual([1, 2, 2, 3]);
    const byLength = fitLengthBaseline([100, 200, 300, 400], human, levels);
    expect(byLength(50)).toBe(1);
    expect(byLength(1000)).toBe(3);
  });
});

describe('ridge regression', () => {
  it('recovers an exact linear relation with λ = 0, and shrinks with λ > 0', () => {
    const rows = [
      [1, 0],
      [2, 1],
      [3, 0],
      [4, 1],
      [5, 0],
    ];
    const y = rows.map(([a, b]) => 2 + 3 * (a as number) - (b as number));
    const ols = fitRidge(rows, y, 0);
    for (const [i, r] of rows.entries()) expect(predictRidge(ols, r)).toBeCloseTo(y[i] as number, 9);
    const ridge = fitRidge(rows, y, 10);
    expect(Math.abs(ridge.weights[0] as number)).toBeLessThan(Math.abs(ols.weights[0] as number));
    expect(ridge.intercept).toBeCloseTo(y.reduce((a, b) => a + b, 0) / y.length, 12);
  });
  it('gives a constant feature no weight', () => {
    const fit = fitRidge(
      [
        [1, 7],
        [2, 7],
        [3, 7],
      ],
      [1, 2, 3],
      0,
    );
    expect(fit.weights[1]).toBe(0);
  });
});

describe('split', () => {
  it('is deterministic and holds out about a third', () => {
    const ids = Array.from({ length: 3000 }, (_, i) => String(i));
    const held = ids.filter(isHeldOut).length;
    expect(held / ids.length).toBeGreaterThan(0.3);
    expect(held / ids.length).toBeLessThan(0.37);
    expect(ids.filter(isHeldOut)).toEqual(ids.filter(isHeldOut));
  });
});

describe('bootstrap interval', () => {
  it('is reproducible, holds the estimate, and narrows with more data', () => {
    const make = (n: number) => {
      const x = Array.from({ length: n }, (_, i) => i);
      const y = x.map((v) => v + ((v * 7919) % 13) - 6);
      return (idx: number[]) =>
        spearman(
          idx.map((i) => x[i] as number),
          idx.map((i) => y[i] as number),
        );
    };
    const small = bootstrapInterval(40, make(40));
    expect(bootstrapInterval(40, make(40))).toEqual(small);
    const point = make(40)(Array.from({ length: 40 }, (_, i) => i));
    expect(small[0]).toBeLessThanOrEqual(point);
    expect(small[1]).toBeGreaterThanOrEqual(point);
    const large = bootstrapInterval(400, make(400));
    expect(large[1] - large[0]).toBeLessThan(small[1] - small[0]);
  });
});
