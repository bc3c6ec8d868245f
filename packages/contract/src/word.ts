// The vocabulary's shapes (spec section 7 "Word", issue 15; docs/decisions/0026-vocabulary.md): the
// GRE list in brief, a user's marks on words (in my list, 熟词), word books with their progress, a
// word's example sentences from the bank. Flash-card state joins the mark with the flash-card issue.
import { z } from 'zod';
import { wordSchema } from './question.ts';

export const wordLimits = {
  /** Words per add / delete / mark call. */
  bulk: 500,
  /** Words per page of a list or a book. */
  pageSize: 100,
  /** Example sentences per word. */
  examples: 5,
} as const;

/** Frequency bands over the corpus frequency rank (ECDICT `frq`, COCA): 1 = most common. */
export const wordBands = [1, 2, 3, 4] as const;
export const wordBandLabel: Record<(typeof wordBands)[number], string> = {
  1: '常见词',
  2: '较常见',
  3: '较少见',
  4: '生僻词',
};

/** Parts of speech of a word's meanings (the main sense first). */
export const wordPoses = ['n', 'v', 'adj', 'adv', 'other'] as const;
export const wordPosSchema = z.enum(wordPoses, { error: '词性不正确' });
export const wordPosLabel: Record<(typeof wordPoses)[number], string> = {
  n: '名词',
  v: '动词',
  adj: '形容词',
  adv: '副词',
  other: '其他',
};

/** A word of the GRE list in one line. `gloss` is empty when withheld (the key of a running exam's word question). */
export const wordBriefSchema = z.object({
  word: z.string(),
  /** The first meaning line, GRE sense first: "adj. 情绪多变的；反复无常的". */
  gloss: z.string(),
  poses: z.array(wordPosSchema),
  band: z.number().int().min(1).max(4),
});
export type WordBrief = z.infer<typeof wordBriefSchema>;

/** The user's mark on a word. Times are Unix ms; null when not so. */
export const wordMarkSchema = z.object({
  word: z.string(),
  /** In my list (生词本) since. */
  added_at: z.number().int().nullable(),
  /** Marked 熟词 since: known, off every schedule. */
  simple_at: z.number().int().nullable(),
});
export type WordMark = z.infer<typeof wordMarkSchema>;

/** A word's sentence from the bank (a passage or a question), with where it comes from. */
export const wordExampleSchema = z.object({
  text: z.string(),
  /** The question it opens (a passage's first question); the web links to it. */
  question_id: z.string(),
  source: z.string(),
});

/** A word's details for the word pages: the dictionary entry, its examples, and the user's mark. */
export const wordDetailSchema = wordSchema.extend({
  examples: z.array(wordExampleSchema),
  mark: wordMarkSchema.nullable(),
  /** The meanings are withheld: the word is a key of the caller's running exam. */
  withheld: z.boolean(),
});
export type WordDetail = z.infer<typeof wordDetailSchema>;

export const wordBookKinds = ['band', 'root', 'similar', 'wrong', 'sixtwo', 'mine'] as const;
export const wordBookKindSchema = z.enum(wordBookKinds);
export type WordBookKind = z.infer<typeof wordBookKindSchema>;
export const wordBookKindLabel: Record<WordBookKind, string> = {
  band: '按词频',
  root: '按词根',
  similar: '近义词辨析',
  wrong: '错题单词',
  sixtwo: '六选二词对',
  mine: '我的生词本',
};

/**
 * A word book. Progress: `studied` = words in my list or marked 熟词 (the flash cards will add
 * "reviewed at least once"); `simple` = marked 熟词.
 */
export const wordBookSchema = z.object({
  id: z.string(),
  kind: wordBookKindSchema,
  title: z.string(),
  /** A line under the title: the root's meaning, the band, where the words come from. */
  note: z.string(),
  total: z.number().int(),
  studied: z.number().int(),
  simple: z.number().int(),
});
export type WordBook = z.infer<typeof wordBookSchema>;

/** The filter of my marks in the list. */
export const wordMarkFilters = ['all', 'mine', 'simple', 'new'] as const;
export const wordMarkFilterSchema = z.enum(wordMarkFilters, { error: '标记筛选不正确' });
export const wordMarkFilterLabel: Record<(typeof wordMarkFilters)[number], string> = {
  all: '全部',
  mine: '生词本中',
  simple: '熟词',
  new: '未学',
};
