// Practice sets (books) and exams: templates, a user's book, the exam with its sections, cursor and
// question runtimes, the create option of a custom exam, and the raw result. Times are unix
// milliseconds set by the server's clock; the web only displays them.
import { z } from 'zod';
import { craftSchema } from './craft.ts';
import {
  bookStatusSchema,
  difficultySchema,
  examStatusSchema,
  questionCategorySchema,
  questionStateSchema,
} from './enums.ts';
import { answerSchema, questionGroupSchema, questionKindSchema, questionSchema } from './question.ts';

/** The list pages a template belongs to (spec section 2 routes). */
export const bookPages = ['index', 'pick', 'big', 'best', 'simulate', 'season', 'higher', 'math2'] as const;
export const bookPageSchema = z.enum(bookPages, { error: '列表类型不正确' });
export type BookPage = z.infer<typeof bookPageSchema>;

/** What an exam is: a practice set, or a mock of the whole test, one measure or one section. */
export const examKinds = ['practice', 'mock_full', 'mock_verbal', 'mock_quant', 'mock_section', 'custom'] as const;

/** How each exam kind reads (records, reports, the staff export). */
export const examKindLabel: Record<(typeof examKinds)[number], string> = {
  practice: '练习',
  mock_full: '全真模考',
  mock_verbal: '语文单科模考',
  mock_quant: '数学单科模考',
  mock_section: '单部分模考',
  custom: '自选组卷',
};
export const examKindSchema = z.enum(examKinds);
export type ExamKind = z.infer<typeof examKindSchema>;

/** A section's kind: the measure it belongs to (practice sets are `practice`). */
export const sectionKinds = ['issue', 'verbal', 'quant', 'practice'] as const;
export const sectionKindSchema = z.enum(sectionKinds);
export type SectionKind = z.infer<typeof sectionKindSchema>;

export const bookTemplateSchema = z.object({
  /** Stable id, derived from the bank (e.g. `idx-tc1-d2-1`, `mock-full-1`). */
  id: z.string(),
  /** Order inside its page. */
  index: z.number().int(),
  title: z.string(),
  /** The page it is listed on, with a sub-key (e.g. `index:tc1:2`, `math2:algebra`). */
  param: z.string(),
  /** The question kinds inside. */
  kinds: z.array(questionKindSchema),
  /** Unix seconds from which a season set opens; 0 when always open. */
  unlock_date_stamp: z.number().int(),
  hide: z.boolean(),
  /** A short tag shown on the card (e.g. 全真模考, 精选, 难度 2). */
  label: z.string(),
  page: bookPageSchema,
  exam_kind: examKindSchema,
  question_count: z.number().int(),
  /** Total time limit of all sections in seconds; 0 = untimed (count-up). */
  time_limit_seconds: z.number().int(),
  /** Days a season set stays open after it unlocks; 0 = no expiry. */
  limit: z.number().int(),
});
export type BookTemplate = z.infer<typeof bookTemplateSchema>;

export const bookSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  template: bookTemplateSchema,
  /** The exam of the current attempt. */
  exam_id: z.string(),
  title: z.string(),
  status: bookStatusSchema,
  /** Days the book stays open after its unlock date (season); 0 = no expiry. */
  limit: z.number().int(),
});
export type Book = z.infer<typeof bookSchema>;

export const mathAreas = ['all', 'arithmetic', 'algebra', 'geometry', 'data_analysis'] as const;
export const mathAreaSchema = z.enum(mathAreas, { error: '数学知识领域不正确' });
export type MathArea = z.infer<typeof mathAreaSchema>;
export const mathAreaLabel: Record<MathArea, string> = {
  all: '全部',
  arithmetic: '算术',
  algebra: '代数',
  geometry: '几何',
  data_analysis: '数据分析',
};

