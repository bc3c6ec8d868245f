// The item-response model behind the 130–170 scores (docs/scoring.md): a three-parameter logistic
// model whose guessing floor is fixed by the answer format, item priors from the authored
// difficulty, the ability estimate (EAP over a N(0,1) prior) with its standard error, the mapping
// of ability to the scaled score, and the number-right cut scores that route a mock's second section.
import { QuestionCategory } from '@gre/contract/enums';
import type { AdaptiveLevel, ScaledScore } from '@gre/contract/exam';
import type { QuestionKind } from '@gre/contract/question';

export type Measure = 'verbal' | 'quant';

/** a: discrimination, b: difficulty (both on the ability scale), c: the guessing floor. */
export interface ItemParams {
  a: number;
  b: number;
  c: number;
}

export interface ItemResponse {
  item: ItemParams;
  correct: boolean;
}

export interface AbilityEstimate {
  /** Posterior mean of ability (0 = the average GRE candidate, 1 = one standard deviation above). */
  theta: number;
  /** Posterior standard deviation: the standard error of `theta`. */
  se: number;
}

/**
 * The chance that a candidate who guesses blindly gets an item right, from its answer format:
 * 1 of 5 options, 1 of 3×3 blank pairs, 1 of the 15 pairs of 6 options (sentence equivalence), 1 of
 * the 7 non-empty subsets of 3 options ("select all that apply"), 1 of about 10 sentences of a
 * passage, 1 of the 4 fixed comparison choices, 1 of 31 subsets of ~5 options, nothing for typed
 * numbers. The model keeps it fixed: it is not estimated from answers.
 */
export const guessingByKind: Record<QuestionKind, number> = {
  tc1: 1 / 5,
  tc2: 1 / 9,
  tc3: 1 / 27,
  se: 1 / 15,
  rc_single: 1 / 5,
  rc_multi: 1 / 7,
  rc_select: 1 / 10,
  qc: 1 / 4,
  ps_single: 1 / 5,
  ps_multi: 1 / 31,
  numeric: 0,
  numeric_fraction: 0,
  issue: 0,
  word_meaning: 1 / 4,
  word_from_meaning: 1 / 4,
  word_synonym: 1 / 4,
};

/**
 * Item priors. Difficulty: authored 1 / 2 / 3 (easy / medium / hard) → b = −1 / 0 / +1 with a prior
 * SD of 0.6 (the levels overlap). Discrimination: lognormal around 1.2 (logistic metric), log-SD
 * 0.35: moderate, below what pretested operational items reach (~1.5–1.9), because these items were
 * authored without pretesting. Calibration moves both as answers accumulate.
 */
export const itemPrior = {
  bOfDifficulty: { 1: -1, 2: 0, 3: 1 } as Record<number, number>,
  bSd: 0.6,
  a: 1.2,
  logASd: 0.35,
} as const;

export function priorParams(kind: QuestionKind, difficulty: number): ItemParams {
  return { a: itemPrior.a, b: itemPrior.bOfDifficulty[difficulty] ?? 0, c: guessingByKind[kind] ?? 0 };
}

/** Verbal = filling and reading; Quant = math. Essays and word drills are not on these scales. */
export function measureOf(category: number): Measure | null {
  if (category === QuestionCategory.Filling || category === QuestionCategory.Reading) return 'verbal';
  if (category === QuestionCategory.Math) return 'quant';
  return null;
}

export function probability(theta: number, p: ItemParams): number {
  return p.c + (1 - p.c) / (1 + Math.exp(-p.a * (theta - p.b)));
}

/** Fisher information of one item at `theta` (3PL with a fixed floor). */
export function information(theta: number, p: ItemParams): number {
  const P = probability(theta, p);
  const s = (P - p.c) / (1 - p.c);
  return (p.a * p.a * s * s * (1 - P)) / P;
}

