// What the question view decides before drawing: the directions of each kind (the GRE's wording
// and a Chinese hint), which layout, and what each display mode may show. Pure.
import { DisplayMode, QuestionCategory } from '@gre/contract/enums';
import type { Question, QuestionGroup, QuestionKind } from '@gre/contract/question';

export interface Directions {
  en: string;
  zh: string;
}

const tcDirections =
  'For each blank select one entry from the corresponding column of choices. Fill all blanks in the way that best completes the text.';

export const directionsByKind: Record<QuestionKind, Directions> = {
  tc1: {
    en: 'Select one entry for the blank. Fill the blank in the way that best completes the text.',
    zh: '从下列选项中选出一个最能完成句意的词',
  },
  tc2: { en: tcDirections, zh: '每个空格从对应的一列中选一个词' },
  tc3: { en: tcDirections, zh: '每个空格从对应的一列中选一个词' },
  se: {
    en: 'Select the two answer choices that, when used to complete the sentence, fit the meaning of the sentence as a whole and produce completed sentences that are alike in meaning.',
    zh: '恰好选出两项：两个词都使句意完整，且填入后两句意思相近',
  },
  rc_single: { en: 'Select one answer choice.', zh: '选出一个正确答案' },
  rc_multi: {
    en: 'Consider each of the choices separately and select all that apply.',
    zh: '逐项判断，选出所有正确答案（可能是一项、两项或三项）',
  },
  rc_select: { en: 'Click on the sentence in the passage.', zh: '在文章中点击选出一个句子' },
  qc: {
    en: 'Compare Quantity A and Quantity B, using additional information centered above the two quantities if such information is given. Select one of the following four answer choices.',
    zh: '比较 A、B 两个量的大小（居中的信息对两个量都适用）',
  },
  ps_single: { en: 'Select one answer choice.', zh: '选出一个正确答案' },
  ps_multi: { en: 'Select one or more answer choices.', zh: '选出所有正确答案' },
  numeric: {
    en: 'Enter your answer as an integer or a decimal in the answer box.',
    zh: '在方框中填入整数或小数',
  },
  numeric_fraction: {
    en: 'Enter your answer as a fraction. Fractions do not need to be reduced to lowest terms.',
    zh: '分子、分母分别填入上下两个方框，不必约分',
  },
  issue: { en: '', zh: '30 分钟内完成一篇 Issue 作文' },
  // Word questions say what to do in their own (Chinese) inquiry.
  word_meaning: { en: '', zh: '' },
  word_from_meaning: { en: '', zh: '' },
  word_synonym: { en: '', zh: '' },
};

/** Passage or figure beside the question (wide screens) or above it (phones); else one column. */
export function layoutOf(group: QuestionGroup | null): 'split' | 'single' {
  if (group === null) return 'single';
  return group.paragraphs.some((p) => p.length > 0) || group.figure !== null ? 'split' : 'single';
}

/** Answers, analyses and translations are never shown in an exam. */
export function mayReveal(mode: DisplayMode): boolean {
  return mode !== DisplayMode.Exam;
}

/** A report opens with the answer shown; the other modes wait for the toggle. */
export function revealedAtStart(mode: DisplayMode): boolean {
  return mode === DisplayMode.Report;
}

/** Set title, kind, difficulty and source are study aids, not part of an exam screen. */
export function showsMeta(mode: DisplayMode): boolean {
  return mode !== DisplayMode.Exam;
}

/** Whether the view has anything to reveal beyond the answer (the role may not see it: null). */
export function hasExplanation(question: Question): boolean {
  const a = question.analysis;
  if (a === null) return false;
  return (
    a.text.trim() !== '' || a.key_words.length > 0 || a.guide !== null || a.synonyms.length + a.antonyms.length > 0
  );
}

/** Word questions: whose details to fetch from /api/word/get_details. */
export function wordOf(question: Question): string | null {
  if (question.category !== QuestionCategory.Word) return null;
  const id = question.word_info?.id.trim();
  return id ? id : null;
}
