// Issue essays: submit one from the idea page, read one (or an exam's), list mine, retry a failed
// grading. Grading runs on the job queue; the web polls `get` while an essay is Judging.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { issueResultStatusSchema } from '../enums.ts';
import { essayMaxLength, essaySchema, essayTraitKeys } from '../essay.ts';

const idSchema = (what: string) =>
  z
    .string({ error: `请提供${what}` })
    .trim()
    .min(1, { error: `请提供${what}` })
    .max(80, { error: `${what}不正确` })
    .regex(/^[a-z0-9][a-z0-9_.:-]*$/i, { error: `${what}不正确` });

export const submitEssay = endpoint({
  path: '/api/essay/submit',
  summary: '提交一篇 Issue 作文批改（立意页）：扣一次作文批改额度，进入批改中',
  access: 'user',
  errors: ['not_found', 'limit', 'public_only', 'day_overflow', 'role_overflow'],
  request: z.object({
    question_id: idSchema('题目 ID'),
    text: z
      .string({ error: '请提供作文内容' })
      .max(essayMaxLength, { error: `作文最多 ${essayMaxLength} 个字符` })
      .refine((t) => t.trim().length > 0, { error: '作文内容为空，请先写作再提交' }),
  }),
  response: essaySchema,
});

export const getEssay = endpoint({
  path: '/api/essay/get',
  summary: '读取我的一篇作文及其批改状态、分数、排名和评语',
  access: 'user',
  errors: ['not_found'],
  request: z.object({ essay_id: idSchema('作文 ID') }),
  response: essaySchema,
});

export const listEssays = endpoint({
  path: '/api/essay/list',
  summary: '我的作文（可按题目筛选），新的在前，分页',
  access: 'user',
  request: z.object({
    question_id: idSchema('题目 ID').optional(),
    page: z.number({ error: '页码不正确' }).int().min(1, { error: '页码不正确' }).max(10_000).default(1),
    page_size: z
      .number({ error: '每页条数不正确' })
      .int()
      .min(1, { error: '每页条数不正确' })
      .max(50, { error: '每页最多 50 条' })
      .default(20),
  }),
  response: z.object({
    page_control: z.object({ page: z.number().int(), page_size: z.number().int(), total: z.number().int() }),
    essays: z.array(essaySchema),
  }),
});

export const getExamEssays = endpoint({
  path: '/api/essay/get_by_exam',
  summary: '某次考试的作文（Issue 部分提交后出现）',
  access: 'user',
  errors: ['not_found'],
  request: z.object({ exam_id: idSchema('考试 ID') }),
  response: z.object({ essays: z.array(essaySchema) }),
});

export const retryEssay = endpoint({
  path: '/api/essay/retry',
  summary: '重新批改一篇批改失败的作文（已扣过额度的不再扣）',
  access: 'user',
  errors: ['not_found', 'day_overflow', 'role_overflow'],
  request: z.object({ essay_id: idSchema('作文 ID') }),
  response: essaySchema,
});

// The teacher grading queue (issue 17; ADR 0032). Access 'teacher': teachers and admins.

const teacherSourceSchema = z.enum(['builtin', 'model', 'all'], { error: '评分来源不正确' });

/** A teacher's score: 0–6 in half points. */
const teacherScoreSchema = z
  .number({ error: '请给出 0–6 分的评分' })
  .min(0, { error: '评分须在 0–6 分之间' })
  .max(6, { error: '评分须在 0–6 分之间' })
  .refine((s) => Number.isInteger(s * 2), { error: '评分须以 0.5 分为单位' });

const teacherCommentMaxLength = 2000;
const teacherText = (what: string) =>
  z
    .string({ error: `${what}不正确` })
    .trim()
    .max(teacherCommentMaxLength, { error: `${what}最多 ${teacherCommentMaxLength} 个字符` });

const teacherCommentSchema = z.object(
  {
    overall: teacherText('总评').min(1, { error: '请填写总评' }),
    traits: z
      .array(
        z.object({
          key: z.enum(essayTraitKeys, { error: '评语维度不正确' }),
          comment: teacherText('分项评语'),
        }),
        { error: '分项评语不正确' },
      )
      .max(essayTraitKeys.length, { error: '分项评语不正确' })
      .refine((ts) => new Set(ts.map((t) => t.key)).size === ts.length, { error: '每个维度只能写一条评语' }),
  },
  { error: '请填写评语' },
);

export const teacherQueueItemSchema = z.object({
  id: z.string(),
  question_id: z.string(),
  /** The prompt's first words (the whole prompt is in teacher_get). */
  prompt_title: z.string(),
  status: issueResultStatusSchema,
  /** Unix ms. */
  created_at: z.number().int(),
  word_count: z.number().int(),
  score: z.number().nullable(),
  grader: z.string(),
  grader_label: z.string(),
  teacher_score: z.number().nullable(),
  teacher_graded_at: z.number().int(),
});
export type TeacherQueueItem = z.infer<typeof teacherQueueItemSchema>;

export const teacherQueuePageSize = 20;

export const teacherQueue = endpoint({
  path: '/api/essay/teacher_queue',
  summary: '老师：待批改的 Issue 作文，最早提交的在前（可按题目、机器评分来源、是否已批改筛选），分页',
  access: 'teacher',
  request: z.object({
    prompt_id: idSchema('题目 ID').optional(),
    source: teacherSourceSchema.default('all'),
    graded: z.boolean({ error: '是否已批改须为 true 或 false' }).default(false),
    page: z
      .number({ error: '页码不正确' })
      .int({ error: '页码不正确' })
      .min(1, { error: '页码不正确' })
      .max(10_000, { error: '页码不正确' })
      .default(1),
  }),
  response: z.object({
    page_control: z.object({ page: z.number().int(), page_size: z.number().int(), total: z.number().int() }),
    essays: z.array(teacherQueueItemSchema),
    /** The Issue prompts that have essays (the prompt filter's options). */
    prompts: z.array(z.object({ id: z.string(), title: z.string() })),
  }),
});

const teacherPromptSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The prompt in full. */
  stem: z.string(),
  instructions: z.string(),
});

export const teacherGetEssay = endpoint({
  path: '/api/essay/teacher_get',
  summary: '老师：读取一篇作文、题目、机器评分与评语，以及已有的老师批改',
  access: 'teacher',
  errors: ['not_found'],
  request: z.object({ id: idSchema('作文 ID') }),
  response: z.object({
    essay: essaySchema,
    prompt: teacherPromptSchema,
    /**
     * The built-in scorer's score beside a model's grade: present when the stored machine grade is a
     * model's (grader `model:<name>`), computed for the teacher on the spot; null otherwise (the stored
     * grade is then the built-in one, or there is none).
     */
    builtin: z.object({ score: z.number(), grader_label: z.string(), overall: z.string() }).nullable(),
  }),
});

export const teacherGradeEssay = endpoint({
  path: '/api/essay/teacher_grade',
  summary: '老师：给一篇作文评分（0–6 分，0.5 分为单位）并写总评与分项评语，保存在机器评分旁边',
  access: 'teacher',
  errors: ['not_found'],
  request: z.object({ id: idSchema('作文 ID'), score: teacherScoreSchema, comment: teacherCommentSchema }),
  response: essaySchema,
});
