// The FSRS card of anything a user reviews (ADR 0025, 0027), scheduled by ts-fsrs: pure, no I/O.
// A review is scheduled with the user's memory model: their desired retention (a user setting) and
// their own FSRS weights once the optimizer has fitted them (memory.service.ts), else the defaults.
// Short-term learning steps are off: an item comes back after days, never minutes. The review loop's
// questions use it today, flash cards' words later.
import type { Memory } from '@gre/contract/craft';
import { type Card, createEmptyCard, fsrs, type Grade, generatorParameters, type State } from 'ts-fsrs';

/** The stored card: the FSRS fields, times in unix seconds. */
export interface StoredMemory {
  state: number;
  due: number;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  last_review: number;
}

/** What a user's reviews are scheduled with. */
export interface MemoryModel {
  /** Desired retention, 0.70–0.97 (users.desired_retention). */
  retention: number;
  /** The user's fitted FSRS weights; null = ts-fsrs's defaults. */
  weights: readonly number[] | null;
}

export const defaultRetention = 0.9;

/** What the review log keeps of a review (the optimizer's input). */
export interface ReviewRecord {
  rating: Grade;
  /** The card's state before the review. */
  state: number;
  /** Days since the previous review, as the scheduler counted them (0 for a new card). */
  elapsedDays: number;
}

// Schedulers per model; weights are per user, so the cache is bounded (rebuilt when it overflows).
const maxSchedulers = 256;
const schedulers = new Map<string, ReturnType<typeof fsrs>>();
function schedulerFor(model: MemoryModel) {
  const retention = Math.round(model.retention * 100) / 100;
  const key = `${retention}|${model.weights?.join(',') ?? ''}`;
  let f = schedulers.get(key);
  if (!f) {
    f = fsrs(
      generatorParameters({
        request_retention: retention,
        enable_fuzz: false,
        enable_short_term: false,
        ...(model.weights ? { w: [...model.weights] } : {}),
      }),
    );
    if (schedulers.size >= maxSchedulers) schedulers.clear();
    schedulers.set(key, f);
  }
  return f;
}

const secs = (d: Date) => Math.floor(d.getTime() / 1000);

function toCard(m: StoredMemory): Card {
  return {
    state: m.state as State,
    due: new Date(m.due * 1000),
    stability: m.stability,
    difficulty: m.difficulty,
    elapsed_days: m.elapsed_days,
    scheduled_days: m.scheduled_days,
    learning_steps: m.learning_steps,
    reps: m.reps,
    lapses: m.lapses,
    ...(m.last_review ? { last_review: new Date(m.last_review * 1000) } : {}),
  };
}

function fromCard(c: Card): StoredMemory {
  return {
    state: c.state,
    due: secs(c.due),
    stability: c.stability,
    difficulty: c.difficulty,
    elapsed_days: c.elapsed_days,
    scheduled_days: c.scheduled_days,
    learning_steps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    last_review: c.last_review ? secs(c.last_review) : 0,
  };
}

/** One review at `now`: the next card (a new one when `prev` is null) and what the log keeps of it. */
export function review(
  prev: StoredMemory | null,
  now: Date,
  grade: Grade,
  model: MemoryModel,
): { card: StoredMemory; record: ReviewRecord } {
  const card = prev ? toCard(prev) : createEmptyCard(now);
  const next = schedulerFor(model).next(card, now, grade);
  return {
    card: fromCard(next.card),
    record: { rating: grade, state: next.log.state, elapsedDays: card.last_review ? next.log.elapsed_days : 0 },
  };
}

/** A new card, due now (an item put on the schedule without a review). */
export function fresh(now: Date): StoredMemory {
  return fromCard(createEmptyCard(now));
}

const stateNames = ['new', 'learning', 'review', 'relearning'] as const;

export function toMemory(m: StoredMemory): Memory {
  return {
    state: stateNames[m.state] ?? 'new',
    due: m.due,
    stability: Math.round(m.stability * 100) / 100,
    difficulty: Math.round(m.difficulty * 100) / 100,
    reps: m.reps,
    lapses: m.lapses,
    last_review: m.last_review,
  };
}
