// The review loop's calls (spec section 7 "Craft and collect", "Review"): craft writes, the reason
// library, collect tags, the review books (tree, list), redo sets, the memory schedule and its
// settings. A user only ever reads and writes their own crafts.
import { z } from 'zod';
import {
  collectTagSchema,
  craftLimits,
  craftSchema,
  reasonLibrarySchema,
  reviewItemSchema,
  reviewScopeSchema,
  reviewTreeSchema,
} from '../craft.ts';
import { endpoint } from '../endpoint.ts';
import { questionCategorySchema } from '../enums.ts';
import { answerSchema, questionKindSchema } from '../question.ts';
import { plainText } from '../user.ts';

const questionId = z
  .string({ error: '请提供题目 ID' })
  .trim()
  .min(1, { error: '请提供题目 ID' })
  .max(80, { error: '题目 ID 不正确' })
  .regex(/^[a-z0-9][a-z0-9_.-]*$/i, { error: '题目 ID 不正确' });
const tagId = z.string({ error: '标签不正确' }).regex(/^\d{1,18}$/, { error: '标签不正确' });
const noteText = (label: string) => plainText(craftLimits.noteField, label).default('');
const questionIds = z
  .array(questionId, { error: '请选择题目' })
  .min(1, { error: '请选择题目' })
  .max(craftLimits.bulk, { error: `一次最多 ${craftLimits.bulk} 道题` });

/** Where the user met the question, as the web knows it (the server fills what it knows itself). */
const sourceInput = z
  .object({
    name: plainText(60, '来源').default(''),
    exam_id: z
      .string()
      .max(40)
      .regex(/^[0-9a-f-]*$/i, { error: '来源不正确' })
      .default(''),
    template_id: z.string().max(60).default(''),
  })
  .default({ name: '', exam_id: '', template_id: '' });

const updateCommon = { craft_id: questionId, source: sourceInput, q_category: questionCategorySchema.optional() };

export const updateCraft = endpoint({
  path: '/api/craft/update_v2',
  summary: '保存我对一道题的收藏（含标签）、笔记与错因与掌握程度、改进方案、闪卡状态或复习计划',
  access: 'user',
  errors: ['not_found', 'limit'],
  request: z.discriminatedUnion(
    'update_kind',
    [
      z.object({
        update_kind: z.literal('Collect'),
        ...updateCommon,
        craft: z.object({
          collect: z.object({
            collected: z.boolean({ error: '请指定收藏或取消收藏' }),
            collect_ids: z
              .array(tagId)
              .max(craftLimits.tagsPerQuestion, { error: `一道题最多 ${craftLimits.tagsPerQuestion} 个标签` })
              .default([]),
          }),
        }),
      }),
      z.object({
        update_kind: z.literal('Note'),
        ...updateCommon,
        craft: z.object({
          note: z.object({
            text_input: z.object({
              review: noteText('复盘'),
              difficulty: noteText('难点'),
              new_way: noteText('新思路'),
              puzzle: noteText('疑惑'),
              note: noteText('笔记'),
            }),
            review: z.object({
              mastery: z
                .number({ error: '掌握程度只能是 1–5' })
                .int({ error: '掌握程度只能是 1–5' })
                .min(0, { error: '掌握程度只能是 1–5' })
                .max(craftLimits.masteryMax, { error: '掌握程度只能是 1–5' }),
              reasons: noteText('其他原因'),
            }),
            reasons: z
              .array(
                z.object({
                  reason_id: z.string().max(40, { error: '错因不正确' }),
                  checked: z.boolean().default(true),
                }),
              )
              .max(30, { error: '错因最多 30 个' })
              .default([]),
          }),
        }),
      }),
      z.object({
        update_kind: z.literal('Improvement'),
        ...updateCommon,
        craft: z.object({ note: z.object({ review: z.object({ improvement: noteText('改进方案') }) }) }),
      }),
      z.object({
        update_kind: z.literal('Card'),
        ...updateCommon,
        craft: z.object({
          card: z.object({
            finished: z.boolean().default(false),
            collected: z.boolean({ error: '请指定收藏或取消收藏' }),
            range_kind: z.enum(['book', 'word_list', 'collect', 'wrong'], { error: '闪卡范围不正确' }).default('book'),
          }),
        }),
      }),
      z.object({
        update_kind: z.literal('Schedule'),
        ...updateCommon,
        craft: z.object({
          note: z.object({ review: z.object({ reviewed: z.boolean({ error: '请指定是否加入复习' }) }) }),
        }),
      }),
    ],
    { error: '保存类型只能是 Collect、Note、Improvement、Card 或 Schedule' },
  ),
  response: z.object({ craft: craftSchema }),
});