export const createOptionSchema = z.object({
  /** What to build: verbal or quant questions, both, or a full mock-like exam. */
  kind: z.enum(['verbal', 'quant', 'mixed', 'full'], { error: '组卷类型不正确' }).default('mixed'),
  version: z.number().int().min(1).max(100).default(1),
  /** Also draw questions the user has already answered in earlier exams. */
  include_done: z.boolean().default(true),
  /** `full`: add the 30-minute Issue section first. */
  with_issue: z.boolean().default(false),
  /** No deadline: the timer counts up. */
  enable_count_up: z.boolean().default(false),
  /** Prefer 精选 (pick) questions the user may open. */
  pick_first: z.boolean().default(false),
  math_create_kind: mathAreaSchema.default('all'),
  /** How questions are chosen: random, or by difficulty. */
  select_kind: z.enum(['random', 'easy', 'hard'], { error: '选题方式不正确' }).default('random'),
  /** Kinds to include (empty: every kind of the chosen measures). */
  question_kinds: z.array(questionKindSchema).max(16).default([]),
  difficulties: z.array(z.number().int().min(1).max(3)).max(3).default([]),
  /** Questions per section (ignored by `full`). */
  count: z
    .number({ error: '题量不正确' })
    .int()
    .min(1, { error: '至少 1 道题' })
    .max(50, { error: '最多 50 道题' })
    .default(10),
  /** Minutes per section when not counting up (ignored by `full`, which uses the test's times). */
  minutes: z.number().int().min(1).max(120).default(20),
});
export type CreateOption = z.infer<typeof createOptionSchema>;

export const questionActionSchema = z.object({
  answer: answerSchema,
  flagged: z.boolean(),
  used_time_seconds: z.number().int(),
  state: questionStateSchema,
  /** Unix ms of the last answer; 0 before. */
  answered_time: z.number().int(),
  /** 练习模式: submitted (its answer, key and analysis are shown; the answer can no longer change). */
  submitted: z.boolean().default(false),
});
/** How a practice set is taken (mocks are always 'exam'). */
export const practiceModes = ['exam', 'practice'] as const;
export const practiceModeSchema = z.enum(practiceModes, { error: '练习方式只能是考试模式或练习模式' });
export type PracticeMode = z.infer<typeof practiceModeSchema>;

export type QuestionAction = z.infer<typeof questionActionSchema>;

export const questionRuntimeSchema = z.object({
  id: z.string(),
  /** The question as the exam shows it: no standard_answer and no analysis until the exam is finished. */
  data: questionSchema,
  action: questionActionSchema,
  /** `correct` is null until the exam is finished, and for an essay (graded in the scoring issue). */
  result: z.object({ correct: z.boolean().nullable() }),
  /** `s<section>-q<question>`: a stable key for the web's lists. */
  index_key: z.string(),
  /** The caller's craft of this question (collected, note, wrong…); null inside a running mock. */
  craft: craftSchema.nullable().default(null),
  /** 练习模式: the candidate chose 跳过 (reports list skipped questions apart). */
  skip: z.boolean().default(false),
});
export type QuestionRuntime = z.infer<typeof questionRuntimeSchema>;

export const sectionActionSchema = z.object({
  /** Unix ms; 0 until the candidate opens the section. */
  started_at: z.number().int(),
  /** Unix ms; 0 when untimed or not started. */
  deadline: z.number().int(),
  used_seconds: z.number().int(),
  /** Seconds left by the server's clock when this was read; -1 when untimed. */
  remaining_seconds: z.number().int(),
  finished: z.boolean(),
  /** Committed by the server because its time ran out. */
  auto_committed: z.boolean(),
  /** 练习模式: each question is submitted on its own and shows its answer and analysis at once. */
  practice_mode: z.boolean().default(false),
});
export type SectionAction = z.infer<typeof sectionActionSchema>;

export const measureResultSchema = z.object({ correct: z.number().int(), total: z.number().int() });

/** A scaled score (130–170, 1-point steps) with its uncertainty band: "158 ± 3". */
export const scaledScoreSchema = z.object({
  score: z.number().int(),
  /** Half-width of the band in scaled points (score ± band), from the ability estimate's standard error. */
  band: z.number().int(),
  /**
   * Items the estimate rests on: in a mock every item of the measure the candidate was given (an
   * unanswered one counts as wrong, as on the test); in practice only the answered ones.
   */
  items: z.number().int(),
});
export type ScaledScore = z.infer<typeof scaledScoreSchema>;

/** The level of a mock's second Verbal/Quant section, chosen by the first section's performance. */
export const adaptiveLevelSchema = z.enum(['easy', 'medium', 'hard']);
export type AdaptiveLevel = z.infer<typeof adaptiveLevelSchema>;

