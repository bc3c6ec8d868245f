// The question bank: one question (with its passage or figure), batches, tags and search.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { QuestionCategory, questionCategorySchema } from '../enums.ts';
import { questionGroupSchema, questionInfoSchema, questionKindSchema, questionSchema, tagSchema } from '../question.ts';

const questionIdSchema = z
  .string({ error: '请提供题目 ID' })
  .trim()
  .min(1, { error: '请提供题目 ID' })
  .max(80, { error: '题目 ID 不正确' })
  .regex(/^[a-z0-9][a-z0-9_.-]*$/i, { error: '题目 ID 不正确' });

export const getQuestion = endpoint({
  path: '/api/question/get',
  summary: '打开一道题（含文章或图表）；答案与解析只给有权查看的用户',
  access: 'optional',
  errors: ['not_found', 'limit', 'public_only'],
  request: z.object({ id: questionIdSchema }),
  response: z.object({ question: questionSchema, group: questionGroupSchema.nullable() }),
});

export const getQuestions = endpoint({
  path: '/api/question/gets',
  summary: '批量打开题目（最多 50 道），无权查看的题目只给概要',
  access: 'user',
  request: z.object({
    ids: z.array(questionIdSchema).min(1, { error: '请提供题目 ID' }).max(50, { error: '一次最多 50 道题' }),
  }),
  response: z.object({ questions: z.array(questionSchema), groups: z.array(questionGroupSchema) }),
});

export const getTags = endpoint({
  path: '/api/question/get_tags',
  summary: '知识点标签与题源（可按科目筛选），含题目数',
  access: 'optional',
  request: z.object({ category: questionCategorySchema.default(QuestionCategory.None) }),
  response: z.object({
    tags: z.array(tagSchema),
    sources: z.array(z.object({ name: z.string(), category: questionCategorySchema, count: z.number().int() })),
  }),
});

export const searchQuestions = endpoint({
  path: '/api/question/search',
  summary: '搜索题目：中英文关键词，按科目、题型、难度、知识点筛选，分页',
  access: 'optional',
  request: z.object({
    text: z.string().trim().max(100, { error: '搜索词最多 100 个字' }).default(''),
    category: questionCategorySchema.default(QuestionCategory.None),
    kinds: z.array(questionKindSchema).max(20).default([]),
    difficulties: z.array(z.number().int().min(1).max(3)).max(3).default([]),
    tag_ids: z.array(z.string().max(40)).max(20).default([]),
    /** Source names (题源), as listed by get_tags' `sources`. */
    source_names: z.array(z.string().max(60)).max(20).default([]),
    /** Only questions the caller may open. */
    only_accessible: z.boolean().default(false),
    page: z.number({ error: '页码不正确' }).int().min(1, { error: '页码不正确' }).max(10_000).default(1),
    page_size: z.number().int().min(1).max(50, { error: '每页最多 50 条' }).default(20),
  }),
  response: z.object({
    page_control: z.object({ page: z.number().int(), page_size: z.number().int(), total: z.number().int() }),
    question_infos: z.array(questionInfoSchema),
  }),
});
