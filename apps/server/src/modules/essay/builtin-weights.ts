// The built-in scorer's fitted weights: which features it reads (grouped by the four traits), how
// they are fitted to human scores (ridge regression on standardized features, λ by 5-fold
// cross-validation, then thresholds that give the predictions the human score distribution), and
// the committed result (builtin-weights.json, written by `npm run fit:essay`; docs/scoring.md).
import type { EssayTraitKey } from '@gre/contract/essay';
import { applyCuts, fitCuts, fitRidge, predictRidge, qwkHalves, spearman } from './agreement.ts';
import type { EssayFeatures } from './builtin-grader.ts';
import fitted from './builtin-weights.json' with { type: 'json' };

/** Where `npm run fit:essay` writes the weights (from the repository root). */
export const weightsPath = 'apps/server/src/modules/essay/builtin-weights.json';

interface FeatureDef {
  name: string;
  trait: EssayTraitKey;
  of: (f: EssayFeatures) => number;
}

const ln1p = Math.log1p;

/**
 * The features, by trait. Counts enter as log(1 + n): the tenth example adds less than the first.
 * Length enters once, as log own words (development); everything else is a rate or a count of what
 * a rater looks for.
 */
export const featureDefs: FeatureDef[] = [
  // 立场与展开: development and support, on the prompt.
  { name: 'log own words', trait: 'position', of: (f) => ln1p(f.ownWords) },
  { name: 'own words (hundreds)', trait: 'position', of: (f) => f.ownWords / 100 },
  { name: 'developed paragraphs', trait: 'position', of: (f) => Math.min(5, f.developedParagraphs) },
  { name: 'prompt coverage', trait: 'position', of: (f) => f.promptCoverage },
  { name: 'prompt density', trait: 'position', of: (f) => Math.min(0.3, f.promptDensity) },
  { name: 'position stated', trait: 'position', of: (f) => (f.thesis ? 1 : 0) },
  // 结构与组织
  { name: 'log transitions', trait: 'organization', of: (f) => ln1p(f.transitions) },
  { name: 'transition kinds', trait: 'organization', of: (f) => f.transitionKinds },
  { name: 'conclusion', trait: 'organization', of: (f) => (f.conclusion ? 1 : 0) },
  // 论证与例证
  { name: 'log examples', trait: 'reasoning', of: (f) => ln1p(f.examples) },
  { name: 'log reasons', trait: 'reasoning', of: (f) => ln1p(f.reasons) },
  { name: 'log counter-arguments', trait: 'reasoning', of: (f) => ln1p(f.counters) },
  { name: 'log specifics', trait: 'reasoning', of: (f) => ln1p(f.specifics) },
  // 语言与规范
  { name: 'misspelled share', trait: 'language', of: (f) => Math.min(0.3, f.misspelledShare) },
  { name: 'lexical diversity (MATTR)', trait: 'language', of: (f) => f.diversity },
  { name: 'log distinct words', trait: 'language', of: (f) => ln1p(f.distinctWords) },
  { name: 'uncommon GRE words /100', trait: 'language', of: (f) => Math.min(5, f.advancedPer100) },
  { name: 'mean word length', trait: 'language', of: (f) => f.meanWordLength },
  { name: 'long-word share', trait: 'language', of: (f) => f.longWordShare },
  { name: 'mean sentence length', trait: 'language', of: (f) => Math.min(60, f.meanSentenceLength) },
  { name: 'sentence length spread', trait: 'language', of: (f) => Math.min(30, f.sentenceLengthSpread) },
  { name: 'opener variety', trait: 'language', of: (f) => f.openerVariety },
  { name: 'commas per sentence', trait: 'language', of: (f) => Math.min(5, f.commasPerSentence) },
  { name: 'function-word share', trait: 'language', of: (f) => f.functionWordShare },
];

export const traitKeys: EssayTraitKey[] = ['position', 'organization', 'reasoning', 'language'];

export interface FittedWeights {
  method: string;
  data: string;
  command: string;
  lambda: number;
  /** Spearman of the 5-fold cross-validated predictions with the human score on the fit split. */
  crossValidatedSpearman: number;
  intercept: number;
  /** Per feature: its mean and SD on the fit split, its weight, and the range it is held to (the fit split's). */
  features: {
    name: string;
    trait: EssayTraitKey;
    mean: number;
    sd: number;
    weight: number;
    min: number;
    max: number;
  }[];
  /** Score levels (half points) and the thresholds between them on the prediction. */
  levels: number[];
  cuts: number[];
  /** Per trait: the factor that gives the trait's own contribution the spread of the whole prediction. */
  traitScale: Record<EssayTraitKey, number>;
  /** The refitted scorer on the held-out split (the essay card quotes this). */
  heldOut: { n: number; spearman: number; qwk: number; zeros: number } | null;
}

export const vectorOf = (f: EssayFeatures) => featureDefs.map((d) => d.of(f));

/** The features held to the range seen in the fit data: a linear model must not extrapolate. */
const clampedVector = (f: EssayFeatures, w: FittedWeights) =>
  vectorOf(f).map((x, j) => {
    const d = w.features[j];
    return d ? Math.min(d.max, Math.max(d.min, x)) : x;
  });

function asRidge(w: FittedWeights) {
  return {
    intercept: w.intercept,
    weights: w.features.map((x) => x.weight),
    scaler: { means: w.features.map((x) => x.mean), sds: w.features.map((x) => x.sd) },
  };
}

