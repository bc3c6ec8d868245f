// Issue essays and their grading (spec §4 "Issue result status", docs/decisions "essay grading"):
// the essay as the candidate wrote it, its status (Empty → Judging → Finished | Failed), and once
// Finished a score 0–6 in half points, a rank among essays on the same prompt and a Chinese comment
// with one entry per trait.
import { z } from 'zod';
import { issueResultStatusSchema } from './enums.ts';

/** The four traits the comment scores, in the order the web shows them. */
export const essayTraitKeys = ['position', 'organization', 'reasoning', 'language'] as const;
export const essayTraitKeySchema = z.enum(essayTraitKeys);
export type EssayTraitKey = z.infer<typeof essayTraitKeySchema>;
export const essayTraitLabel: Record<EssayTraitKey, string> = {
  position: '立场与展开',
  organization: '结构与组织',
  reasoning: '论证与例证',
  language: '语言与规范',
};

export const essayTraitSchema = z.object({
  key: essayTraitKeySchema,
  /** Chinese name of the trait. */
  name: z.string(),
  /** 0–6 in half points. */
  score: z.number(),
  feedback: z.string(),
});
export type EssayTrait = z.infer<typeof essayTraitSchema>;

export const essayCommentSchema = z.object({
  /** A Chinese summary: the level, the main strength and what to work on next. */
  overall: z.string(),
  traits: z.array(essayTraitSchema),
});
export type EssayComment = z.infer<typeof essayCommentSchema>;

/** A teacher's grade (issue 13): the overall comment and one comment per trait (any subset). */
export const essayTeacherCommentSchema = z.object({
  overall: z.string(),
  traits: z.array(z.object({ key: essayTraitKeySchema, comment: z.string() })),
});
export type EssayTeacherComment = z.infer<typeof essayTeacherCommentSchema>;

export const essaySourceSchema = z.enum(['exam', 'idea']);
export type EssaySource = z.infer<typeof essaySourceSchema>;

export const essaySchema = z.object({
  id: z.string(),
  /** The Issue prompt (a question of kind `issue`). */
  question_id: z.string(),
  /** 'exam' (a mock's Issue section) or 'idea' (written on the idea page). */
  source: essaySourceSchema,
  exam_id: z.string().nullable(),
  section_index: z.number().int().nullable(),
  text: z.string(),
  word_count: z.number().int(),
  status: issueResultStatusSchema,
  /** 0–6 in half points, when Finished. */
  score: z.number().nullable(),
  /** Percentile (0–100) among finished essays on the same prompt, computed when it finished. */
  rank: z.number().int().nullable(),
  comment: essayCommentSchema.nullable(),
  /** Who graded it: 'builtin', 'model:<name>', 'builtin (model unavailable)', later 'teacher:<id>'. */
  grader: z.string(),
  /** The grader in Chinese, for the card (内置评分 / 模型评分 / …). */
  grader_label: z.string(),
  /** Why grading failed (Chinese), when Failed. */
  failure: z.string(),
  /** Grading runs in the current round (a retry starts a new round). */
  attempts: z.number().int(),
  /** Unix ms. */
  created_at: z.number().int(),
  updated_at: z.number().int(),
  /** Unix ms; 0 until Finished. */
  finished_at: z.number().int(),
  /**
   * How well this grader agrees with human raters, one line in Chinese, from the fitted weights'
   * held-out figures (built-in scorer); '' for graders without a measured figure.
   */
  agreement: z.string(),
  /** A teacher's score, 0–6 in half points, when a teacher graded the essay (the machine's stays in `score`). */
  teacher_score: z.number().nullable(),
  teacher_comment: essayTeacherCommentSchema.nullable(),
  /** Unix ms; 0 when no teacher graded it. */
  teacher_graded_at: z.number().int(),
});
export type Essay = z.infer<typeof essaySchema>;

/** Longest essay accepted (characters); the exam's answer text has the same limit. */
export const essayMaxLength = 20_000;

/** Words of an essay, as the editor counts them: English words and numbers; each CJK character counts as one. */
export function essayWordCount(text: string): number {
  const latin = text.match(/[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*/g)?.length ?? 0;
  const cjk = text.match(/[\u3400-\u9fff]/g)?.length ?? 0;
  return latin + cjk;
}