export const getCrafts = endpoint({
  path: '/api/craft/gets',
  summary: '我对这些题目的收藏、笔记与错题记录（没有记录的题目不返回）',
  access: 'user',
  request: z.object({ ids: questionIds }),
  response: z.object({ crafts: z.array(craftSchema) }),
});

export const collectMany = endpoint({
  path: '/api/craft/collect_many',
  summary: '批量收藏或取消收藏（可加标签）',
  access: 'user',
  errors: ['not_found', 'limit'],
  request: z.object({
    ids: questionIds,
    collected: z.boolean({ error: '请指定收藏或取消收藏' }).default(true),
    collect_ids: z.array(tagId).max(craftLimits.tagsPerQuestion).default([]),
    source: sourceInput,
  }),
  response: z.object({ crafts: z.array(craftSchema) }),
});

export const recordAnswer = endpoint({
  path: '/api/craft/record_answer',
  summary: '记录我在搜索或复习中作答的一道题：判对错，答错进错题本并排入复习',
  access: 'user',
  errors: ['not_found', 'limit', 'public_only', 'forbidden'],
  request: z.object({
    id: questionId,
    answer: answerSchema,
    used_time_seconds: z.number().int().min(0).max(36_000).default(0),
    source: sourceInput,
  }),
  response: z.object({ correct: z.boolean().nullable(), craft: craftSchema }),
});

export const getReasonLib = endpoint({
  path: '/api/craft/get_reason_lib',
  summary: '错因库：按科目分类的错因',
  access: 'user',
  request: z.object({}),
  response: reasonLibrarySchema,
});

export const getCraftSummary = endpoint({
  path: '/api/craft/get_summary',
  summary: '我的错题、收藏、笔记数与今日待复习数（个人中心与首页）',
  access: 'user',
  request: z.object({}),
  response: z.object({
    wrongs: z.number().int(),
    collects: z.number().int(),
    notes: z.number().int(),
    higher_wrongs: z.number().int(),
    higher_collects: z.number().int(),
    higher_notes: z.number().int(),
    /** On the review schedule and due by the end of today (China time). */
    due_today: z.number().int(),
    /** On the review schedule at all. */
    scheduled: z.number().int(),
    /** Desired retention of the review schedule (shared with the flash cards). */
    desired_retention: z.number(),
    remove_corrects: z.boolean(),
  }),
});

export const addCollectTag = endpoint({
  path: '/api/collect/add',
  summary: '新建收藏标签',
  access: 'user',
  backdrop: true,
  errors: ['limit'],
  request: z.object({
    name: plainText(craftLimits.tagName, '标签名').min(1, { error: '请填写标签名' }),
    desp: plainText(craftLimits.tagDesp, '标签说明').default(''),
  }),
  response: z.object({ collect: collectTagSchema }),
});

export const getCollectTags = endpoint({
  path: '/api/collect/get_all',
  summary: '我的全部收藏标签（含题数）',
  access: 'user',
  request: z.object({}),
  response: z.object({ collects: z.array(collectTagSchema) }),
});

export const deleteCollectTag = endpoint({
  path: '/api/collect/delete',
  summary: '删除收藏标签（题目仍在收藏里，只去掉这个标签）',
  access: 'user',
  errors: ['not_found'],
  request: z.object({ id: tagId }),
  response: z.object({ id: z.string() }),
});

const reviewFilter = {
  scope: reviewScopeSchema,
  /** The advanced bank's books (personal/higher_*). */
  higher: z.boolean().default(false),
};

export const getReviewTree = endpoint({
  path: '/api/review/get_tree',
  summary: '错题本、收藏或笔记的目录：科目 → 题型 → 知识点，含题数，以及标签、掌握程度、错因、来源的分布',
  access: 'user',
  errors: ['forbidden'],
  request: z.object(reviewFilter),
  response: reviewTreeSchema,
});

