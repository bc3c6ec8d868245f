import type { Answer } from '@gre/contract/question';
import { describe, expect, it } from 'vitest';
import {
  blankChoice,
  chooseSentence,
  chooseSingle,
  describeStandard,
  emptyAnswer,
  isComplete,
  judge,
  namedParagraph,
  optionMark,
  parseFraction,
  parseNumber,
  sanitizeNumeric,
  sentenceIndex,
  sentencePosition,
  sentenceText,
  setBlank,
  setText,
  setText2,
  toggleMulti,
  togglePair,
  wordCount,
} from './answer-logic.ts';
import { makeQuestion } from './testing/make-question.ts';

const answer = (over: Partial<Answer>): Answer => ({ ...emptyAnswer, ...over });

const single = makeQuestion().input_method;
const multi = makeQuestion({ input_method: { kind: 'multi', group_size: 0 } }).input_method;
const pair = makeQuestion({ input_method: { kind: 'pair', group_size: 2 } }).input_method;
const blanks3 = makeQuestion({
  input_method: {
    kind: 'blanks',
    option_groups: [
      ['a1', 'a2', 'a3'],
      ['b1', 'b2', 'b3'],
      ['c1', 'c2', 'c3'],
    ],
  },
}).input_method;
const numeric = makeQuestion({ input_method: { kind: 'numeric', fillable: true, fill_suffix: '%' } }).input_method;
const fraction = makeQuestion({ input_method: { kind: 'fraction', fillable: true } }).input_method;
const sentence = makeQuestion({ input_method: { kind: 'sentence', option_groups: [] } }).input_method;
const essay = makeQuestion({ input_method: { kind: 'essay', option_groups: [] } }).input_method;

describe('single and multi choices', () => {
  it('a single choice replaces the previous one', () => {
    expect(chooseSingle(chooseSingle(emptyAnswer, 1), 3).selects).toEqual([3]);
  });
  it('toggles multi options and keeps them ascending', () => {
    let a = toggleMulti(emptyAnswer, 2);
    a = toggleMulti(a, 0);
    expect(a.selects).toEqual([0, 2]);
    a = toggleMulti(a, 2);
    expect(a.selects).toEqual([0]);
  });
  it('does not mutate the answer it was given', () => {
    const before = answer({ selects: [2, 0] });
    toggleMulti(before, 1);
    expect(before.selects).toEqual([2, 0]);
  });
});

describe('togglePair (sentence equivalence)', () => {
  it('takes two choices and refuses a third', () => {
    let r = togglePair(emptyAnswer, 4);
    r = togglePair(r.answer, 1);
    expect(r).toEqual({ answer: answer({ selects: [1, 4] }), refused: false });
    const third = togglePair(r.answer, 2);
    expect(third.refused).toBe(true);
    expect(third.answer.selects).toEqual([1, 4]);
  });
  it('lets a chosen option be unchosen to make room', () => {
    const r = togglePair(answer({ selects: [1, 4] }), 4);
    expect(r).toEqual({ answer: answer({ selects: [1] }), refused: false });
    expect(togglePair(r.answer, 5).answer.selects).toEqual([1, 5]);
  });
});

describe('setBlank (text completion)', () => {
  it('keeps one choice per blank and fills selects once every blank is chosen', () => {
    let a = setBlank(emptyAnswer, 1, 2, 3);
    expect(a.multi_selects).toEqual([[], [2], []]);
    expect(a.selects).toEqual([]);
    a = setBlank(a, 0, 0, 3);
    a = setBlank(a, 2, 1, 3);
    expect(a.multi_selects).toEqual([[0], [2], [1]]);
    expect(a.selects).toEqual([0, 2, 1]);
  });
  it('changes a blank and clears it when the same option is chosen again', () => {
    let a = setBlank(setBlank(emptyAnswer, 0, 0, 2), 1, 1, 2);
    a = setBlank(a, 0, 2, 2);
    expect(a.selects).toEqual([2, 1]);
    a = setBlank(a, 1, 1, 2);
    expect(a.multi_selects).toEqual([[2], []]);
    expect(a.selects).toEqual([]);
  });
  it('reads an answer that only has selects (as the server stores it)', () => {
    const stored = answer({ selects: [1, 0, 2] });
    expect([0, 1, 2].map((b) => blankChoice(stored, b, 3))).toEqual([1, 0, 2]);
    expect(setBlank(stored, 1, 2, 3).selects).toEqual([1, 2, 2]);
  });
  it('a one-blank question is one column', () => {
    expect(setBlank(emptyAnswer, 0, 4, 1).selects).toEqual([4]);
  });
});

