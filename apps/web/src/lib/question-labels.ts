// Names shown for the question bank's enums, shared by the question view and the search page.
import { type Difficulty, QuestionCategory } from '@gre/contract/enums';
import type { QuestionKind } from '@gre/contract/question';

export const difficultyLabel: Record<Difficulty, string> = { 1: '简单', 2: '中等', 3: '困难' };

/** The kinds inside each category (decisions.md "question kinds"), in the order lists show them. */
export const kindsByCategory: Record<QuestionCategory, readonly QuestionKind[]> = {
  [QuestionCategory.None]: [],
  [QuestionCategory.Filling]: ['tc1', 'tc2', 'tc3', 'se'],
  [QuestionCategory.Reading]: ['rc_single', 'rc_multi', 'rc_select'],
  [QuestionCategory.Math]: ['qc', 'ps_single', 'ps_multi', 'numeric', 'numeric_fraction'],
  [QuestionCategory.Issue]: ['issue'],
  [QuestionCategory.Word]: ['word_meaning', 'word_from_meaning', 'word_synonym'],
};

export const allKinds: readonly QuestionKind[] = Object.values(kindsByCategory).flat();
