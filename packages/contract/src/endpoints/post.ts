// Discussions under questions (issue 18, docs/decisions/0037-discussions.md): read a question's
// discussion (newest or most-liked first, keyset pages; replies paged under their comment), comment,
// reply, like, subscribe, report, delete my comment; teachers review held comments.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  commentContentSchema,
  commentIdSchema,
  commentImagesSchema,
  commentSchema,
  cursorSchema,
  postLimits,
  postSchema,
  postSorts,
  replySchema,
  reportReasons,
  reviewItemSchema,
  topicIdSchema,
} from '../post.ts';
import { plainText } from '../user.ts';

const pageSize = z
  .number({ error: '每页条数不正确' })
  .int({ error: '每页条数不正确' })
  .min(1, { error: '每页条数不正确' })
  .max(postLimits.pageSize, { error: `每页最多 ${postLimits.pageSize} 条` })
  .default(20);

const topicErrors = ['not_found', 'forbidden', 'limit', 'public_only'] as const;

export const getPost = endpoint({
  path: '/api/post/get',
  summary: '一道题的讨论：评论按最新或最热排序，分页（cursor），每条附前几条回复；我的待审核评论在第一页最前',
  access: 'user',
  frozenAllowed: true,
  errors: [...topicErrors],
  request: z.object({
    topic_id: topicIdSchema,
    sort: z.enum(postSorts, { error: '排序方式不正确' }).default('new'),
    cursor: cursorSchema.default(''),
    page_size: pageSize,
  }),
  response: z.object({ post: postSchema, next_cursor: z.string().nullable() }),
});

export const getReplies = endpoint({
  path: '/api/post/get_replies',
  summary: '一条评论的回复，早的在前，分页（cursor）',
  access: 'user',
  frozenAllowed: true,
  errors: [...topicErrors],
  request: z.object({ comment_id: commentIdSchema, cursor: cursorSchema.default(''), page_size: pageSize }),
  response: z.object({ replies: z.array(replySchema), next_cursor: z.string().nullable() }),
});

export const createComment = endpoint({
  path: '/api/comment/create',
  summary:
    '评论一道题，或回复一条评论（parent_id）；可匿名；可附自己上传的图片（images）；含敏感词或图片的评论先审核；限频',
  access: 'user',
  errors: [...topicErrors, 'rate_limited'],
  request: z.object({
    topic_id: topicIdSchema,
    parent_id: commentIdSchema.optional(),
    content: commentContentSchema,
    anonymous: z.boolean({ error: '匿名须为 true 或 false' }).default(false),
    /** Uploads of the caller (purpose 'post'); a comment with images is held for review. */
    images: commentImagesSchema,
  }),
  response: z.object({ comment: commentSchema }),
});

export const likeComment = endpoint({
  path: '/api/comment/like',
  summary: '点赞或取消点赞（重复调用结果相同）',
  access: 'user',
  errors: [...topicErrors],
  request: z.object({ comment_id: commentIdSchema, liked: z.boolean({ error: '请说明点赞或取消' }) }),
  response: z.object({ comment_id: z.string(), liked: z.boolean(), like_count: z.number().int() }),
});

export const subscribePost = endpoint({
  path: '/api/post/subscribe',
  summary: '订阅或取消订阅一道题的讨论：新评论和回复以提醒邮件送达',
  access: 'user',
  errors: [...topicErrors],
  request: z.object({ topic_id: topicIdSchema, subscribed: z.boolean({ error: '请说明订阅或取消' }) }),
  response: z.object({ topic_id: z.string(), subscribed: z.boolean() }),
});

export const reportComment = endpoint({
  path: '/api/comment/report',
  summary: `举报一条评论（每人每条一次）；${postLimits.reportsToHold} 人举报后转入审核`,
  access: 'user',
  errors: [...topicErrors, 'invalid_param'],
  request: z.object({
    comment_id: commentIdSchema,
    reason: z.enum(reportReasons, { error: '请选择举报原因' }),
    detail: plainText(postLimits.reportDetail, '举报说明').default(''),
  }),
  response: z.object({ reported: z.literal(true) }),
});

export const deleteComment = endpoint({
  path: '/api/comment/delete',
  summary: '删除自己的评论（连同它下面的回复一起不再显示）',
  access: 'user',
  errors: ['not_found', 'forbidden'],
  request: z.object({ comment_id: commentIdSchema }),
  response: z.object({ deleted: z.literal(true) }),
});

export const reviewQueue = endpoint({
  path: '/api/comment/review_list',
  summary: '评论审核（教师、管理员）：待审核的评论，早的在前，附命中的敏感词和举报原因',
  access: 'teacher',
  request: z.object({
    cursor: cursorSchema.default(''),
    page_size: z
      .number({ error: '每页条数不正确' })
      .int({ error: '每页条数不正确' })
      .min(1, { error: '每页条数不正确' })
      .max(postLimits.reviewPageSize, { error: `每页最多 ${postLimits.reviewPageSize} 条` })
      .default(20),
  }),
  response: z.object({
    comments: z.array(reviewItemSchema),
    next_cursor: z.string().nullable(),
    total: z.number().int(),
  }),
});

export const reviewComment = endpoint({
  path: '/api/comment/review',
  summary: '审核一条待审核的评论（教师、管理员）：通过或不通过；记入员工操作记录',
  access: 'teacher',
  errors: ['not_found', 'invalid_param'],
  request: z.object({
    comment_id: commentIdSchema,
    decision: z.enum(['approve', 'reject'], { error: '请选择通过或不通过' }),
  }),
  response: z.object({ comment: reviewItemSchema }),
});
