// `npm run bench:fsrs`: how well the memory model predicts recall (ADR 0027). Simulated learners
// (apps/server/src/test/learners.ts: ACT-R activation with the spacing effect, per-learner ability,
// activity, pace and rating habits, per-word difficulty; not FSRS's own forgetting curve) review words
// over months on the app's schedule (FSRS, default weights, each learner's desired retention drawn
// from 0.75–0.95). Each learner's
// reviews are split by time: the first 2/3 of the days train, the rest are held out. On the held-out
// reviews (first sights of a word excluded: nothing predicts them) each model predicts recall from
// the whole history before the review, and we print log loss, RMSE over 20 bins of the prediction
// (the calibration error, bins weighted by their reviews), plain RMSE (the Brier score's root) and
// AUC for:
//   - FSRS default weights;
//   - FSRS weights fitted on the training part with the app's fit (memory.fit.ts, the FSRS optimizer):
//     per learner when the learner has ≥ 1,000 training reviews (the app's threshold), else one fit on
//     all learners' training reviews pooled;
//   - SM-2 (intervals 1, 6, then × the ease factor, reset to 1 after a lapse; ease from the rating as
//     in SM-2 with Again/Hard/Good/Easy = q 1/3/4/5) replayed over the same reviews, predicting
//     recall 0.9^(t/I) after t days on an interval of I days (exponential forgetting calibrated so
//     that recall is 0.9 at its interval);
//   - the simulator's own recall probability (the floor no model can beat).
// BENCH_FSRS_LEARNERS (default 200), BENCH_FSRS_WORDS (300), BENCH_FSRS_DAYS (270), BENCH_FSRS_SEED.
import { performance } from 'node:perf_hooks';
import { fitWeights, type LoggedReview, recallPredictor } from '../../apps/server/src/modules/memory/memory.fit.ts';
import { type SimulatedReview, simulateLearners } from '../../apps/server/src/test/learners.ts';

type FSRSState = ReturnType<ReturnType<typeof recallPredictor>['next']>;
type Grade = SimulatedReview['rating'];

const learners = Number(process.env.BENCH_FSRS_LEARNERS ?? 200);
const words = Number(process.env.BENCH_FSRS_WORDS ?? 300);
const days = Number(process.env.BENCH_FSRS_DAYS ?? 270);
const seed = process.env.BENCH_FSRS_SEED ?? 'fsrs';
const splitDay = Math.floor((days * 2) / 3);
const fitThreshold = 1000;
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const sim = simulateLearners({ learners, words, days, seed });
const total = sim.reduce((n, r) => n + r.length, 0);
console.log(
  `${learners} learners × ${words} words × ${days} days (seed "${seed}"): ${total.toLocaleString('en')} reviews, simulated in ${elapsed()}`,
);

const logOf = (reviews: SimulatedReview[]): LoggedReview[] =>
  reviews
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r.itemKey < b.r.itemKey ? -1 : a.r.itemKey > b.r.itemKey ? 1 : a.i - b.i))
    .map(({ r }) => ({ itemKey: r.itemKey, rating: r.rating, state: r.state, elapsedDays: r.elapsedDays }));

// Fits ------------------------------------------------------------------------------------------
const trains = sim.map((reviews) => reviews.filter((r) => r.day < splitDay));
const own: (number[] | null)[] = new Array(learners).fill(null);
const individual = trains.map((t, l) => ({ l, n: t.length })).filter((x) => x.n >= fitThreshold);
let next = 0;
async function fitWorker() {
  while (next < individual.length) {
    const { l } = individual[next++] as { l: number };
    own[l] = (await fitWeights(logOf(trains[l] as SimulatedReview[])))?.weights ?? null;
  }
}
await Promise.all([fitWorker(), fitWorker()]);
const failed = individual.filter(({ l }) => !own[l]).length;
let pooled: number[] | null = null;
if (individual.length - failed < learners) {
  pooled =
    (await fitWeights(trains.flatMap((t, l) => logOf(t).map((r) => ({ ...r, itemKey: `${l}:${r.itemKey}` })))))
      ?.weights ?? null;
}
console.log(
  `fitted: ${individual.length - failed} learners on their own training reviews, ${learners - individual.length + failed} on the pooled fit, in ${elapsed()}`,
);

// Predictions on the held-out reviews ------------------------------------------------------------
interface Row {
  name: string;
  p: number[];
}
const rows: Row[] = [
  { name: 'FSRS, default weights', p: [] },
  { name: 'FSRS, fitted weights', p: [] },
  { name: 'SM-2, 0.9^(t/I)', p: [] },
  { name: 'simulator truth (floor)', p: [] },
];
const outcomes: number[] = [];
const defaults = recallPredictor(null);
const pooledPredictor = pooled ? recallPredictor(pooled) : defaults;