describe('sentences of a passage', () => {
  const paragraphs = [['P1 S1.', 'P1 S2.'], ['P2 S1.'], ['P3 S1.', 'P3 S2.', 'P3 S3.']];
  it('counts a click across paragraphs in order', () => {
    expect(sentenceIndex(paragraphs, 0, 0)).toBe(0);
    expect(sentenceIndex(paragraphs, 0, 1)).toBe(1);
    expect(sentenceIndex(paragraphs, 1, 0)).toBe(2);
    expect(sentenceIndex(paragraphs, 2, 2)).toBe(5);
  });
  it('maps an index back to its paragraph and sentence', () => {
    expect(sentencePosition(paragraphs, 3)).toEqual({ p: 2, s: 0 });
    expect(sentencePosition(paragraphs, 6)).toBeNull();
    expect(sentencePosition(paragraphs, -1)).toBeNull();
    expect(sentenceText(paragraphs, 4)).toBe('P3 S2.');
  });
  it('a click chooses that one sentence', () => {
    expect(chooseSentence(chooseSentence(emptyAnswer, 2), 5).selects).toEqual([5]);
  });
});

describe('numeric entry', () => {
  it('keeps digits, one leading minus and one point', () => {
    expect(sanitizeNumeric('12.5')).toBe('12.5');
    expect(sanitizeNumeric('-3.2.1')).toBe('-3.21');
    expect(sanitizeNumeric('4-5')).toBe('45');
    expect(sanitizeNumeric('abc1,000')).toBe('1000');
    expect(sanitizeNumeric('１２。５')).toBe('12.5');
  });
  it('fraction boxes take integers only', () => {
    expect(sanitizeNumeric('3.5', { integer: true })).toBe('35');
    expect(sanitizeNumeric('-7', { integer: true })).toBe('-7');
  });
  it('caps the length', () => {
    expect(sanitizeNumeric('1234567890123456')).toHaveLength(12);
  });
  it('parses numbers and fractions', () => {
    expect(parseNumber('12.50')).toBe(12.5);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('-')).toBeNull();
    expect(parseNumber('')).toBeNull();
    expect(parseFraction('3', '8')).toEqual({ p: 3, q: 8 });
    expect(parseFraction('5/4')).toEqual({ p: 5, q: 4 });
    expect(parseFraction('1', '0')).toBeNull();
    expect(parseFraction('1', '')).toBeNull();
  });
});

describe('isComplete', () => {
  it('follows each input kind', () => {
    expect(isComplete(single, emptyAnswer)).toBe(false);
    expect(isComplete(single, answer({ selects: [0] }))).toBe(true);
    expect(isComplete(multi, answer({ selects: [2] }))).toBe(true);
    expect(isComplete(pair, answer({ selects: [2] }))).toBe(false);
    expect(isComplete(pair, answer({ selects: [2, 3] }))).toBe(true);
    expect(isComplete(blanks3, setBlank(setBlank(emptyAnswer, 0, 0, 3), 1, 0, 3))).toBe(false);
    expect(isComplete(blanks3, answer({ selects: [0, 0, 0] }))).toBe(true);
    expect(isComplete(sentence, answer({ selects: [4] }))).toBe(true);
    expect(isComplete(numeric, setText(emptyAnswer, '-'))).toBe(false);
    expect(isComplete(numeric, setText(emptyAnswer, '24'))).toBe(true);
    expect(isComplete(fraction, setText(emptyAnswer, '3'))).toBe(false);
    expect(isComplete(fraction, setText2(setText(emptyAnswer, '3'), '5'))).toBe(true);
    expect(isComplete(essay, setText(emptyAnswer, '   '))).toBe(false);
    expect(isComplete(essay, setText(emptyAnswer, 'I agree.'))).toBe(true);
  });
});

