// Shaping an Answer (contract `answerSchema`) as the candidate clicks and types, and judging it
// against the standard answer. Pure: the question view calls these, the tests run them in node.
//
// How each input kind fills an Answer:
// - single: `selects` = [index]. multi: `selects` ascending. pair: `selects` ascending, at most
//   `group_size` (2) of them.
// - blanks: `multi_selects[b]` = [option] per blank while answering (a blank not chosen yet is []),
//   and `selects` = one index per blank once every blank is chosen (the contract's shape; [] before).
// - sentence: `selects` = [global sentence index, counting across paragraphs in order].
// - numeric: `text`. fraction: `text` numerator, `text2` denominator. essay: `text`.
import { essayWordCount } from '@gre/contract/essay';
import type { Answer, Question, QuestionGroup } from '@gre/contract/question';

export const emptyAnswer: Answer = { selects: [], multi_selects: [], text: '', description: '', text2: '' };

type InputMethod = Question['input_method'];

export function chooseSingle(answer: Answer, index: number): Answer {
  return { ...answer, selects: [index] };
}

/** Multiple answer ("select all that apply"): toggles one option, keeps the list ascending. */
export function toggleMulti(answer: Answer, index: number): Answer {
  const has = answer.selects.includes(index);
  const selects = has ? answer.selects.filter((i) => i !== index) : [...answer.selects, index];
  return { ...answer, selects: selects.sort((a, b) => a - b) };
}

export type PairToggle = { answer: Answer; refused: boolean };

/**
 * Sentence equivalence: exactly `size` (2) choices. A further choice is refused (the view says
 * why) rather than silently dropping an earlier one.
 */
export function togglePair(answer: Answer, index: number, size = 2): PairToggle {
  if (!answer.selects.includes(index) && answer.selects.length >= size) return { answer, refused: true };
  return { answer: toggleMulti(answer, index), refused: false };
}

/** The option chosen for blank `blank`, if any (reads both shapes of a blanks answer). */
export function blankChoice(answer: Answer, blank: number, blankCount: number): number | undefined {
  const fromMulti = answer.multi_selects[blank]?.[0];
  if (fromMulti !== undefined) return fromMulti;
  if (answer.multi_selects.length === 0 && answer.selects.length === blankCount) return answer.selects[blank];
  return undefined;
}

/** Text completion: choose `option` for `blank`; choosing the chosen one again clears it. */
export function setBlank(answer: Answer, blank: number, option: number, blankCount: number): Answer {
  const perBlank: number[][] = [];
  for (let b = 0; b < blankCount; b++) {
    const current = blankChoice(answer, b, blankCount);
    if (b === blank) perBlank.push(current === option ? [] : [option]);
    else perBlank.push(current === undefined ? [] : [current]);
  }
  const complete = perBlank.every((c) => c.length === 1);
  return { ...answer, multi_selects: perBlank, selects: complete ? perBlank.map((c) => c[0] as number) : [] };
}

/** The global index of sentence `s` of paragraph `p` (what a click on that sentence means). */
export function sentenceIndex(paragraphs: readonly (readonly string[])[], p: number, s: number): number {
  let index = 0;
  for (let i = 0; i < p; i++) index += paragraphs[i]?.length ?? 0;
  return index + s;
}

/** The paragraph and sentence of a global sentence index, or null when out of range. */
export function sentencePosition(
  paragraphs: readonly (readonly string[])[],
  index: number,
): { p: number; s: number } | null {
  if (!Number.isInteger(index) || index < 0) return null;
  let rest = index;
  for (let p = 0; p < paragraphs.length; p++) {
    const count = paragraphs[p]?.length ?? 0;
    if (rest < count) return { p, s: rest };
    rest -= count;
  }
  return null;
}

export function sentenceText(paragraphs: readonly (readonly string[])[], index: number): string | undefined {
  const pos = sentencePosition(paragraphs, index);
  return pos ? paragraphs[pos.p]?.[pos.s] : undefined;
}

export function chooseSentence(answer: Answer, index: number): Answer {
  return { ...answer, selects: [index] };
}

/** The largest number of characters a numeric entry box takes (the GRE's boxes are short too). */
export const numericMaxLength = 12;

/**
 * What a numeric entry box keeps of what was typed: digits, one leading minus sign and (unless
 * `integer`, as in a fraction's boxes) one decimal point. Full-width digits of a Chinese IME count.
 */
export function sanitizeNumeric(raw: string, options: { integer?: boolean } = {}): string {
  const halfWidth = raw.replace(/[０-９．－]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  let out = '';
  let seenPoint = false;
  for (const ch of halfWidth) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '-' && out === '') out += ch;
    else if ((ch === '.' || ch === '。') && !options.integer && !seenPoint) {
      out += '.';
      seenPoint = true;
    }
  }
  return out.slice(0, numericMaxLength);
}

export function setText(answer: Answer, text: string): Answer {
  return { ...answer, text };
}

export function setText2(answer: Answer, text2: string): Answer {
  return { ...answer, text2 };
}

