// Item calibration (docs/scoring.md): re-estimates each item's discrimination a and difficulty b
// from real candidates' answers by marginal maximum a posteriori estimation (Bock–Aitkin EM over a
// quadrature of abilities, with the authored-difficulty priors of irt.ts as the items' priors). An
// item with fewer than `minAnswers` answers is not estimated: it keeps its prior, and its answers
// still inform the candidates' abilities. The candidates' ability distribution (mean, SD) is
// estimated alongside; the item priors anchor the scale, so a strong cohort shows up as a higher
// mean ability rather than as easier items.
import type { QuestionKind } from '@gre/contract/question';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { type ItemParams, itemPrior, type Measure, measureOf, priorParams } from './irt.ts';
import { createScoringRepo, type ItemParamRow } from './scoring.repo.ts';

/** Answers an item needs before its own estimate replaces the prior. */
export const minAnswers = 200;
/** The most recent responses a recalibration reads (older ones are left out). */
export const maxResponses = 1_000_000;

export interface CalibrationItem {
  prior: ItemParams;
  /** Held at its prior (too few answers). */
  fixed: boolean;
}

/** One candidate's answers to one measure in one exam: indices into `items`, right or wrong. */
export interface CalibrationPerson {
  items: number[];
  correct: boolean[];
}

export interface CalibrationResult {
  params: { a: number; b: number }[];
  /** Mean and SD of the candidates' abilities on the prior-anchored scale. */
  mean: number;
  sd: number;
  iterations: number;
  converged: boolean;
}

const points = (() => {
  const n = 41;
  return Float64Array.from({ length: n }, (_, k) => -4 + (8 * k) / (n - 1));
})();

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const logistic = (z: number) => 1 / (1 + Math.exp(-z));

/** One item's M-step: Fisher scoring on (log a, b) for the expected counts, with the priors. */
function maximiseItem(
  start: { a: number; b: number },
  prior: ItemParams,
  n: Float64Array,
  r: Float64Array,
): { a: number; b: number } {
  const c = prior.c;
  const mla = Math.log(prior.a);
  const sla2 = itemPrior.logASd ** 2;
  const sb2 = itemPrior.bSd ** 2;
  let la = Math.log(start.a);
  let b = start.b;
  for (let it = 0; it < 25; it++) {
    const a = Math.exp(la);
    let gla = -(la - mla) / sla2;
    let gb = -(b - prior.b) / sb2;
    let fll = 1 / sla2;
    let fbb = 1 / sb2;
    let flb = 0;
    for (let k = 0; k < points.length; k++) {
      const nk = n[k] as number;
      if (nk < 1e-12) continue;
      const z = a * ((points[k] as number) - b);
      const s = logistic(z);
      const P = clamp(c + (1 - c) * s, 1e-9, 1 - 1e-9);
      const dPdz = (1 - c) * s * (1 - s);
      const pq = P * (1 - P);
      const w = (((r[k] as number) - nk * P) / pq) * dPdz;
      gla += w * z;
      gb += -a * w;
      const info = (nk * dPdz * dPdz) / pq;
      fll += info * z * z;
      fbb += info * a * a;
      flb += info * z * -a;
    }
    const det = fll * fbb - flb * flb;
    if (!(det > 0)) break;
    let dla = (fbb * gla - flb * gb) / det;
    let db = (fll * gb - flb * gla) / det;
    const size = Math.hypot(dla, db);
    if (size > 1) {
      dla /= size;
      db /= size;
    }
    la = clamp(la + dla, Math.log(0.2), Math.log(4));
    b = clamp(b + db, -5, 5);
    if (size < 1e-6) break;
  }
  return { a: Math.exp(la), b };
}

/**
 * Marginal maximum a posteriori calibration. Pure: the same input gives the same estimates.
 * `tolerance`: the largest change of any a, b, mean or SD between two cycles that counts as converged.
 */
