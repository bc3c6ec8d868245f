import type { Answer, Question } from '@gre/contract/question';
import { describe, expect, it } from 'vitest';
import { parseNumber, scoreAnswer } from './exam.scoring.ts';

const ans = (a: Partial<Answer>): Answer => ({
  selects: [],
  multi_selects: [],
  text: '',
  description: '',
  text2: '',
  ...a,
});
const q = (kind: Question['kind'], key: Partial<Answer> | null) =>
  ({ kind, standard_answer: key ? ans(key) : null }) as unknown as Question;

describe('scoring, as on the test', () => {
  it('single-answer kinds need exactly the keyed choice', () => {
    for (const k of ['tc1', 'rc_single', 'qc', 'ps_single', 'word_meaning'] as const) {
      expect(scoreAnswer(q(k, { selects: [2] }), ans({ selects: [2] })), k).toBe(true);
      expect(scoreAnswer(q(k, { selects: [2] }), ans({ selects: [1] })), k).toBe(false);
      expect(scoreAnswer(q(k, { selects: [2] }), ans({ selects: [2, 1] })), k).toBe(false);
    }
  });

  it('text completion: every blank right, in blank order, no partial credit', () => {
    expect(scoreAnswer(q('tc2', { selects: [0, 2] }), ans({ selects: [0, 2] }))).toBe(true);
    expect(scoreAnswer(q('tc2', { selects: [0, 2] }), ans({ selects: [2, 0] }))).toBe(false);
    expect(scoreAnswer(q('tc3', { selects: [1, 0, 2] }), ans({ selects: [1, 0, 1] }))).toBe(false);
    expect(scoreAnswer(q('tc3', { selects: [1, 0, 2] }), ans({ selects: [1, 0] }))).toBe(false);
  });

  it('sentence equivalence needs both words; multi-answer needs all and only the right choices', () => {
    expect(scoreAnswer(q('se', { selects: [1, 4] }), ans({ selects: [4, 1] }))).toBe(true);
    expect(scoreAnswer(q('se', { selects: [1, 4] }), ans({ selects: [1] }))).toBe(false);
    expect(scoreAnswer(q('se', { selects: [1, 4] }), ans({ selects: [1, 3] }))).toBe(false);
    expect(scoreAnswer(q('rc_multi', { selects: [0, 2] }), ans({ selects: [0, 2] }))).toBe(true);
    expect(scoreAnswer(q('rc_multi', { selects: [0, 2] }), ans({ selects: [0, 1, 2] }))).toBe(false);
    expect(scoreAnswer(q('ps_multi', { selects: [0, 3, 5] }), ans({ selects: [5, 0, 3] }))).toBe(true);
    expect(scoreAnswer(q('ps_multi', { selects: [0, 3, 5] }), ans({ selects: [0, 3] }))).toBe(false);
  });

  it('select-in-passage compares the sentence index', () => {
    expect(scoreAnswer(q('rc_select', { selects: [7] }), ans({ selects: [7] }))).toBe(true);
    expect(scoreAnswer(q('rc_select', { selects: [7] }), ans({ selects: [6] }))).toBe(false);
  });

  it('numeric entry compares values exactly: 2.5 = 2.50 = 5/2, signs, commas, no float error', () => {
    const key = q('numeric', { text: '2.50' });
    for (const t of ['2.5', '2.50', '02.5', '5/2', '10/4', ' 2.5 ', '+2.5'])
      expect(scoreAnswer(key, ans({ text: t })), t).toBe(true);
    for (const t of ['2.49', '25', '-2.5', 'abc', '2.5.1', '5/0', ''])
      expect(scoreAnswer(key, ans({ text: t })), t).toBe(false);
    expect(scoreAnswer(q('numeric', { text: '1000' }), ans({ text: '1,000' }))).toBe(true);
    expect(scoreAnswer(q('numeric', { text: '0.3' }), ans({ text: '.30' }))).toBe(true);
    expect(scoreAnswer(q('numeric', { text: '-0.75' }), ans({ text: '-3/4' }))).toBe(true);
    expect(parseNumber('0.1')?.n).toBe(1n);
  });

  it('fraction entry accepts unreduced equivalent fractions', () => {
    const key = q('numeric_fraction', { text: '1', text2: '2' });
    expect(scoreAnswer(key, ans({ text: '2', text2: '4' }))).toBe(true);
    expect(scoreAnswer(key, ans({ text: '50', text2: '100' }))).toBe(true);
    expect(scoreAnswer(key, ans({ text: '-1', text2: '-2' }))).toBe(true);
    expect(scoreAnswer(key, ans({ text: '1', text2: '3' }))).toBe(false);
    expect(scoreAnswer(key, ans({ text: '1', text2: '0' }))).toBe(false);
    expect(scoreAnswer(key, ans({ text: '', text2: '2' }))).toBe(false);
  });

  it('an essay is not scored here; an empty answer is wrong', () => {
    expect(scoreAnswer(q('issue', null), ans({ text: 'An essay.' }))).toBeNull();
    expect(scoreAnswer(q('tc1', { selects: [0] }), null)).toBe(false);
  });
});
