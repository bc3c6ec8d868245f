// Simulated learners for the memory model (ADR 0027): review histories whose recall is NOT drawn from
// FSRS's own model, for the fit test and `npm run bench:fsrs`. Forgetting follows ACT-R's activation
// with the spacing effect (Pavlik & Anderson 2005): a word's activation is
//   m(t) = ability − difficulty + ln Σ_j (t − t_j)^(−d_j),   d_j = c·e^{m(t_j)} + a,
// over its past presentations t_j (days), so each presentation's trace decays by a power law whose
// rate grows with the activation at the time it was made (massed practice is forgotten faster); recall
// is P = 1 / (1 + e^{(τ − m)/s}). Learners differ in ability, activity (days they study), new words a
// day and how readily they press Easy; words differ in difficulty. The first sight of a word is
// recalled when the learner already knew it (a prior familiarity). The schedule that drives the
// simulation is the app's own: FSRS with the default weights and no short-term steps (memory.fsrs.ts
// `review`), at each learner's desired retention (drawn from 0.75–0.95, as users set it), each learner
// reviewing everything due on the days they study.
import type { Grade } from 'ts-fsrs';
import { review, type StoredMemory } from '../modules/memory/memory.fsrs.ts';
import { seededRandom } from '../modules/question/word-questions.ts';

export interface SimulationOptions {
  learners: number;
  words: number;
  days: number;
  seed: string;
  /** The day the simulation starts (UTC midnight). */
  start?: Date;
}

/** One simulated review, in the order it happened. */
export interface SimulatedReview {
  learner: number;
  itemKey: string;
  day: number;
  reviewedAt: Date;
  rating: Grade;
  /** The card's state before the review (0 = new). */
  state: number;
  /** Days since the previous review as the scheduler counted them (0 for the first). */
  elapsedDays: number;
  /** The simulated learner's true recall probability at the review. */
  truth: number;
}

const actr = { c: 0.25, a: 0.18, tau: -0.7, s: 0.3 };
const dayMs = 86_400_000;

function normal(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

interface Trace {
  times: number[];
  decays: number[];
}

function activation(base: number, trace: Trace, t: number): number {
  let sum = 0;
  for (let j = 0; j < trace.times.length; j++) {
    sum += Math.max(t - (trace.times[j] as number), 1 / 24) ** -(trace.decays[j] as number);
  }
  return sum > 0 ? base + Math.log(sum) : Number.NEGATIVE_INFINITY;
}

/** Simulates every learner; reviews per learner, in time order. */
export function simulateLearners(o: SimulationOptions): SimulatedReview[][] {
  const rand = seededRandom(o.seed);
  const start = (o.start ?? new Date(Date.UTC(2026, 0, 5))).getTime();
  const difficulty = Array.from({ length: o.words }, () => 0.6 * normal(rand));
  const out: SimulatedReview[][] = [];
  for (let l = 0; l < o.learners; l++) {
    const ability = 0.5 * normal(rand);
    const activity = 0.55 + 0.4 * rand();
    const newPerDay = 2 + Math.floor(rand() * 7);
    const easyBias = 0.06 * normal(rand);
    const model = { retention: Math.round((0.75 + 0.2 * rand()) * 100) / 100, weights: null };
    const order = Array.from({ length: o.words }, (_, i) => i).sort(() => rand() - 0.5);
    const traces = new Map<number, Trace>();
    const cards = new Map<number, StoredMemory>();
    let introduced = 0;
    const reviews: SimulatedReview[] = [];
    for (let day = 0; day < o.days; day++) {
      if (rand() > activity) continue;
      const at = day + (8 + 15 * rand()) / 24;
      const reviewedAt = new Date(start + at * dayMs);
      const due = [...cards.entries()].filter(([, c]) => c.due * 1000 <= reviewedAt.getTime()).map(([w]) => w);
      const fresh: number[] = [];
      for (let k = 0; k < newPerDay && introduced < o.words; k++) fresh.push(order[introduced++] as number);
      for (const w of [...due, ...fresh]) {
        const base = ability - (difficulty[w] as number);
        const trace = traces.get(w) ?? { times: [], decays: [] };
        const m = activation(base, trace, at);
        const truth = trace.times.length ? sigmoid((m - actr.tau) / actr.s) : sigmoid((base - 1.5) / 0.5); // already knew the word at first sight
        const recalled = rand() < truth;
        let rating: Grade = 1;
        if (recalled) {
          const strength = truth + easyBias + 0.08 * normal(rand);
          rating = strength > 0.93 ? 4 : strength < 0.7 ? 2 : 3;
        }
        const prev = cards.get(w) ?? null;
        const next = review(prev, reviewedAt, rating, model);
        cards.set(w, next.card);
        reviews.push({
          learner: l,
          itemKey: `w:${w}`,
          day,
          reviewedAt,
          rating,
          state: next.record.state,
          elapsedDays: next.record.elapsedDays,
          truth,
        });
        // Every review is a presentation (the answer is shown); its decay depends on the activation now.
        trace.times.push(at);
        trace.decays.push(actr.c * Math.exp(Number.isFinite(m) ? m : Number.NEGATIVE_INFINITY) + actr.a);
        traces.set(w, trace);
      }
    }
    out.push(reviews);
  }
  return out;
}