export const examResultSchema = z.object({
  correct: z.number().int(),
  total: z.number().int(),
  answered: z.number().int(),
  /** Average seconds per question. */
  avg_time_seconds: z.number(),
  verbal: measureResultSchema,
  quantitative: measureResultSchema,
  /** Essays written (graded in the scoring issue). */
  issue: z.object({ written: z.number().int(), total: z.number().int() }),
  word: measureResultSchema,
  knowledge: z.array(
    z.object({ tag_id: z.string(), name: z.string(), correct: z.number().int(), total: z.number().int() }),
  ),
  difficulties: z.array(z.object({ difficulty: difficultySchema, correct: z.number().int(), total: z.number().int() })),
  /** Verbal on 130–170 with its band; null when no Verbal item was answered. */
  verbal_score: scaledScoreSchema.nullable().default(null),
  /** Quant on 130–170 with its band; null when no Quant item was answered. */
  quant_score: scaledScoreSchema.nullable().default(null),
  /** The essay's score (0–6, half points) once graded; null before grading or without an essay. */
  issue_score: z.number().nullable().default(null),
  /** Second-section levels of an adaptive mock (null for fixed forms and practice). */
  adaptive: z
    .object({ verbal: adaptiveLevelSchema.nullable(), quant: adaptiveLevelSchema.nullable() })
    .nullable()
    .default(null),
  /** Verbal + Quant (260–340) when both measures were scored; null otherwise. */
  total_score: z.number().nullable(),
  /** A Chinese interpretation: the score range, and what to work on next (from the breakdowns). */
  interpret: z.string(),
});
export type ExamResult = z.infer<typeof examResultSchema>;

export const sectionSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  kind: sectionKindSchema,
  difficulty: z.number().int(),
  /** 0 = untimed (count-up). */
  time_limit_seconds: z.number().int(),
  action: sectionActionSchema,
  result: measureResultSchema.nullable(),
  questions: z.array(questionRuntimeSchema),
});
export type Section = z.infer<typeof sectionSchema>;

export const cursorSchema = z.object({ section_index: z.number().int(), question_index: z.number().int() });
export type Cursor = z.infer<typeof cursorSchema>;

export const examSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  template_id: z.string(),
  name: z.string(),
  kind: examKindSchema,
  status: examStatusSchema,
  sections: z.array(sectionSchema),
  result: examResultSchema.nullable(),
  create_option: createOptionSchema.nullable(),
  cursor: cursorSchema,
  /** Some section was committed by the server when its time ran out. */
  is_auto_commit: z.boolean(),
  /** The server's clock when this was read (unix ms), so the web can correct its own. */
  server_time: z.number().int(),
  /**
   * A finished mock: its questions the candidate had already answered in an exam finished before
   * this one was created (practice or mock), so the score may be inflated (ADR 0021). Else empty.
   */
  seen_before: z.array(z.string()).default([]),
});
export type Exam = z.infer<typeof examSchema>;

/** Passages and figures of the exam's grouped questions (translations only after finishing). */
export const examViewSchema = z.object({ exam: examSchema, groups: z.array(questionGroupSchema) });

/** The small answer to a write: what changed, and the sections' clocks. */
export const examProgressSchema = z.object({
  id: z.string(),
  status: examStatusSchema,
  cursor: cursorSchema,
  is_auto_commit: z.boolean(),
  server_time: z.number().int(),
  sections: z.array(z.object({ index: z.number().int(), action: sectionActionSchema })),
  /** The question written to, when the call wrote one. */
  question: z
    .object({
      section_index: z.number().int(),
      question_index: z.number().int(),
      action: questionActionSchema,
      /** 练习模式: skipped (see the runtime's `skip`). */
      skip: z.boolean().default(false),
    })
    .nullable(),
});
export type ExamProgress = z.infer<typeof examProgressSchema>;

export const templateCardSchema = z.object({
  template: bookTemplateSchema,
  /** The caller's book status (NotOpen before a season set unlocks or before first opening). */
  status: bookStatusSchema,
  book_id: z.string().nullable(),
  exam_id: z.string().nullable(),
  /** Whether the caller may open it; `refusal` says why not (Chinese). */
  accessable: z.boolean(),
  refusal: z.string(),
  category: questionCategorySchema,
  result: examResultSchema.nullable(),
});
export type TemplateCard = z.infer<typeof templateCardSchema>;

export const examRecordSchema = z.object({
  exam_id: z.string(),
  book_id: z.string().nullable(),
  template_id: z.string(),
  name: z.string(),
  kind: examKindSchema,
  status: examStatusSchema,
  question_count: z.number().int(),
  answered: z.number().int(),
  created_at: z.number().int(),
  finished_at: z.number().int(),
  result: examResultSchema.nullable(),
});
export type ExamRecord = z.infer<typeof examRecordSchema>;