describe('judge', () => {
  it('is ungraded for essays and hidden answers', () => {
    expect(judge(essay, setText(emptyAnswer, 'x'), answer({}))).toBe('ungraded');
    expect(judge(single, answer({ selects: [1] }), null)).toBe('ungraded');
  });
  it('is unanswered until complete', () => {
    expect(judge(pair, answer({ selects: [1] }), answer({ selects: [1, 4] }))).toBe('unanswered');
  });
  it('compares choices as sets', () => {
    expect(judge(multi, answer({ selects: [2, 1] }), answer({ selects: [1, 2] }))).toBe('correct');
    expect(judge(multi, answer({ selects: [1] }), answer({ selects: [1, 2] }))).toBe('wrong');
    expect(judge(pair, answer({ selects: [1, 4] }), answer({ selects: [1, 4] }))).toBe('correct');
    expect(judge(single, answer({ selects: [0] }), answer({ selects: [1] }))).toBe('wrong');
    expect(judge(sentence, answer({ selects: [3] }), answer({ selects: [3] }))).toBe('correct');
  });
  it('judges every blank', () => {
    const key = answer({ selects: [0, 1, 2] });
    expect(judge(blanks3, setBlank(setBlank(setBlank(emptyAnswer, 0, 0, 3), 1, 1, 3), 2, 2, 3), key)).toBe('correct');
    expect(judge(blanks3, answer({ selects: [0, 1, 1] }), key)).toBe('wrong');
  });
  it('compares numbers by value', () => {
    expect(judge(numeric, setText(emptyAnswer, '24.0'), answer({ text: '24' }))).toBe('correct');
    expect(judge(numeric, setText(emptyAnswer, '31.6'), answer({ text: '24' }))).toBe('wrong');
  });
  it('accepts equivalent fractions, with the key in one string or two', () => {
    const typed = setText2(setText(emptyAnswer, '20'), '16');
    expect(judge(fraction, typed, answer({ text: '5/4' }))).toBe('correct');
    expect(judge(fraction, typed, answer({ text: '5', text2: '4' }))).toBe('correct');
    expect(judge(fraction, setText2(setText(emptyAnswer, '4'), '5'), answer({ text: '5/4' }))).toBe('wrong');
  });
});

describe('optionMark', () => {
  it('tells the four cases apart', () => {
    expect(optionMark(true, true)).toBe('correct_chosen');
    expect(optionMark(false, true)).toBe('correct_missed');
    expect(optionMark(true, false)).toBe('wrong_chosen');
    expect(optionMark(false, false)).toBe('none');
  });
});

describe('wordCount', () => {
  it('counts English words and CJK characters', () => {
    expect(wordCount("Schools shouldn't grade on improvement alone.")).toBe(6);
    expect(wordCount('  ')).toBe(0);
    expect(wordCount('我同意 this view')).toBe(5);
  });
});

describe('describeStandard', () => {
  it('names letters, blank words, units and fractions', () => {
    expect(describeStandard(makeQuestion({ standard_answer: answer({ selects: [1, 3] }) }), null)).toBe('B、D');
    const tc = makeQuestion({
      input_method: blanks3,
      standard_answer: answer({ selects: [0, 1, 2] }),
    });
    expect(describeStandard(tc, null)).toBe('(i) a1；(ii) b2；(iii) c3');
    expect(
      describeStandard(makeQuestion({ input_method: numeric, standard_answer: answer({ text: '24' }) }), null),
    ).toBe('24%');
    expect(
      describeStandard(makeQuestion({ input_method: fraction, standard_answer: answer({ text: '5/4' }) }), null),
    ).toBe('5/4');
    expect(describeStandard(makeQuestion({ standard_answer: null }), null)).toBe('');
  });
  it('quotes the sentence for select-in-passage', () => {
    const group = {
      id: 'g',
      kind: 'short' as const,
      title: '',
      topic: '',
      paragraphs: [['One.', 'Two.'], ['Three.']],
      translation: '',
      figure: null,
      question_ids: [],
    };
    const q = makeQuestion({ input_method: sentence, standard_answer: answer({ selects: [2] }) });
    expect(describeStandard(q, group)).toBe('Three.');
  });
});

describe('the paragraph a select-in-passage question names (issue 10)', () => {
  it('reads ordinals, numbers and last; none when absent or out of range', () => {
    expect(namedParagraph('Select the sentence in the third paragraph that identifies a cost', 4)).toBe(2);
    expect(namedParagraph('Select the sentence in the second paragraph that describes', 3)).toBe(1);
    expect(namedParagraph('Which sentence in paragraph 1 states', 3)).toBe(0);
    expect(namedParagraph('Select the sentence in the last paragraph that', 4)).toBe(3);
    expect(namedParagraph('Select the sentence in the passage that', 4)).toBeNull();
    expect(namedParagraph('Select the sentence in the fifth paragraph that', 3)).toBeNull();
  });
});
