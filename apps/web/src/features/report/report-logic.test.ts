import { QuestionState } from '@gre/contract/enums';
import type { QuestionRuntime } from '@gre/contract/exam';
import { describe, expect, it } from 'vitest';
import { emptyAnswer } from '../question/answer-logic.ts';
import { makeQuestion } from '../question/testing/make-question.ts';
import { answerText, filterCounts, filterLines, formatSeconds, reportLines } from './report-logic.ts';

function rt(id: string, used: number, correct: boolean | null, flagged = false, kind = 'tc1'): QuestionRuntime {
  return {
    id,
    data: makeQuestion({ id, kind: kind as never }),
    action: {
      answer: emptyAnswer,
      flagged,
      used_time_seconds: used,
      state: QuestionState.Answered,
      answered_time: 1,
      submitted: false,
    },
    result: { correct },
    index_key: id,
    craft: null,
    skip: false,
  };
}

const exam = {
  sections: [
    { index: 0, name: 'Verbal 1', questions: [rt('a', 30, true), rt('b', 90, false, true), rt('c', 60, true)] },
    {
      index: 1,
      name: 'Quant 1',
      questions: [{ ...rt('d', 200, null, false, 'ps_single'), skip: true }, rt('e', 100, false, false, 'ps_single')],
    },
  ],
} as never;

describe('report filters', () => {
  const lines = reportLines(exam);
  it('numbers questions across sections', () => {
    expect(lines.map((l) => l.number)).toEqual([1, 2, 3, 4, 5]);
    expect(lines[3]?.sectionName).toBe('Quant 1');
  });
  it('filters wrong, marked and slow (above the kind’s budget on the real test, not a section average)', () => {
    expect(filterLines(lines, 'wrong').map((l) => l.runtime.id)).toEqual(['b', 'e']);
    expect(filterLines(lines, 'marked').map((l) => l.runtime.id)).toEqual(['b']);
    // 单空填空 budget 60 s → b (90 s) is slow, c (60 s) is not; 数学单选 100 s → d (200 s), not e (100 s).
    expect(filterLines(lines, 'slow').map((l) => l.runtime.id)).toEqual(['b', 'd']);
    // One-second answers are never slow.
    expect(
      reportLines({
        sections: [{ index: 0, name: 'x', questions: [rt('q', 1, true), rt('r', 2, true)] }],
      } as never).some((l) => l.slow),
    ).toBe(false);
    expect(filterCounts(lines)).toEqual({ all: 5, wrong: 2, marked: 1, slow: 2, skipped: 1 });
    // 练习模式: skipped questions are listed apart.
    expect(filterLines(lines, 'skipped').map((l) => l.runtime.id)).toEqual(['d']);
  });
  it('does not count an essay without a verdict as wrong', () => {
    expect(filterLines(lines, 'wrong').some((l) => l.correct === null)).toBe(false);
  });
});

describe('answerText', () => {
  it('writes choices as letters, blanks per column, numbers as typed', () => {
    const single = makeQuestion();
    expect(answerText(single, { ...emptyAnswer, selects: [2] })).toBe('C');
    expect(answerText(single, null)).toBe('—');
    const tc2 = makeQuestion({
      input_method: {
        kind: 'blanks',
        option_groups: [
          ['a', 'b', 'c'],
          ['d', 'e', 'f'],
        ],
      },
    });
    expect(answerText(tc2, { ...emptyAnswer, selects: [1, 2] })).toBe('B F');
    const frac = makeQuestion({ input_method: { kind: 'fraction' } });
    expect(answerText(frac, { ...emptyAnswer, text: '3', text2: '5' })).toBe('3/5');
    expect(formatSeconds(42)).toBe('42 秒');
    expect(formatSeconds(125)).toBe('2:05');
  });
});
