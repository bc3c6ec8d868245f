import { DisplayMode } from '@gre/contract/enums';
import type { QuestionGroup } from '@gre/contract/question';
import { questionKinds } from '@gre/contract/question';
import { describe, expect, it } from 'vitest';
import {
  directionsByKind,
  hasExplanation,
  layoutOf,
  mayReveal,
  revealedAtStart,
  showsMeta,
  wordOf,
} from './question-logic.ts';
import { makeQuestion } from './testing/make-question.ts';

const group = (over: Partial<QuestionGroup>): QuestionGroup => ({
  id: 'g',
  kind: 'short',
  title: '',
  topic: '',
  paragraphs: [],
  translation: '',
  figure: null,
  question_ids: [],
  ...over,
});

describe('display modes', () => {
  it('never reveals anything in an exam', () => {
    expect(mayReveal(DisplayMode.Exam)).toBe(false);
    expect(showsMeta(DisplayMode.Exam)).toBe(false);
    for (const mode of [DisplayMode.None, DisplayMode.Search, DisplayMode.Report, DisplayMode.Flash]) {
      expect(mayReveal(mode)).toBe(true);
    }
  });
  it('opens a report with the answer shown, the other modes closed', () => {
    expect(revealedAtStart(DisplayMode.Report)).toBe(true);
    expect(revealedAtStart(DisplayMode.Search)).toBe(false);
    expect(revealedAtStart(DisplayMode.Exam)).toBe(false);
  });
});

describe('layoutOf', () => {
  it('splits for a passage or a figure, else one column', () => {
    expect(layoutOf(null)).toBe('single');
    expect(layoutOf(group({ paragraphs: [['One.']] }))).toBe('split');
    expect(layoutOf(group({ figure: { type: 'pie', title: 't', slices: [] } }))).toBe('split');
    expect(layoutOf(group({ paragraphs: [[]] }))).toBe('single');
  });
});

describe('directionsByKind', () => {
  it('has directions for every kind, in the GRE’s words where the GRE has them', () => {
    for (const kind of questionKinds) expect(directionsByKind[kind]).toBeDefined();
    expect(directionsByKind.rc_multi.en).toContain('select all that apply');
    expect(directionsByKind.se.en).toMatch(/^Select the two answer choices/);
  });
});

describe('hasExplanation and wordOf', () => {
  it('is false when the role may not see the analysis', () => {
    expect(hasExplanation(makeQuestion({ analysis: null }))).toBe(false);
    expect(
      hasExplanation(
        makeQuestion({ analysis: { text: '解析', key_words: [], synonyms: [], antonyms: [], guide: null } }),
      ),
    ).toBe(true);
  });
  it('names the word of a word question only', () => {
    const word = makeQuestion({
      category: 5,
      kind: 'word_meaning',
      word_info: { kind: 'word_meaning', id: 'abase', pair_id: '' },
    });
    expect(wordOf(word)).toBe('abase');
    expect(wordOf(makeQuestion())).toBeNull();
  });
});
