// Issue essays: submit one from the idea page, read one (or an exam's), list mine, retry a failed
// grading. Grading runs on the job queue; the web polls `get` while an essay is Judging.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { essayMaxLength, essaySchema } from '../essay.ts';

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