export const reviewListRequest = z.object({
  ...reviewFilter,
  category: questionCategorySchema.optional(),
  kind: questionKindSchema.optional(),
  /** A knowledge-point tag. */
  tag_id: z.string().max(40).optional(),
  /** A collect tag of the caller. */
  collect_id: tagId.optional(),
  mastery: z.number().int().min(0).max(5, { error: '掌握程度只能是 1–5' }).optional(),
  reason_id: z.string().max(40).optional(),
  source: z.string().max(60).optional(),
  /** Changed on or after / before this China date (YYYY-MM-DD). */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为 YYYY-MM-DD' })
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为 YYYY-MM-DD' })
    .optional(),
  /** Only those due for review by the end of today. */
  due: z.boolean().default(false),
  page: z.number({ error: '页码不正确' }).int().min(1, { error: '页码不正确' }).max(10_000).default(1),
  page_size: z.number().int().min(1).max(100, { error: '每页最多 100 条' }).default(20),
});
export type ReviewListRequest = z.input<typeof reviewListRequest>;

export const listReview = endpoint({
  path: '/api/review/list',
  summary: '错题本、收藏或笔记的题目列表：按科目、题型、知识点、标签、掌握程度、错因、日期、来源筛选，分页',
  access: 'user',
  errors: ['forbidden', 'not_found'],
  request: reviewListRequest,
  response: z.object({
    page_control: z.object({ page: z.number().int(), page_size: z.number().int(), total: z.number().int() }),
    items: z.array(reviewItemSchema),
    /** Every question id matching the filter (at most 500), for bulk actions on the whole selection. */
    all_ids: z.array(z.string()),
  }),
});

export const createRedo = endpoint({
  path: '/api/review/create_redo',
  summary: '错题重做：把选中的题目组成一套练习（结果记回错题本与复习计划）',
  access: 'user',
  backdrop: true,
  errors: ['not_found', 'limit', 'day_overflow', 'role_overflow'],
  request: z.object({
    ids: questionIds,
    name: plainText(40, '练习名称').default('错题重做'),
    practice_mode: z.boolean().default(true),
  }),
  response: z.object({ exam_id: z.string(), question_count: z.number().int() }),
});

export const getDue = endpoint({
  path: '/api/review/get_due',
  summary: '今日待复习的题目（按到期先后，最多 50 道）',
  access: 'user',
  request: z.object({}),
  response: z.object({ count: z.number().int(), ids: z.array(z.string()) }),
});

export const getReviewTrends = endpoint({
  path: '/api/review/get_trends',
  summary: '错因趋势：每周错因次数、各题型错因、掌握程度分布',
  access: 'user',
  request: z.object({ weeks: z.number().int().min(2).max(52, { error: '最多 52 周' }).default(12) }),
  response: z.object({
    /** Monday (China date) of each week, oldest first. */
    weeks: z.array(z.string()),
    /** Per reason kind: wrong answers per week (aligned with `weeks`); kind `none` = no reason ticked yet. */
    by_week: z.array(z.object({ kind: z.string(), kind_desp: z.string(), counts: z.array(z.number().int()) })),
    /** Per question kind: wrong answers and reasons ticked. */
    by_kind: z.array(
      z.object({
        kind: questionKindSchema,
        wrongs: z.number().int(),
        reasons: z.array(z.object({ reason_id: z.string(), count: z.number().int() })),
      }),
    ),
    /** Counts per mastery level 0–5 over every noted or wrong question. */
    mastery: z.array(z.number().int()),
  }),
});

export const updateReviewSettings = endpoint({
  path: '/api/review/update_settings',
  summary: '复习设置：答对后移出错题本、复习的目标记忆保持率（与闪卡共用）',
  access: 'user',
  request: z.object({
    remove_corrects: z.boolean({ error: '请指定是否移出答对的题' }).optional(),
    desired_retention: z
      .number({ error: '目标保持率应在 0.70–0.97 之间' })
      .min(0.7, { error: '目标保持率应在 0.70–0.97 之间' })
      .max(0.97, { error: '目标保持率应在 0.70–0.97 之间' })
      .optional(),
  }),
  response: z.object({ remove_corrects: z.boolean(), desired_retention: z.number() }),
});
