// How an answer rates as a review of the question's memory card (ADR 0025). The card itself, its
// scheduling and the review log are the memory module's (modules/memory, ADR 0027). A wrong answer
// puts the question on the schedule and counts as a review rated Again; every later answer (a redo, a
// practice set, a search answer) is a review rated by correctness and time.
import { kindPaceSeconds, type QuestionKind } from '@gre/contract/question';
import { type Grade, Rating } from 'ts-fsrs';

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
