// Flash cards' shapes (spec sections 3, 4, 7; issue 15; docs/decisions/0028-flash-cards.md): a flash
// set drawn from a range of words, played in rounds; each card walks the levels NotSeen → Learn →
// Quiz → Exam → Master (a right answer one up, a wrong one one down), and every answer is a review of
// the word's long-term memory (FSRS, ADR 0027).
import { z } from 'zod';
import { flashLevelSchema, flashStatusSchema } from './enums.ts';
import { wordExampleSchema } from './word.ts';

export const flashLimits = {
  /** Cards per flash set. */
  minCards: 5,
  maxCards: 100,
  defaultCards: 20,
  /** Options of a quiz or exam card (the key among them). */
  options: 4,
} as const;

/** Where a set's cards come from. */
export const flashRangeKinds = [
  'book',
  'mine',
  'collected',
  'wrong',
  'due',
  'collected_questions',
  'wrong_questions',
] as const;
export const flashRangeKindSchema = z.enum(flashRangeKinds, { error: '闪卡范围不正确' });
export type FlashRangeKind = (typeof flashRangeKinds)[number];
export const flashRangeLabel: Record<FlashRangeKind, string> = {
  book: '词书',
  mine: '我的生词本',
  collected: '收藏的闪卡',
  wrong: '错题中的单词',
  due: '今日到期复习',
  collected_questions: '收藏的题目',
  wrong_questions: '错题本中的题目',
};
/** Ranges whose cards are questions (question cards: the question shown, the answer checked on the server). */
export const questionRangeKinds: readonly FlashRangeKind[] = ['collected_questions', 'wrong_questions'];

/** What a card asks, by the card's level: see it, choose its meaning, choose the word, spell it. */
export const flashCardKinds = ['learn', 'quiz', 'exam', 'spell', 'question'] as const;
export const flashCardKindSchema = z.enum(flashCardKinds);
export type FlashCardKind = (typeof flashCardKinds)[number];
export const flashCardKindLabel: Record<FlashCardKind, string> = {
  learn: '认识单词',
  quiz: '选择释义',
  exam: '根据释义选词',
  spell: '根据释义拼写',
  question: '做题',
};

/** What a question card shows: the question without its key (the key only in the answer's verdict). */
export const questionCardSchema = z.object({
  id: z.string(),
  /** The kind's Chinese name (单空填空, 句子等价, 数量比较, …). */
  kind_label: z.string(),
  /** The question's text (a word question: the word or meaning and the prompt). */
  stem: z.string(),
  /** Quantity comparison: the two quantities; else empty. */
  quantity_a: z.string(),
  quantity_b: z.string(),
  options: z.array(z.string()),
  /** Options to choose: 2 for sentence equivalence, else 1. */
  choose: z.number().int(),
});
export type QuestionCard = z.infer<typeof questionCardSchema>;
export const flashLevelLabel = ['未学', '认识', '测验', '考核', '掌握'] as const;

/** How many cards are at each level. */
export const flashSummarySchema = z.object({
  not_seen: z.number().int(),
  learn: z.number().int(),
  quiz: z.number().int(),
  exam: z.number().int(),
  master: z.number().int(),
});
export type FlashSummary = z.infer<typeof flashSummarySchema>;

/** One card of a round as the learner sees it (the key only after the answer). */
export const flashCardSchema = z.object({
  word: z.string(),
  level: flashLevelSchema,
  kind: flashCardKindSchema,
  /** learn: shown; quiz: empty until answered (the options are meanings). */
  phonetic: z.string(),
  /** The first meaning lines (learn, exam, spell); empty for a quiz card before its answer. */
  meaning: z.string(),
  /** quiz: meanings; exam: words; learn and spell: none. */
  options: z.array(z.string()),
  /** The answer given this round, null before; `key` = the right option's index (quiz, exam). */
  answered: z.object({ correct: z.boolean(), key: z.number().int().nullable() }).nullable(),
  collected: z.boolean(),
  /** A learn card: up to two sentences of the bank's own passages and questions with the word (blanks stay blanks). */
  examples: z.array(wordExampleSchema),
  /** A question card (kind `question`); null for a word card. */
  question: questionCardSchema.nullable(),
});
export type FlashCard = z.infer<typeof flashCardSchema>;

export const flashSchema = z.object({
  id: z.string(),
  status: flashStatusSchema,
  range_kind: flashRangeKindSchema,
  /** The book of a `book` range, else empty. */
  range_id: z.string(),
  title: z.string(),
  /** Rounds finished. */
  round_count: z.number().int(),
  /** Answers given in all rounds. */
  stage_count: z.number().int(),
  all_card_count: z.number().int(),
  summary: flashSummarySchema,
  round: z.object({ runtimes: z.array(flashCardSchema), cursor_index: z.number().int() }),
  /** The words missed in the last finished round. */
  missed: z.array(z.string()),
  created_at: z.number().int(),
});
export type Flash = z.infer<typeof flashSchema>;

/** A card's lasting state for a user (across sets). */
export const wordCardSchema = z.object({
  word: z.string(),
  level: flashLevelSchema,
  /** Next review (unix seconds); 0 = never reviewed. */
  due: z.number().int(),
  reviews: z.number().int(),
  collected: z.boolean(),
  finished: z.boolean(),
});
export type WordCard = z.infer<typeof wordCardSchema>;