/** The continuous prediction (on the human scale) and each trait's contribution to it. */
export function predict(f: EssayFeatures, w: FittedWeights) {
  const x = clampedVector(f, w);
  const contribution = Object.fromEntries(traitKeys.map((k) => [k, 0])) as Record<EssayTraitKey, number>;
  w.features.forEach((d, j) => {
    if (d.sd > 0) contribution[d.trait] += (d.weight * ((x[j] as number) - d.mean)) / d.sd;
  });
  return { value: predictRidge(asRidge(w), x), contribution };
}

/** The score level of an essay (before the zero rules): the prediction through the thresholds. */
export const scoreLevels = (f: EssayFeatures, w: FittedWeights) => applyCuts(predict(f, w).value, w.cuts, w.levels);

const sd = (xs: number[]) => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length);
};

/**
 * Fits the weights to human scores: ridge regression on the standardized features with λ chosen
 * by 5-fold cross-validation (folds by position) from a small grid, then thresholds fitted so the
 * in-sample predictions have the human distribution over `levels`.
 */
export function fitWeights(
  features: EssayFeatures[],
  human: number[],
  levels: number[],
  about: { data: string; command: string },
): FittedWeights {
  const rows = features.map(vectorOf);
  const grid = [0.3, 1, 3, 10, 30, 100, 300, 1000];
  let best = { lambda: grid[0] as number, mse: Number.POSITIVE_INFINITY, cv: [] as number[] };
  for (const lambda of grid) {
    let se = 0;
    const cv = new Array<number>(rows.length).fill(0);
    for (let fold = 0; fold < 5; fold++) {
      const train = rows.filter((_, i) => i % 5 !== fold);
      const fit = fitRidge(
        train,
        human.filter((_, i) => i % 5 !== fold),
        lambda,
      );
      rows.forEach((r, i) => {
        if (i % 5 !== fold) return;
        cv[i] = predictRidge(fit, r);
        se += ((cv[i] as number) - (human[i] as number)) ** 2;
      });
    }
    if (se < best.mse) best = { lambda, mse: se, cv };
  }
  const ridge = fitRidge(rows, human, best.lambda);
  const weights: FittedWeights = {
    method:
      'ridge regression of the human score (mean of the raters) on the standardized features, λ by 5-fold cross-validation; thresholds: equipercentile to the human score distribution on the fit split',
    data: about.data,
    command: about.command,
    lambda: best.lambda,
    crossValidatedSpearman: Math.round(spearman(best.cv, human) * 1000) / 1000,
    intercept: ridge.intercept,
    features: featureDefs.map((d, j) => ({
      name: d.name,
      trait: d.trait,
      mean: ridge.scaler.means[j] as number,
      sd: ridge.scaler.sds[j] as number,
      weight: ridge.weights[j] as number,
      min: Math.min(...rows.map((r) => r[j] as number)),
      max: Math.max(...rows.map((r) => r[j] as number)),
    })),
    levels,
    cuts: [],
    traitScale: { position: 1, organization: 1, reasoning: 1, language: 1 },
    heldOut: null,
  };
  const predictions = features.map((f) => predict(f, weights));
  weights.cuts = fitCuts(
    predictions.map((p) => p.value),
    human,
    levels,
  );
  const spread = sd(predictions.map((p) => p.value - weights.intercept));
  for (const k of traitKeys) {
    const s = sd(predictions.map((p) => p.contribution[k]));
    weights.traitScale[k] = s > 0 ? spread / s : 0;
  }
  return weights;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The figures of `w` on held-out essays (features and human scores), as stored with it and quoted on the card. */
export function heldOutFigures(
  w: FittedWeights,
  features: EssayFeatures[],
  human: number[],
): NonNullable<FittedWeights['heldOut']> {
  const scored = features.map((f) => scoreLevels(f, w));
  return {
    n: features.length,
    spearman: round3(spearman(scored, human)),
    qwk: round3(qwkHalves(scored, human)),
    zeros: scored.filter((s) => s === 0).length,
  };
}

/** The committed fit (builtin-weights.json). */
export const builtinWeights = fitted as FittedWeights;

/** Weights fit this code: the same features in the same order (a stored refit from older code may not). */
export const fitsFeatures = (w: FittedWeights) =>
  w.features.length === featureDefs.length && w.features.every((f, j) => f.name === featureDefs[j]?.name);

let active: FittedWeights = builtinWeights;
/** The weights in use: the newest refit on teacher grades once there is one, else the committed fit. */
export const activeWeights = () => active;
/** Puts weights in use in this process (the essay service, after loading or refitting them). */
export function useWeights(w: FittedWeights | null) {
  active = w && fitsFeatures(w) ? w : builtinWeights;
}

/** The essay card's line on how well the built-in scorer agrees with human raters ('' when unmeasured). */
export function agreementLine(w: FittedWeights = active): string {
  if (!w.heldOut) return '';
  // Say on what essays it was measured: the committed fit's are not GRE essays (docs/scoring.md).
  const which = w.data.startsWith('asap') ? '公开的人工评分议论文（美国八年级，非 GRE 作文）' : '本站老师批改的作文';
  return `机器评分与人工评分的一致程度：等级相关 ${w.heldOut.spearman.toFixed(2)}（1 为完全一致；在 ${w.heldOut.n} 篇未参与拟合的${which}上测得）`;
}
