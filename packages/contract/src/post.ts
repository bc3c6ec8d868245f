// Discussions under questions (issue 18, docs/decisions/0037-discussions.md). A question's topic has
// one Post (created on its first comment); the post's root_comment stands for the thread, its
// replies are the page of top-level comments, and each of those carries its first replies. A comment
// is held (Uploading, 审核中) when it matches the sensitive-word list or when enough users report it:
// then only its author and the teachers see it until a teacher approves (Reviewed) or rejects it
// (Rejected). An anonymous comment shows 匿名用户 and no user id to everyone but staff.
import { z } from 'zod';
import { imageUrl, uploadIdSchema } from './endpoints/upload.ts';
import { plainText } from './user.ts';

export const CommentKind = { Topic: 0, Comment: 1, Reply: 2 } as const;
export type CommentKind = (typeof CommentKind)[keyof typeof CommentKind];

export const ReviewStatus = { Uploading: 0, Reviewed: 1, Rejected: 2 } as const;
export type ReviewStatus = (typeof ReviewStatus)[keyof typeof ReviewStatus];
export const reviewStatusLabel: Record<ReviewStatus, string> = { 0: '审核中', 1: '已通过', 2: '未通过' };

/** What an anonymous author is called for everyone but staff. */
export const anonymousName = '匿名用户';

export const postLimits = {
  /** Characters of a comment or reply. */
  content: 1000,
  /** Top-level comments per page, replies per page. */
  pageSize: 50,
  /** Replies shown under each comment of a page (the rest: 展开更多回复). */
  repliesPreview: 3,
  /** Comments and replies one user may write per minute, and per hour. */
  perMinute: 5,
  perHour: 30,
  /** Reports (by different users) that hold a comment for review. */
  reportsToHold: 3,
  reportDetail: 200,
  reviewPageSize: 50,
  /** Images one comment may carry (uploaded through the upload-image dialog, purpose 'post'). */
  images: 4,
  /** Characters of an image's description (its alt text). */
  imageAlt: 100,
} as const;

export const reportReasons = ['abuse', 'ads', 'spoiler', 'off_topic', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportReasonLabel: Record<ReportReason, string> = {
  abuse: '辱骂、人身攻击',
  ads: '广告、引流',
  spoiler: '泄露考试题目或答案',
  off_topic: '与题目无关',
  other: '其他',
};

export const postSorts = ['new', 'hot'] as const;
export const postSortLabel: Record<(typeof postSorts)[number], string> = { new: '最新', hot: '最热' };

/** Every refusal of the discussion endpoints, worded once. */
export const postRefusals = {
  running: '这道题在你正在进行的考试中，考完后才能查看和参与讨论',
  noQuestion: '题目不存在或已下线',
  mockOnly: '这道题只在模考中出现，不开放讨论',
  noComment: '评论不存在或已删除',
  notMine: '只能删除自己的评论',
  perMinute: `发言太频繁：每分钟最多 ${postLimits.perMinute} 条，请稍后再试`,
  perHour: `发言太频繁：每小时最多 ${postLimits.perHour} 条，请稍后再试`,
  ownReport: '不能举报自己的评论',
  reported: '你已举报过这条评论，我们会尽快处理',
  replyHeld: '这条评论还在审核中，暂时不能回复',
  notHeld: '这条评论不在待审核状态',
  notMyImage: '图片不存在或不是你上传的，请重新上传',
} as const;

/** Said to the writer of a comment with images: every picture is looked at before others see it. */
export const imageHeldNotice = '带图片的评论需老师审核后才会公开';

export const commentIdSchema = z
  .string({ error: '请提供评论 ID' })
  .regex(/^[1-9]\d{0,17}$/, { error: '评论 ID 不正确' });

export const topicIdSchema = z
  .string({ error: '请提供题目 ID' })
  .trim()
  .min(1, { error: '请提供题目 ID' })
  .max(80, { error: '题目 ID 不正确' })
  .regex(/^[a-z0-9][a-z0-9_.-]*$/i, { error: '题目 ID 不正确' });

export const commentContentSchema = plainText(postLimits.content, '评论').pipe(
  z.string().min(1, { error: '请输入评论内容' }),
);

/** An image attached to a comment: an upload of the writer (purpose 'post') and what it shows. */
export const commentImageInputSchema = z.object(
  {
    id: uploadIdSchema,
    alt: plainText(postLimits.imageAlt, '图片说明').default(''),
  },
  { error: '图片不正确' },
);

export const commentImagesSchema = z
  .array(commentImageInputSchema, { error: '图片不正确' })
  .max(postLimits.images, { error: `每条评论最多 ${postLimits.images} 张图片` })
  .refine((a) => new Set(a.map((i) => i.id)).size === a.length, { error: '同一张图片只能添加一次' })
  .default([]);

/** What a shown image's alt text says when its writer gave none. */
export const imageAltText = (alt: string, n: number) => alt || `评论配图 ${n}`;

export const commentImageSchema = z.object({
  id: z.string(),
  /** /media/images/<id> (imageUrl); a held or rejected comment's: signed, expiring (?e=…&s=…). */
  url: z.string(),
  /** The writer's description, or 评论配图 n: never empty. */
  alt: z.string(),
});
export type CommentImage = z.infer<typeof commentImageSchema>;
/** `url`: the public address, or a signed one for a held or rejected comment's reader (its author, staff). */
export const commentImage = (i: { id: string; alt: string }, n: number, url = imageUrl(i.id)): CommentImage => ({
  id: i.id,
  url,
  alt: imageAltText(i.alt, n),
});

/** A page's position: opaque to the web (keyset: the last row's sort values). */
export const cursorSchema = z
  .string({ error: '分页位置不正确' })
  .max(60, { error: '分页位置不正确' })
  .regex(/^[0-9:]*$/, { error: '分页位置不正确' });

const commentBase = z.object({
  id: z.string(),
  kind: z.number().int(),
  /** The topic (question) id. */
  topic_id: z.string(),
  /** Null for an anonymous author, except to staff. */
  user_id: z.string().nullable(),
  /** 匿名用户 for an anonymous author, except to staff. */
  nick_name: z.string(),
  content: z.string(),
  /** Pictures, in the writer's order. */
  images: z.array(commentImageSchema),
  like_count: z.number().int(),
  liked: z.boolean(),
  anonymous: z.boolean(),
  review_status: z.number().int(),
  /** The caller wrote it (may delete it). */
  mine: z.boolean(),
  /** A reply: the comment it answers and that comment's shown name. */
  parent_id: z.string().nullable(),
  reply_to: z.string(),
  /** Milliseconds since the epoch. */
  created_at: z.number().int(),
});

export const replySchema = commentBase;
export type Reply = z.infer<typeof replySchema>;

export const commentSchema = commentBase.extend({
  /** The first replies (oldest first); reply_count says how many there are. */
  replies: z.array(replySchema),
  reply_count: z.number().int(),
});
export type Comment = z.infer<typeof commentSchema>;

export const rootCommentSchema = commentBase.extend({ replies: z.array(commentSchema) });

export const postSchema = z.object({
  id: z.string(),
  topic_id: z.string(),
  subject: z.object({ title: z.string(), detail: z.string() }),
  /** The thread: its replies are this page of top-level comments. */
  root_comment: rootCommentSchema,
  /** Visible comments and replies. */
  comment_count: z.number().int(),
  subscribed: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

/** A held or reported comment in the teachers' queue. */
export const reviewItemSchema = commentBase.extend({
  report_count: z.number().int(),
  /** Why it was held: the matched words, and the report reasons. */
  matched: z.array(z.string()),
  reasons: z.array(z.string()),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