export function calibrate(
  items: readonly CalibrationItem[],
  persons: readonly CalibrationPerson[],
  opts: { maxIterations?: number; tolerance?: number } = {},
): CalibrationResult {
  const steps = calibrationSteps(items, persons, opts);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The same, giving the event loop a turn after every EM cycle (the job runs in a web process). */
export async function calibrateYielding(
  items: readonly CalibrationItem[],
  persons: readonly CalibrationPerson[],
  opts: { maxIterations?: number; tolerance?: number } = {},
): Promise<CalibrationResult> {
  const steps = calibrationSteps(items, persons, opts);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The EM cycles, one per `next()`. */
function* calibrationSteps(
  items: readonly CalibrationItem[],
  persons: readonly CalibrationPerson[],
  opts: { maxIterations?: number; tolerance?: number },
): Generator<number, CalibrationResult> {
  const maxIterations = opts.maxIterations ?? 200;
  const tolerance = opts.tolerance ?? 1e-3;
  const Q = points.length;
  const I = items.length;
  const params = items.map((it) => ({ a: it.prior.a, b: it.prior.b }));
  let mean = 0;
  let sd = 1;
  const logP = new Float64Array(I * Q);
  const logQ = new Float64Array(I * Q);
  const n = Array.from({ length: I }, () => new Float64Array(Q));
  const r = Array.from({ length: I }, () => new Float64Array(Q));
  const post = new Float64Array(Q);
  const logPrior = new Float64Array(Q);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    iterations++;
    // E-step: each person's posterior over the quadrature, spread over the items they answered.
    for (let i = 0; i < I; i++) {
      const p = params[i] as { a: number; b: number };
      const c = (items[i] as CalibrationItem).prior.c;
      for (let k = 0; k < Q; k++) {
        const P = clamp(c + (1 - c) * logistic(p.a * ((points[k] as number) - p.b)), 1e-12, 1 - 1e-12);
        logP[i * Q + k] = Math.log(P);
        logQ[i * Q + k] = Math.log(1 - P);
      }
      (n[i] as Float64Array).fill(0);
      (r[i] as Float64Array).fill(0);
    }
    for (let k = 0; k < Q; k++) {
      const z = ((points[k] as number) - mean) / sd;
      logPrior[k] = -0.5 * z * z;
    }
    let m1 = 0;
    let m2 = 0;
    for (const person of persons) {
      let max = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < Q; k++) {
        let l = logPrior[k] as number;
        for (let j = 0; j < person.items.length; j++) {
          const i = person.items[j] as number;
          l += person.correct[j] ? (logP[i * Q + k] as number) : (logQ[i * Q + k] as number);
        }
        post[k] = l;
        if (l > max) max = l;
      }
      let sum = 0;
      for (let k = 0; k < Q; k++) {
        const w = Math.exp((post[k] as number) - max);
        post[k] = w;
        sum += w;
      }
      for (let k = 0; k < Q; k++) {
        const w = (post[k] as number) / sum;
        post[k] = w;
        m1 += w * (points[k] as number);
        m2 += w * (points[k] as number) ** 2;
      }
      for (let j = 0; j < person.items.length; j++) {
        const i = person.items[j] as number;
        const ni = n[i] as Float64Array;
        const ri = r[i] as Float64Array;
        const right = person.correct[j];
        for (let k = 0; k < Q; k++) {
          ni[k] = (ni[k] as number) + (post[k] as number);
          if (right) ri[k] = (ri[k] as number) + (post[k] as number);
        }
      }
    }
    // M-step: items, then the ability distribution.
    let change = 0;
    for (let i = 0; i < I; i++) {
      const item = items[i] as CalibrationItem;
      if (item.fixed) continue;
      const before = params[i] as { a: number; b: number };
      const next = maximiseItem(before, item.prior, n[i] as Float64Array, r[i] as Float64Array);
      change = Math.max(change, Math.abs(next.a - before.a), Math.abs(next.b - before.b));
      params[i] = next;
    }
    if (persons.length) {
      const m = m1 / persons.length;
      const s = Math.sqrt(Math.max(1e-6, m2 / persons.length - m * m));
      const nextMean = clamp(m, -2, 2);
      const nextSd = clamp(s, 0.4, 1.6);
      change = Math.max(change, Math.abs(nextMean - mean), Math.abs(nextSd - sd));
      mean = nextMean;
      sd = nextSd;
    }
    converged = change < tolerance;
    yield iterations;
  }
  return { params, mean, sd, iterations, converged };
}