/** A decimal or integer as typed ("12.5", "-3", ".5"), or null. */
export function parseNumber(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** A fraction given as "p/q" in one string, or as numerator and denominator apart. */
export function parseFraction(text: string, text2 = ''): { p: number; q: number } | null {
  let num = text;
  let den = text2;
  if (den.trim() === '' && text.includes('/')) [num = '', den = ''] = text.split('/');
  const p = parseNumber(num);
  const q = parseNumber(den);
  if (p === null || q === null || q === 0) return null;
  return { p, q };
}

/** Words of an essay (English words and numbers; each CJK character counts as one). */
export function wordCount(text: string): number {
  return essayWordCount(text);
}

export function blankCount(input: InputMethod): number {
  return input.kind === 'blanks' ? input.option_groups.length : 0;
}

/** Whether the answer is complete enough to count as answered. */
export function isComplete(input: InputMethod, answer: Answer): boolean {
  switch (input.kind) {
    case 'single':
    case 'sentence':
      return answer.selects.length === 1;
    case 'multi':
      return answer.selects.length >= 1;
    case 'pair':
      return answer.selects.length === (input.group_size || 2);
    case 'blanks': {
      const count = blankCount(input);
      for (let b = 0; b < count; b++) if (blankChoice(answer, b, count) === undefined) return false;
      return count > 0;
    }
    case 'numeric':
      return parseNumber(answer.text) !== null;
    case 'fraction':
      return parseFraction(answer.text, answer.text2) !== null;
    case 'essay':
      return answer.text.trim() !== '';
  }
}

export type Verdict = 'correct' | 'wrong' | 'unanswered' | 'ungraded';

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const sa = [...a].sort((x, y) => x - y);
  const sb = [...b].sort((x, y) => x - y);
  return sa.every((v, i) => v === sb[i]);
}

/** The answer judged against the standard one (essays and hidden answers are not graded here). */
export function judge(input: InputMethod, answer: Answer, standard: Answer | null): Verdict {
  if (input.kind === 'essay' || standard === null) return 'ungraded';
  if (!isComplete(input, answer)) return 'unanswered';
  switch (input.kind) {
    case 'single':
    case 'sentence':
    case 'multi':
    case 'pair':
      return sameSet(answer.selects, standard.selects) ? 'correct' : 'wrong';
    case 'blanks': {
      const count = blankCount(input);
      const ok = standard.selects.every((s, b) => blankChoice(answer, b, count) === s);
      return ok && standard.selects.length === count ? 'correct' : 'wrong';
    }
    case 'numeric': {
      const given = parseNumber(answer.text);
      const key = parseNumber(standard.text);
      return given !== null && key !== null && Math.abs(given - key) < 1e-9 ? 'correct' : 'wrong';
    }
    case 'fraction': {
      // Equivalent fractions count (6/8 for 3/4), as on the GRE.
      const given = parseFraction(answer.text, answer.text2);
      const key = parseFraction(standard.text, standard.text2);
      return given && key && Math.abs(given.p * key.q - key.p * given.q) < 1e-9 ? 'correct' : 'wrong';
    }
  }
}

export type OptionMark = 'correct_chosen' | 'correct_missed' | 'wrong_chosen' | 'none';

/** How an option looks once the answer is revealed. */
export function optionMark(chosen: boolean, correct: boolean): OptionMark {
  if (correct) return chosen ? 'correct_chosen' : 'correct_missed';
  return chosen ? 'wrong_chosen' : 'none';
}

export const romanNumerals = ['i', 'ii', 'iii', 'iv', 'v', 'vi'] as const;

export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** The standard answer in words, e.g. "B、C", "(i) stationary；(ii) contravene", "3/8". */
export function describeStandard(question: Question, group: QuestionGroup | null): string {
  const standard = question.standard_answer;
  if (standard === null) return '';
  const input = question.input_method;
  switch (input.kind) {
    case 'single':
    case 'multi':
    case 'pair':
      return standard.selects.map(optionLetter).join('、');
    case 'blanks':
      return standard.selects
        .map((s, b) => `(${romanNumerals[b] ?? b + 1}) ${input.option_groups[b]?.[s] ?? optionLetter(s)}`)
        .join('；');
    case 'sentence': {
      const index = standard.selects[0];
      return (index !== undefined && group ? sentenceText(group.paragraphs, index) : undefined) ?? '';
    }
    case 'numeric':
      return `${input.fill_prefix}${standard.text}${input.fill_suffix}`;
    case 'fraction': {
      const f = parseFraction(standard.text, standard.text2);
      return f ? `${f.p}/${f.q}` : standard.text;
    }
    case 'essay':
      return '';
  }
}

const ordinals: Record<string, number> = { first: 0, second: 1, third: 2, fourth: 3, fifth: 4, sixth: 5 };

/**
 * The paragraph a select-in-passage question names ("…in the third paragraph…", "paragraph 2", "the
 * last paragraph"), 0-based; null when it names none (then every sentence may be chosen).
 */
export function namedParagraph(stem: string, paragraphCount: number): number | null {
  const text = stem.toLowerCase();
  const word = /\b(first|second|third|fourth|fifth|sixth|last|final)\s+paragraph\b/.exec(text);
  let at: number | null = null;
  if (word) at = word[1] === 'last' || word[1] === 'final' ? paragraphCount - 1 : (ordinals[word[1] as string] ?? null);
  const num = /\bparagraph\s+(\d)\b/.exec(text);
  if (at === null && num) at = Number(num[1]) - 1;
  return at !== null && at >= 0 && at < paragraphCount ? at : null;
}