interface Sm2 {
  n: number;
  interval: number;
  ease: number;
}
const quality: Record<number, number> = { 1: 1, 2: 3, 3: 4, 4: 5 };
function sm2Next(s: Sm2 | null, grade: Grade): Sm2 {
  const prev = s ?? { n: 0, interval: 0, ease: 2.5 };
  const q = quality[grade] ?? 4;
  if (q < 3) return { n: 0, interval: 1, ease: prev.ease };
  const ease = Math.max(1.3, prev.ease + (0.1 - (5 - q) * (0.08 + (5 - q) * 0.02)));
  const interval = prev.n === 0 ? 1 : prev.n === 1 ? 6 : Math.round(prev.interval * prev.ease);
  return { n: prev.n + 1, interval, ease };
}

for (let l = 0; l < learners; l++) {
  const fitted = own[l] ? recallPredictor(own[l] as number[]) : pooledPredictor;
  const states = new Map<string, { d: FSRSState | null; f: FSRSState | null; s: Sm2 | null }>();
  for (const r of sim[l] as SimulatedReview[]) {
    const st = r.state === 0 ? { d: null, f: null, s: null } : (states.get(r.itemKey) ?? { d: null, f: null, s: null });
    if (r.day >= splitDay && st.d && st.f && st.s) {
      const t = r.elapsedDays;
      (rows[0] as Row).p.push(defaults.recall(st.d, t));
      (rows[1] as Row).p.push(fitted.recall(st.f, t));
      (rows[2] as Row).p.push(0.9 ** (t / st.s.interval));
      (rows[3] as Row).p.push(r.truth);
      outcomes.push(r.rating > 1 ? 1 : 0);
    }
    states.set(r.itemKey, {
      d: defaults.next(st.d, r.elapsedDays, r.rating),
      f: fitted.next(st.f, r.elapsedDays, r.rating),
      s: sm2Next(st.s, r.rating),
    });
  }
}

// Metrics -----------------------------------------------------------------------------------------
function logLoss(p: number[], y: number[]) {
  let sum = 0;
  for (let i = 0; i < p.length; i++) {
    const q = Math.min(1 - 1e-6, Math.max(1e-6, p[i] as number));
    sum -= y[i] ? Math.log(q) : Math.log(1 - q);
  }
  return sum / p.length;
}
function rmse(p: number[], y: number[]) {
  let sum = 0;
  for (let i = 0; i < p.length; i++) sum += ((p[i] as number) - (y[i] as number)) ** 2;
  return Math.sqrt(sum / p.length);
}
function rmseBins(p: number[], y: number[], bins = 20) {
  const n = new Array(bins).fill(0);
  const sp = new Array(bins).fill(0);
  const sy = new Array(bins).fill(0);
  for (let i = 0; i < p.length; i++) {
    const b = Math.min(bins - 1, Math.floor((p[i] as number) * bins));
    n[b]++;
    sp[b] += p[i] as number;
    sy[b] += y[i] as number;
  }
  let sum = 0;
  for (let b = 0; b < bins; b++) if (n[b]) sum += n[b] * (sp[b] / n[b] - sy[b] / n[b]) ** 2;
  return Math.sqrt(sum / p.length);
}
/** The probability that a recalled review is ranked above a forgotten one (ties count half). */
function auc(p: number[], y: number[]) {
  const order = p.map((v, i) => ({ v, y: y[i] as number })).sort((a, b) => a.v - b.v);
  let rankSum = 0;
  let positives = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j < order.length && (order[j] as { v: number }).v === (order[i] as { v: number }).v) j++;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) {
      if ((order[k] as { y: number }).y) {
        rankSum += rank;
        positives++;
      }
    }
    i = j;
  }
  const negatives = order.length - positives;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

const recalled = outcomes.reduce((a, b) => a + b, 0) / outcomes.length;
console.log(
  `held out: days ${splitDay}–${days - 1}, ${outcomes.length.toLocaleString('en')} reviews (first sights excluded), recalled ${(recalled * 100).toFixed(1)} %\n`,
);
const pad = (s: string, n: number) => s.padEnd(n);
console.log(
  `${pad('model', 26)} ${pad('log loss', 9)} ${pad('RMSE(bins)', 11)} ${pad('RMSE', 7)} ${pad('AUC', 6)} mean p`,
);
for (const r of rows) {
  const meanP = r.p.reduce((a, b) => a + b, 0) / r.p.length;
  console.log(
    `${pad(r.name, 26)} ${pad(logLoss(r.p, outcomes).toFixed(4), 9)} ${pad(rmseBins(r.p, outcomes).toFixed(4), 11)} ${pad(rmse(r.p, outcomes).toFixed(4), 7)} ${pad(auc(r.p, outcomes).toFixed(4), 6)} ${meanP.toFixed(3)}`,
  );
}
console.log(`\nfinished in ${elapsed()}`);
