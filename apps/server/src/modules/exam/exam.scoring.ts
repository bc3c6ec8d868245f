// Scoring one answer as the test does: no partial credit; numeric entry compared by exact value
// (2.5 = 2.50 = 5/2; 2/4 = 1/2); a sentence by its index; essays are not scored here (issue 5).
import type { Answer, Question } from '@gre/contract/question';

/** An exact rational: value = n / d with d > 0. */
interface Rational {
  n: bigint;
  d: bigint;
}

/** "12", "-2.50", ".5", "1,000" (grouping commas), "5/2", "-3/4". Null when it is not a number. */
export function parseNumber(raw: string): Rational | null {
  const s = raw
    .trim()
    .replace(/[\s,，]/g, '')
    .replace(/^\+/, '')
    .replace(/−/g, '-');
  if (!s) return null;
  const frac = /^(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)$/.exec(s);
  if (frac) {
    const a = parseNumber(frac[1] as string);
    const b = parseNumber(frac[2] as string);
    if (!a || !b || b.n === 0n) return null;
    return normalise({ n: a.n * b.d, d: a.d * b.n });
  }
  const dec = /^(-?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!dec || (!dec[2] && !dec[3])) return null;
  const digits = `${dec[2] || '0'}${dec[3] ?? ''}`;
  const n = BigInt(digits) * (dec[1] ? -1n : 1n);
  return normalise({ n, d: 10n ** BigInt((dec[3] ?? '').length) });
}

function normalise(r: Rational): Rational {
  let { n, d } = r;
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  return { n, d };
}

const sameValue = (a: Rational | null, b: Rational | null) => !!a && !!b && a.n * b.d === b.n * a.d;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Whether an answer says anything at all (an empty answer leaves the question Not Answered). */
export function isEmptyAnswer(a: Answer): boolean {
  return a.selects.length === 0 && a.multi_selects.length === 0 && !a.text.trim() && !a.text2.trim();
}

/** True/false for scored kinds; null for an essay or a question without a key. */
export function scoreAnswer(q: Question, answer: Answer | null): boolean | null {
  const key = q.standard_answer;
  if (q.kind === 'issue' || !key) return null;
  if (!answer || isEmptyAnswer(answer)) return false;
  switch (q.kind) {
    case 'numeric': {
      // The key is a decimal; a candidate's equivalent decimal or fraction counts.
      return sameValue(parseNumber(answer.text), parseNumber(key.text));
    }
    case 'numeric_fraction': {
      const given = answer.text2.trim()
        ? sameValue(parseNumber(`${answer.text}/${answer.text2}`), parseNumber(`${key.text}/${key.text2}`))
        : sameValue(parseNumber(answer.text), parseNumber(`${key.text}/${key.text2}`));
      return given;
    }
    case 'rc_select':
      return answer.selects.length === 1 && answer.selects[0] === key.selects[0];
    case 'tc2':
    case 'tc3':
      // One choice per blank, in blank order: every blank must be right.
      return sameList(answer.selects, key.selects);
    case 'se':
    case 'rc_multi':
    case 'ps_multi':
      // All the right choices and nothing else (both sentence-equivalence words).
      return sameList(sorted([...new Set(answer.selects)]), sorted(key.selects));
    default:
      return answer.selects.length === 1 && answer.selects[0] === key.selects[0];
  }
}

/**
 * Whether an answer fits the question's input (indices in range, no more choices than allowed).
 * `sentences`: how many sentences the passage has (select-in-passage).
 */
export function answerFits(q: Question, a: Answer, sentences: number): boolean {
  const groups = q.input_method.option_groups;
  const inRange = (v: number, n: number) => v >= 0 && v < n;
  switch (q.input_method.kind) {
    case 'single':
      return a.selects.length <= 1 && a.selects.every((v) => inRange(v, groups[0]?.length ?? 0));
    case 'multi':
      return a.selects.every((v) => inRange(v, groups[0]?.length ?? 0));
    case 'pair':
      return a.selects.length <= 2 && a.selects.every((v) => inRange(v, groups[0]?.length ?? 0));
    case 'blanks':
      return a.selects.length <= groups.length && a.selects.every((v, i) => inRange(v, groups[i]?.length ?? 0));
    case 'sentence':
      return a.selects.length <= 1 && a.selects.every((v) => inRange(v, sentences));
    case 'numeric':
    case 'fraction':
      return a.text.length <= 20 && a.selects.length === 0;
    case 'essay':
      return a.selects.length === 0;
  }
}
