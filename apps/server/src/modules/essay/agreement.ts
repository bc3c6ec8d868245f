// Agreement and fitting maths for the essay scorer, pure: rank correlation (Spearman), quadratic-
// weighted kappa, quantiles, ridge regression on standardized features, thresholds that map a
// continuous prediction onto a score scale with the human distribution, and a deterministic split.
// Used by `npm run bench:essay` / `npm run fit:essay` and by the refit on teacher grades.
import { createHash } from 'node:crypto';
import { seededRandom } from '../question/word-questions.ts';

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Ranks 1..n, ties get the mean of the ranks they span. */
export function ranks(xs: number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && (order[j + 1] as readonly [number, number])[0] === (order[i] as [number, number])[0])
      j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) out[(order[k] as readonly [number, number])[1]] = r;
    i = j + 1;
  }
  return out;
}

/** Pearson correlation; 0 when either side is constant. */
export function pearson(x: number[], y: number[]): number {
  if (x.length !== y.length) throw new Error('pearson: lengths differ');
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const dx = (x[i] as number) - mx;
    const dy = (y[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
}

/** Spearman's rank correlation (Pearson on mid-ranks, so ties are handled). */
export const spearman = (x: number[], y: number[]) => pearson(ranks(x), ranks(y));

/**
 * Quadratic-weighted kappa of two ratings on the integer categories min..max:
 * 1 − Σ w·O / Σ w·E with w = (i − j)² / (k − 1)², E from the two marginals. 1 = perfect agreement,
 * 0 = chance. Ratings are rounded to integers first (pass half points doubled).
 */
export function qwk(a: number[], b: number[], min: number, max: number): number {
  if (a.length !== b.length) throw new Error('qwk: lengths differ');
  const k = max - min + 1;
  const n = a.length;
  if (!n || k < 2) return 0;
  const observed = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const ha = new Array<number>(k).fill(0);
  const hb = new Array<number>(k).fill(0);
  const cat = (x: number) => Math.min(k - 1, Math.max(0, Math.round(x) - min));
  for (let i = 0; i < n; i++) {
    const x = cat(a[i] as number);
    const y = cat(b[i] as number);
    (observed[x] as number[])[y] = ((observed[x] as number[])[y] as number) + 1;
    ha[x] = (ha[x] as number) + 1;
    hb[y] = (hb[y] as number) + 1;
  }
  let num = 0;
  let den = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const w = (i - j) ** 2 / (k - 1) ** 2;
      num += w * ((observed[i] as number[])[j] as number);
      den += (w * (ha[i] as number) * (hb[j] as number)) / n;
    }
  return den > 0 ? 1 - num / den : 1;
}

/** QWK of two scores in half points (0, 0.5, …): categories are the doubled scores. */
export const qwkHalves = (a: number[], b: number[], min = 0, max = 6) =>
  qwk(
    a.map((x) => x * 2),
    b.map((x) => x * 2),
    min * 2,
    max * 2,
  );

/** The p-quantile (0..1) of the values, linear between order statistics (type 7). */
export function quantile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (!s.length) return Number.NaN;
  const h = (s.length - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return (s[lo] as number) + (h - lo) * ((s[hi] as number) - (s[lo] as number));
}

/**
 * Thresholds that give predictions the human score distribution (equipercentile): for the sorted
 * levels l₀ < l₁ < …, cut i (between lᵢ and lᵢ₊₁) is the quantile of the predictions at the share of
 * human scores ≤ lᵢ. `applyCuts` then maps a prediction to the level of the first cut above it.
 */
export function fitCuts(predictions: number[], human: number[], levels: number[]): number[] {
  const n = human.length;
  return levels.slice(0, -1).map((l) => {
    const share = human.filter((h) => h <= l).length / n;
    return quantile(predictions, share);
  });
}

export function applyCuts(x: number, cuts: number[], levels: number[]): number {
  for (let i = 0; i < cuts.length; i++) if (x < (cuts[i] as number)) return levels[i] as number;
  return levels[levels.length - 1] as number;
}

/** Length-only baseline: quantile thresholds of the word count fitted on one split, applied to any. */
export function fitLengthBaseline(words: number[], human: number[], levels: number[]) {
  const cuts = fitCuts(words, human, levels);
  return (w: number) => applyCuts(w, cuts, levels);
}

export interface Standardizer {
  means: number[];
  sds: number[];
}

export function standardizer(rows: number[][]): Standardizer {
  const p = rows[0]?.length ?? 0;
  const means: number[] = [];
  const sds: number[] = [];
  for (let j = 0; j < p; j++) {
    const col = rows.map((r) => r[j] as number);
    const m = mean(col);
    means.push(m);
    sds.push(Math.sqrt(mean(col.map((x) => (x - m) ** 2))));
  }
  return { means, sds };
}

/** Solves A x = b (A square) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs((m[r] as number[])[c] as number) > Math.abs((m[pivot] as number[])[c] as number)) pivot = r;
    [m[c], m[pivot]] = [m[pivot] as number[], m[c] as number[]];
    const row = m[c] as number[];
    const d = row[c] as number;
    if (Math.abs(d) < 1e-12) throw new Error('solve: singular system');
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const other = m[r] as number[];
      const f = (other[c] as number) / d;
      if (f !== 0) for (let k = c; k <= n; k++) other[k] = (other[k] as number) - f * (row[k] as number);
    }
  }
  return m.map((row, i) => (row[n] as number) / (row[i] as number));
}

export interface RidgeFit {
  intercept: number;
  /** Weights on the standardized features (feature with sd 0 → weight 0). */
  weights: number[];
  scaler: Standardizer;
}

