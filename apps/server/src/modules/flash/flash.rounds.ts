// A flash set's rounds, pure (ADR 0028): the card a level asks (NotSeen → learn, Learn → quiz,
// Quiz → exam, Exam → spell), the options of a quiz or exam card (the key among three others drawn
// deterministically from the list), the check of an answer, and the level after it: a right answer
// one level up, a wrong one one down (a learn card only marks the word as seen).
import { FlashLevel } from '@gre/contract/enums';
import type { FlashSummary, QuestionCard } from '@gre/contract/flash';
import { flashLimits } from '@gre/contract/flash';
import { type Question, questionKindLabel } from '@gre/contract/question';
import type { StoredRuntime } from '../../db/schema/flash.ts';
import { fnv1a } from '../../platform/hash.ts';

export const kindOfLevel = (level: number): StoredRuntime['kind'] =>
  level <= FlashLevel.NotSeen
    ? 'learn'
    : level === FlashLevel.Learn
      ? 'quiz'
      : level === FlashLevel.Quiz
        ? 'exam'
        : 'spell';

/**
 * Question kinds that work as a card (decisions.md "collected or wrong questions"): the word questions
 * (the spec's `support_card`), and the single-screen items with one choice or one pair: text
 * completion with one blank, sentence equivalence, quantity comparison, quant single choice (without
 * a figure). Reading items (a passage) and multi-blank or numeric items stay in the review loop.
 */
const cardKinds = new Set(['word_meaning', 'word_from_meaning', 'word_synonym', 'tc1', 'se', 'qc', 'ps_single']);

/** A question as a card shows it (no key, no analysis), or null when its kind is not a card's. */
export function questionCardOf(q: Question): QuestionCard | null {
  if (!cardKinds.has(q.kind) || q.figure || q.group_id || !q.standard_answer) return null;
  const options = q.input_method.option_groups[0] ?? [];
  if (options.length < 2 || q.input_method.option_groups.length !== 1) return null;
  return {
    id: q.id,
    kind_label: questionKindLabel[q.kind],
    stem: [q.passage.core, q.inquiry].filter((x) => x.trim()).join('\n'),
    quantity_a: q.passage.quantity_a,
    quantity_b: q.passage.quantity_b,
    options,
    choose: q.kind === 'se' ? 2 : 1,
  };
}

/** The cards of a round: every word (or question) of the set not yet mastered, in the set's order. */
export function buildRound(
  seed: string,
  words: readonly string[],
  levelOf: (w: string) => number,
  /** The distractor candidates of a word (its frequency band and part of speech; the whole list as a fallback). */
  poolOf: (w: string) => readonly string[],
  /** Whether `option` may stand beside `word` (a meaning to show, no exam key, not in its similar-word groups). */
  usable: (option: string, word: string) => boolean,
  questions = false,
): StoredRuntime[] {
  const out: StoredRuntime[] = [];
  for (const word of words) {
    const level = levelOf(word);
    if (level >= FlashLevel.Master) continue;
    if (questions) {
      out.push({ word, level, kind: 'question', options: [], key: -1, answered: null });
      continue;
    }
    const kind = kindOfLevel(level);
    let options: string[] = [];
    let key = -1;
    if (kind === 'quiz' || kind === 'exam') {
      const picked = new Set<string>();
      const pool = poolOf(word);
      let h = fnv1a(`${seed}|${word}`);
      for (let tries = 0; picked.size < flashLimits.options - 1 && tries < 200 && pool.length; tries++) {
        h = fnv1a(`${h}`);
        const w = pool[h % pool.length];
        if (w && w !== word && usable(w, word)) picked.add(w);
      }
      options = [...picked];
      key = fnv1a(`${seed}|key|${word}`) % (options.length + 1);
      options.splice(key, 0, word);
    }
    out.push({ word, level, kind, options, key, answered: null });
  }
  return out;
}

/** Whether an answer is right: learn 1 = 认识; quiz and exam the key's index; spell the word itself. */
export function isCorrect(r: StoredRuntime, choice: number | undefined, text: string | undefined): boolean | null {
  if (r.kind === 'question') return null;
  if (r.kind === 'spell') return text === undefined ? null : text.trim().toLowerCase() === r.word;
  if (choice === undefined) return null;
  if (r.kind === 'learn') return choice === 1;
  if (choice >= r.options.length) return null;
  return choice === r.key;
}

/** The level after an answer. A learn card is seen either way (NotSeen → Learn); a question card walks like a quiz. */
export function levelAfter(r: StoredRuntime, correct: boolean): number {
  if (r.kind === 'learn') return Math.max(r.level, FlashLevel.Learn);
  return correct ? Math.min(r.level + 1, FlashLevel.Master) : Math.max(r.level - 1, FlashLevel.NotSeen);
}

export function summaryOf(levels: readonly number[]): FlashSummary {
  const s: FlashSummary = { not_seen: 0, learn: 0, quiz: 0, exam: 0, master: 0 };
  for (const l of levels) {
    if (l <= 0) s.not_seen++;
    else if (l === 1) s.learn++;
    else if (l === 2) s.quiz++;
    else if (l === 3) s.exam++;
    else s.master++;
  }
  return s;
}