export interface MeasureSummary {
  items: number;
  calibrated: number;
  responses: number;
  persons: number;
  mean: number;
  sd: number;
  iterations: number;
  converged: boolean;
}

export interface RecalibrationSummary {
  at: string;
  measures: Record<Measure, MeasureSummary>;
}

/** The response log read for calibration, newest first. */
export interface LoggedResponse {
  examId: string;
  questionId: string;
  examKind: string;
  category: number;
  kind: string;
  difficulty: number;
  answered: boolean;
  correct: boolean;
}

/**
 * Which logged responses count, as in scoring: in a mock every presented item (an unanswered one is
 * wrong, as on the test); in practice only the answered ones (skipping is not a wrong answer there).
 */
export const countsForCalibration = (r: LoggedResponse) => r.answered || r.examKind.startsWith('mock');

/** Builds the calibration input of one measure from the log (pure). */
export function calibrationInput(log: readonly LoggedResponse[], measure: Measure) {
  const index = new Map<string, number>();
  const ids: string[] = [];
  const priors: ItemParams[] = [];
  const counts: number[] = [];
  const byPerson = new Map<string, CalibrationPerson>();
  let responses = 0;
  for (const row of log) {
    if (measureOf(row.category) !== measure || !countsForCalibration(row)) continue;
    let i = index.get(row.questionId);
    if (i === undefined) {
      i = ids.length;
      index.set(row.questionId, i);
      ids.push(row.questionId);
      // The newest row comes first: the item's current kind and authored difficulty.
      priors.push(priorParams(row.kind as QuestionKind, row.difficulty));
      counts.push(0);
    }
    counts[i] = (counts[i] as number) + 1;
    responses++;
    let p = byPerson.get(row.examId);
    if (!p) {
      p = { items: [], correct: [] };
      byPerson.set(row.examId, p);
    }
    p.items.push(i);
    p.correct.push(row.correct);
  }
  const items: CalibrationItem[] = priors.map((prior, i) => ({ prior, fixed: (counts[i] as number) < minAnswers }));
  return { ids, items, counts, persons: [...byPerson.values()], responses };
}

/**
 * The recalibration job: reads the response log, calibrates Verbal and Quant, and writes every
 * answered item's parameters (calibrated, or its prior with the count when it has too few answers).
 * Callers reload the in-memory parameters afterwards (scoring.service.ts does).
 */
export async function recalibrate(db: Db, clock: Clock): Promise<RecalibrationSummary> {
  const repo = createScoringRepo(db);
  const log = await repo.recentResponses(maxResponses);
  const now = clock.now();
  const rows: ItemParamRow[] = [];
  const measures = {} as Record<Measure, MeasureSummary>;
  for (const measure of ['verbal', 'quant'] as const) {
    const input = calibrationInput(log, measure);
    const result = await calibrateYielding(input.items, input.persons);
    input.ids.forEach((questionId, i) => {
      const item = input.items[i] as CalibrationItem;
      const p = result.params[i] as { a: number; b: number };
      rows.push({
        questionId,
        a: item.fixed ? item.prior.a : p.a,
        b: item.fixed ? item.prior.b : p.b,
        n: input.counts[i] as number,
        source: item.fixed ? 'prior' : 'calibrated',
        updatedAt: now,
      });
    });
    measures[measure] = {
      items: input.ids.length,
      calibrated: input.items.filter((x) => !x.fixed).length,
      responses: input.responses,
      persons: input.persons.length,
      mean: result.mean,
      sd: result.sd,
      iterations: result.iterations,
      converged: result.converged,
    };
  }
  await repo.upsertItemParams(rows);
  return { at: now.toISOString(), measures };
}