/**
 * Ridge regression of y on the standardized columns of X: minimises Σ (y − ŷ)² + λ Σ w² (the
 * intercept is not penalised: it is the mean of y). λ = 0 is ordinary least squares.
 */
export function fitRidge(rows: number[][], y: number[], lambda: number): RidgeFit {
  const scaler = standardizer(rows);
  const use = scaler.sds.map((s, j) => (s > 0 ? j : -1)).filter((j) => j >= 0);
  const z = rows.map((r) =>
    use.map((j) => ((r[j] as number) - (scaler.means[j] as number)) / (scaler.sds[j] as number)),
  );
  const my = mean(y);
  const p = use.length;
  const xtx = Array.from({ length: p }, (_, i) =>
    Array.from(
      { length: p },
      (_, j) => z.reduce((s, r) => s + (r[i] as number) * (r[j] as number), 0) + (i === j ? lambda : 0),
    ),
  );
  const xty = Array.from({ length: p }, (_, i) =>
    z.reduce((s, r, k) => s + (r[i] as number) * ((y[k] as number) - my), 0),
  );
  const w = p ? solve(xtx, xty) : [];
  const weights = scaler.sds.map(() => 0);
  use.forEach((j, i) => {
    weights[j] = w[i] as number;
  });
  return { intercept: my, weights, scaler };
}

export function predictRidge(fit: Pick<RidgeFit, 'intercept' | 'weights' | 'scaler'>, row: number[]): number {
  let s = fit.intercept;
  for (let j = 0; j < row.length; j++) {
    const sd = fit.scaler.sds[j] as number;
    if (sd > 0) s += ((fit.weights[j] as number) * ((row[j] as number) - (fit.scaler.means[j] as number))) / sd;
  }
  return s;
}

/** Deterministic split by a hash of the id: about one in three is held out. */
export function isHeldOut(id: string): boolean {
  const h = createHash('sha256').update(id).digest();
  return h.readUInt32BE(0) % 3 === 0;
}

/**
 * A 95 % percentile bootstrap interval of a statistic of n paired items: `stat` gets the indices of
 * one resample (drawn with replacement, seeded, so the interval is reproducible).
 */
export function bootstrapInterval(
  n: number,
  stat: (indices: number[]) => number,
  reps = 2000,
  seed = 'essay-bench',
): [number, number] {
  const random = seededRandom(seed);
  const values: number[] = [];
  for (let r = 0; r < reps; r++) {
    const idx = Array.from({ length: n }, () => Math.floor(random() * n));
    const v = stat(idx);
    if (Number.isFinite(v)) values.push(v);
  }
  return [quantile(values, 0.025), quantile(values, 0.975)];
}
