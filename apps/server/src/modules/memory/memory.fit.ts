// Fitting a user's FSRS weights to their review log with the FSRS optimizer (fsrs-rs through
// @open-spaced-repetition/binding, a native addon; ADR 0027). Used by the fit job and by
// `npm run bench:fsrs`. The log is per item in review order; a review of a new card (state 0) starts
// a new history of that item (a question taken off the schedule and put back starts afresh).
// The addon is loaded on first use, not at start: on a platform without its prebuilt package (npm
// installs the one of the machine: linux-x64-gnu here and in the image) only fitting fails (the job
// logs it and the defaults stay); scheduling never needs it.
import type { FSRSBindingItem } from '@open-spaced-repetition/binding';
import { default_w, type FSRSState, forgetting_curve, fsrs, type Grade, generatorParameters } from 'ts-fsrs';

/** One logged review, as the optimizer needs it. */
export interface LoggedReview {
  itemKey: string;
  rating: number;
  /** The card's state before the review (0 = new: the first review of a history). */
  state: number;
  elapsedDays: number;
}

/** Histories of items: consecutive reviews of one key, each starting at a review of a new card. */
export function historiesOf(log: readonly LoggedReview[]): { rating: number; deltaT: number }[][] {
  const out: { rating: number; deltaT: number }[][] = [];
  let key: string | null = null;
  let current: { rating: number; deltaT: number }[] = [];
  for (const r of log) {
    if (r.itemKey !== key || r.state === 0 || !current.length) {
      if (current.length) out.push(current);
      current = [{ rating: r.rating, deltaT: 0 }];
      key = r.itemKey;
    } else current.push({ rating: r.rating, deltaT: Math.max(0, r.elapsedDays) });
  }
  if (current.length) out.push(current);
  return out;
}

/**
 * The optimizer's training items: one per review after the first of a history, carrying the history
 * up to and including that review (the item predicts its last review from the ones before).
 */
export async function trainingItems(histories: readonly { rating: number; deltaT: number }[][]) {
  const { FSRSBindingItem, FSRSBindingReview } = await binding();
  const items: FSRSBindingItem[] = [];
  for (const h of histories) {
    const reviews = h.map((r) => new FSRSBindingReview(r.rating, r.deltaT));
    for (let i = 2; i <= reviews.length; i++) items.push(new FSRSBindingItem(reviews.slice(0, i)));
  }
  return items;
}

let loaded: Promise<typeof import('@open-spaced-repetition/binding')> | null = null;
const binding = () => {
  loaded ??= import('@open-spaced-repetition/binding');
  return loaded;
};

/** Log loss and binned RMSE (the fsrs-rs definition) of `weights` (null = defaults) on `items`. */
async function evaluateWeights(items: FSRSBindingItem[], weights: readonly number[] | null) {
  const { FSRSBinding } = await binding();
  const e = new FSRSBinding([...(weights ?? default_w)]).evaluate(items);
  return { logLoss: e.logLoss, rmseBins: e.rmseBins };
}

export interface FitOutcome {
  weights: number[];
  items: number;
  logLoss: number;
  rmseBins: number;
  defaultLogLoss: number;
  defaultRmseBins: number;
}

/** Fits FSRS weights to a log; null when the optimizer returns something that is not 21 finite numbers. */
export async function fitWeights(log: readonly LoggedReview[]): Promise<FitOutcome | null> {
  const items = await trainingItems(historiesOf(log));
  if (!items.length) return null;
  // Short-term parameters stay out: the scheduler has no same-day steps (memory.fsrs.ts).
  const weights = await (await binding()).computeParameters(items, { enableShortTerm: false });
  if (weights.length !== default_w.length || !weights.every(Number.isFinite)) return null;
  const fitted = await evaluateWeights(items, weights);
  const defaults = await evaluateWeights(items, null);
  return {
    weights,
    items: items.length,
    logLoss: fitted.logLoss,
    rmseBins: fitted.rmseBins,
    defaultLogLoss: defaults.logLoss,
    defaultRmseBins: defaults.rmseBins,
  };
}

/**
 * FSRS's recall prediction under `weights` (null = defaults), replayed review by review as the
 * scheduler sees them: `recall` before a review, `next` after it (the memory state; null = new).
 */
export function recallPredictor(weights: readonly number[] | null) {
  const params = generatorParameters({ enable_short_term: false, ...(weights ? { w: [...weights] } : {}) });
  const f = fsrs(params);
  return {
    next: (state: FSRSState | null, elapsedDays: number, grade: Grade): FSRSState =>
      f.next_state(state, state ? elapsedDays : 0, grade),
    recall: (state: FSRSState, elapsedDays: number): number => forgetting_curve(params.w, elapsedDays, state.stability),
  };
}
