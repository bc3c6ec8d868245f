// The review schedule of mistakes (ADR 0025): an FSRS card (ts-fsrs) per question on the schedule.
// A wrong answer puts the question on it and counts as a review rated Again; every later answer
// (a redo, a practice set, a search answer) is a review rated by correctness and time. Short-term
// learning steps are off: a question comes back after days, not minutes.
import type { Memory } from '@gre/contract/craft';
import { kindPaceSeconds, type QuestionKind } from '@gre/contract/question';
import { type Card, createEmptyCard, fsrs, type Grade, generatorParameters, Rating, type State } from 'ts-fsrs';

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

export const defaultRetention = 0.9;

const schedulers = new Map<number, ReturnType<typeof fsrs>>();
function schedulerFor(retention: number) {
  const key = Math.round(retention * 100) / 100;
  let f = schedulers.get(key);
  if (!f) {
    f = fsrs(generatorParameters({ request_retention: key, enable_fuzz: false, enable_short_term: false }));
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

/**
 * How an answer rates as a review: wrong → Again; right within 60% of the kind's pace → Easy; right
 * within 1.5× the pace (or time unknown) → Good; right but slow → Hard.
 */
export function ratingOf(correct: boolean, usedSeconds: number, kind: string): Grade {
  if (!correct) return Rating.Again;
  const pace = kindPaceSeconds[kind as QuestionKind] ?? 90;
  if (usedSeconds <= 0) return Rating.Good;
  if (usedSeconds <= pace * 0.6) return Rating.Easy;
  if (usedSeconds <= pace * 1.5) return Rating.Good;
  return Rating.Hard;
}

/** One review at `now`: the next card (a new one when `prev` is null). */
export function review(prev: StoredMemory | null, now: Date, grade: Grade, retention: number): StoredMemory {
  const f = schedulerFor(retention);
  const card = prev ? toCard(prev) : createEmptyCard(now);
  return fromCard(f.next(card, now, grade).card);
}

/** A new card, due now (a question the user put on the schedule without answering it). */
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