/** Quadrature: 81 points from −4 to 4 (step 0.1), weighted by the N(0,1) prior. */
export const quadrature = (() => {
  const n = 81;
  const points = new Float64Array(n);
  const weights = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) {
    const t = -4 + (8 * k) / (n - 1);
    points[k] = t;
    weights[k] = Math.exp(-0.5 * t * t);
    sum += weights[k] as number;
  }
  for (let k = 0; k < n; k++) weights[k] = (weights[k] as number) / sum;
  return { points, weights };
})();

/**
 * The expected a posteriori ability over a N(0,1) prior, and its posterior SD. With no responses it
 * is the prior (0, 1). Right answers always raise the estimate, wrong ones lower it.
 */
export function estimateAbility(responses: readonly ItemResponse[]): AbilityEstimate {
  const { points, weights } = quadrature;
  const n = points.length;
  const logPost = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const t = points[k] as number;
    let l = Math.log(weights[k] as number);
    for (const r of responses) {
      const P = probability(t, r.item);
      l += Math.log(r.correct ? P : 1 - P);
    }
    logPost[k] = l;
  }
  let max = Number.NEGATIVE_INFINITY;
  for (const l of logPost) if (l > max) max = l;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  for (let k = 0; k < n; k++) {
    const w = Math.exp((logPost[k] as number) - max);
    const t = points[k] as number;
    s0 += w;
    s1 += w * t;
    s2 += w * t * t;
  }
  const theta = s1 / s0;
  return { theta, se: Math.sqrt(Math.max(0, s2 / s0 - theta * theta)) };
}

/**
 * Ability → 130–170. Ability 0 is the average GRE candidate; one SD of ability is one SD of the
 * reported scores: Verbal mean 152, SD 8.5; Quant mean 157, SD 9 (close to ETS's published
 * figures for recent test takers). Scores are rounded to whole points and held inside 130–170.
 */
export const scaleOf: Record<Measure, { mean: number; sd: number }> = {
  verbal: { mean: 152, sd: 8.5 },
  quant: { mean: 157, sd: 9 },
};

export const scoreMin = 130;
export const scoreMax = 170;

export const clampScore = (x: number) => Math.min(scoreMax, Math.max(scoreMin, x));

/** The scaled score of an ability (unrounded, inside 130–170). */
export function scaledOf(theta: number, measure: Measure): number {
  const s = scaleOf[measure];
  return clampScore(s.mean + s.sd * theta);
}

/**
 * The reported score and its band: score ± one standard error in scaled points (about 68% of
 * candidates' true scores lie inside), at least 1 point.
 */
export function toScaled(est: AbilityEstimate, measure: Measure, items: number): ScaledScore {
  return {
    score: Math.round(scaledOf(est.theta, measure)),
    band: Math.max(1, Math.round(est.se * scaleOf[measure].sd)),
    items,
  };
}

/** Expected number right at `theta` (the test characteristic curve). */
export function expectedRight(theta: number, items: readonly ItemParams[]): number {
  let sum = 0;
  for (const p of items) sum += probability(theta, p);
  return sum;
}

/**
 * The ability that separates the second-section levels: below −0.5 the easy section, above +0.5 the
 * hard one (about 31% / 38% / 31% of candidates). Measured in bench/src/scoring.ts.
 */
export const routingTheta = 0.5;

/**
 * Number-right cut scores of a first section: easy when fewer right than a candidate at −0.5
 * would expect, hard from what a candidate at +0.5 would expect (rounded up), medium between.
 */
export function routingCuts(items: readonly ItemParams[], cut = routingTheta): { easyBelow: number; hardFrom: number } {
  const low = Math.ceil(expectedRight(-cut, items) - 1e-9);
  const high = Math.ceil(expectedRight(cut, items) - 1e-9);
  return { easyBelow: Math.max(0, low), hardFrom: Math.max(low, high) };
}

/** The level a number right leads to under the cut scores. */
export function levelOf(right: number, cuts: { easyBelow: number; hardFrom: number }): AdaptiveLevel {
  if (right < cuts.easyBelow) return 'easy';
  if (right >= cuts.hardFrom) return 'hard';
  return 'medium';
}
