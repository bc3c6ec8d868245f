// The review loop (spec section 3 "Craft", section 7 "Craft and collect"): what a user keeps per
// question (collected with tags, wrong, last answer, note, reasons, mastery, improvement plan, card),
// the tags, the reason library, and the memory schedule of the review (FSRS, ADR 0025).
import { z } from 'zod';
import { questionCategorySchema } from './enums.ts';
import { answerSchema, questionInfoSchema, questionKindSchema } from './question.ts';

/** The limits the server enforces and the web shows (one source). */
export const craftLimits = {
  /** Characters per note field (text_input.*, improvement, review.reasons). */
  noteField: 2000,
  /** Characters of a tag name (the spec's help text says "不超过 10 个字"; the server allows 20). */
  tagName: 20,
  tagNameHint: 10,
  tagDesp: 100,
  /** Tags per user. */
  tags: 50,
  /** Tags on one collected question. */
  tagsPerQuestion: 10,
  /** Questions in one bulk action or one redo set. */
  bulk: 50,
  /** Mastery levels (spec section 9). */
  masteryMax: 5,
} as const;

export const craftTextInputSchema = z.object({
  /** 复盘: what happened. */
  review: z.string(),
  /** 难点. */
  difficulty: z.string(),
  /** 新思路. */
  new_way: z.string(),
  /** 疑惑. */
  puzzle: z.string(),
  /** 笔记. */
  note: z.string(),
});
export type CraftTextInput = z.infer<typeof craftTextInputSchema>;

/** The Chinese label of each note field, in screen order. */
export const craftTextFields: readonly { key: keyof CraftTextInput; label: string }[] = [
  { key: 'note', label: '笔记' },
  { key: 'review', label: '复盘' },
  { key: 'difficulty', label: '难点' },
  { key: 'new_way', label: '新思路' },
  { key: 'puzzle', label: '疑惑' },
];

export const craftReasonSchema = z.object({ reason_id: z.string(), type: z.string(), checked: z.boolean() });
export type CraftReason = z.infer<typeof craftReasonSchema>;

export const craftSourceSchema = z.object({
  /** A search label, or the set's title. */
  name: z.string(),
  exam_id: z.string(),
  template_id: z.string(),
  /** Unix seconds. */
  update_time_stamp: z.number().int(),
});
export type CraftSource = z.infer<typeof craftSourceSchema>;

export const memoryStates = ['new', 'learning', 'review', 'relearning'] as const;
export const memorySchema = z.object({
  state: z.enum(memoryStates),
  /** Unix seconds when the next review is due. */
  due: z.number().int(),
  stability: z.number(),
  difficulty: z.number(),
  reps: z.number().int(),
  lapses: z.number().int(),
  /** Unix seconds of the last review; 0 before the first. */
  last_review: z.number().int(),
});
export type Memory = z.infer<typeof memorySchema>;

export const cardKinds = ['book', 'word_list', 'collect', 'wrong'] as const;

export const craftSchema = z.object({
  /** The question id. */
  id: z.string(),
  collect: z.object({
    collected: z.boolean(),
    collect_ids: z.array(z.string()),
    word: z.object({ kind: z.string(), word_id: z.string(), pair_id: z.string(), source_qid: z.string() }).nullable(),
  }),
  /** In the wrong-answer book. */
  wrong: z.boolean(),
  /** Times answered wrong. */
  wrong_count: z.number().int(),
  /** The last answer the user gave and whether it was right. */
  issue: z.object({ answer: answerSchema.nullable(), result: z.object({ correct: z.boolean().nullable() }) }),
  note: z.object({
    text_input: craftTextInputSchema,
    review: z.object({
      /** 掌握程度 1–5; 0 = not set. */
      mastery: z.number().int().min(0).max(5),
      /** Other reasons, in the user's words. */
      reasons: z.string(),
      /** 改进方案. */
      improvement: z.string(),
      /** On the review schedule (wrong answers are put there automatically). */
      reviewed: z.boolean(),
    }),
    reasons: z.array(craftReasonSchema),
    source: craftSourceSchema.nullable(),
  }),
  /** Collected, wrong or noted in the advanced (高阶) bank. */
  in_higher: z.boolean(),
  card: z.object({
    finished: z.boolean(),
    collected: z.boolean(),
    range_kind: z.string(),
    collect_time_stamp: z.number().int(),
  }),
  source: craftSourceSchema.nullable(),
  /** The review schedule; null when the question is not on it. */
  memory: memorySchema.nullable(),
});
export type Craft = z.infer<typeof craftSchema>;

export const collectTagSchema = z.object({
  id: z.string(),
  name: z.string(),
  desp: z.string(),
  /** Questions collected with this tag. */
  count: z.number().int(),
});
export type CollectTag = z.infer<typeof collectTagSchema>;

/** The reason library: per question category, kinds of reasons and the reasons themselves. */
export const reasonLibrarySchema = z.object({
  question_categories: z.array(
    z.object({
      category: questionCategorySchema,
      kinds: z.array(
        z.object({
          kind: z.string(),
          kind_desp: z.string(),
          subs: z.array(z.object({ id: z.string(), name: z.string() })),
        }),
      ),
    }),
  ),
});
export type ReasonLibrary = z.infer<typeof reasonLibrarySchema>;

/** The three review books; each has an advanced-bank twin (personal/higher_*). */
export const reviewScopes = ['wrongs', 'collect', 'note'] as const;
export const reviewScopeSchema = z.enum(reviewScopes, { error: '复习范围只能是错题、收藏或笔记' });
export type ReviewScope = z.infer<typeof reviewScopeSchema>;
export const reviewScopeLabel: Record<ReviewScope, string> = { wrongs: '错题本', collect: '收藏', note: '笔记' };

/** The tree of a review book: category → kind → knowledge tag, with counts. */
export const reviewTreeSchema = z.object({
  total: z.number().int(),
  categories: z.array(
    z.object({
      category: questionCategorySchema,
      count: z.number().int(),
      kinds: z.array(
        z.object({
          kind: questionKindSchema,
          count: z.number().int(),
          tags: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
        }),
      ),
    }),
  ),
  /** The user's collect tags with the questions of this book under each (collect: the tagged ones). */
  collect_tags: z.array(collectTagSchema),
  /** Counts per mastery level 0–5 (0 = not set). */
  mastery: z.array(z.number().int()),
  /** Reasons ticked, with counts. */
  reasons: z.array(z.object({ reason_id: z.string(), count: z.number().int() })),
  /** The sources (set titles or search labels), with counts. */
  sources: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type ReviewTree = z.infer<typeof reviewTreeSchema>;

/** A line of a review book: the question's summary and the user's craft. */
export const reviewItemSchema = z.object({
  question: questionInfoSchema,
  craft: craftSchema,
  /** Unix seconds of the craft's last change. */
  updated_at: z.number().int(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
