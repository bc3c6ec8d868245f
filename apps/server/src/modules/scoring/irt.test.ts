import { describe, expect, it } from 'vitest';
import { seededRandom } from '../question/word-questions.ts';
import {
  estimateAbility,
  type ItemParams,
  type ItemResponse,
  information,
  levelOf,
  priorParams,
  probability,
  routingCuts,
  scaledOf,
  toScaled,
} from './irt.ts';

function gaussian(rng: () => number): number {
  return Math.sqrt(-2 * Math.log(Math.max(rng(), 1e-12))) * Math.cos(2 * Math.PI * rng());
}

/** A Verbal-like measure: 27 items of the test's kinds (their guessing floors), difficulty 1/2/3. */
const verbalKinds = ['tc1', 'tc2', 'tc3', 'se', 'rc_single', 'rc_multi', 'rc_single', 'rc_select', 'se'] as const;
const mockForm = (a = 1.2): ItemParams[] =>
  Array.from({ length: 27 }, (_, i) => ({
    ...priorParams(verbalKinds[i % verbalKinds.length] as (typeof verbalKinds)[number], (i % 3) + 1),
    a,
  }));

/** Simulated candidates answering `form` under the model; returns errors in scaled points and bands. */
function simulate(form: ItemParams[], n: number, seed: string) {
  const rng = seededRandom(seed);
  const errors: number[] = [];
  const bands: number[] = [];
  for (let i = 0; i < n; i++) {
    const theta = gaussian(rng);
    const responses = form.map((item) => ({ item, correct: rng() < probability(theta, item) }));
    const s = toScaled(estimateAbility(responses), 'verbal', responses.length);
    errors.push(s.score - scaledOf(theta, 'verbal'));
    bands.push(s.band);
  }
  const rmse = Math.sqrt(errors.reduce((a, e) => a + e * e, 0) / n);
  const bias = errors.reduce((a, e) => a + e, 0) / n;
  const band = bands.reduce((a, b) => a + b, 0) / n;
  const covered = errors.filter((e, i) => Math.abs(e) <= (bands[i] as number)).length / n;
  return { rmse, bias, band, covered };
}

describe('the item-response model', () => {
  it('probability: the guessing floor far below, certainty far above, halfway above the floor at b', () => {
    const p: ItemParams = { a: 1.2, b: 0.5, c: 0.2 };
    expect(probability(-20, p)).toBeCloseTo(0.2, 6);
    expect(probability(20, p)).toBeCloseTo(1, 6);
    expect(probability(0.5, p)).toBeCloseTo(0.6, 10);
    expect(information(0.5, p)).toBeGreaterThan(information(3, p));
  });

  it('priors come from the authored difficulty and the answer format', () => {
    expect(priorParams('tc1', 1)).toEqual({ a: 1.2, b: -1, c: 0.2 });
    expect(priorParams('qc', 3)).toEqual({ a: 1.2, b: 1, c: 0.25 });
    expect(priorParams('numeric', 2).c).toBe(0);
    expect(priorParams('se', 2).c).toBeCloseTo(1 / 15);
  });

  it('with no answers the estimate is the prior: average ability, SE 1', () => {
    const e = estimateAbility([]);
    expect(e.theta).toBeCloseTo(0, 6);
    expect(e.se).toBeCloseTo(1, 2);
  });

  it('the estimate rises with every extra right answer', () => {
    const form = Array.from({ length: 20 }, () => ({ a: 1.2, b: 0, c: 0.2 }));
    let last = Number.NEGATIVE_INFINITY;
    for (let right = 0; right <= 20; right++) {
      const e = estimateAbility(form.map((item, i) => ({ item, correct: i < right })));
      expect(e.theta).toBeGreaterThan(last);
      last = e.theta;
    }
    // On a mixed form, turning any wrong answer into a right one raises it too.
    const mixed = mockForm();
    const base: ItemResponse[] = mixed.map((item, i) => ({ item, correct: i % 2 === 0 }));
    const t0 = estimateAbility(base).theta;
    for (let i = 1; i < mixed.length; i += 2) {
      const flipped = base.map((r, j) => (j === i ? { ...r, correct: true } : r));
      expect(estimateAbility(flipped).theta).toBeGreaterThan(t0);
    }
  });

  it('the standard error shrinks as items are added', () => {
    const se = (n: number) =>
      estimateAbility(Array.from({ length: n }, (_, i) => ({ item: { a: 1.2, b: 0, c: 0.2 }, correct: i % 2 === 0 })))
        .se;
    expect(se(10)).toBeLessThan(se(5));
    expect(se(27)).toBeLessThan(se(10));
    expect(se(60)).toBeLessThan(se(27));
  });

  it('maps ability to 130–170 with an honest spread, rounded, clamped, with a band of at least 1', () => {
    expect(scaledOf(0, 'verbal')).toBe(152);
    expect(scaledOf(1, 'verbal')).toBe(160.5);
    expect(scaledOf(-1, 'quant')).toBe(148);
    expect(scaledOf(5, 'quant')).toBe(170);
    expect(scaledOf(-5, 'verbal')).toBe(130);
    expect(toScaled({ theta: 0.7, se: 0.35 }, 'verbal', 27)).toEqual({ score: 158, band: 3, items: 27 });
    expect(toScaled({ theta: 0, se: 0.01 }, 'quant', 27).band).toBe(1);
  });

  it('recovers known abilities: a 27-item mock at the priors, unbiased, and the band is as wide as the error', () => {
    const r = simulate(mockForm(), 3000, 'irt-27');
    // The assumed discrimination (1.2) leaves a 27-item measure a little above the 3-point target
    // (bench/src/scoring.ts prints the real mocks); the estimate must be unbiased and honest about it.
    expect(r.rmse).toBeLessThan(3.6);
    expect(Math.abs(r.bias)).toBeLessThan(0.3);
    expect(Math.abs(r.band - r.rmse)).toBeLessThan(0.4);
    expect(r.covered).toBeGreaterThan(0.6);
    expect(r.covered).toBeLessThan(0.8);
  });

  it('recovers known abilities within the 3-point target once the items discriminate like operational ones', () => {
    const r = simulate(mockForm(1.7), 3000, 'irt-27-operational');
    expect(r.rmse).toBeLessThanOrEqual(3);
    expect(Math.abs(r.bias)).toBeLessThan(0.3);
  });

  it('routing: number-right cut scores from the first section, and each level', () => {
    const first = Array.from({ length: 12 }, (_, i) => priorParams('tc1', (i % 3) + 1));
    const cuts = routingCuts(first);
    expect(cuts.easyBelow).toBeGreaterThan(0);
    expect(cuts.hardFrom).toBeGreaterThan(cuts.easyBelow);
    expect(cuts.hardFrom).toBeLessThanOrEqual(12);
    expect(levelOf(cuts.easyBelow - 1, cuts)).toBe('easy');
    expect(levelOf(cuts.easyBelow, cuts)).toBe('medium');
    expect(levelOf(cuts.hardFrom - 1, cuts)).toBe('medium');
    expect(levelOf(cuts.hardFrom, cuts)).toBe('hard');
    // A harder first section needs fewer right answers for the same level.
    const harder = routingCuts(first.map((p) => ({ ...p, b: p.b + 1 })));
    expect(harder.hardFrom).toBeLessThan(cuts.hardFrom);
  });
});
