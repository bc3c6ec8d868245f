// Mail and notices (issue 18, docs/decisions/0030-mail-and-notices.md): my mail by category with
// unread counts, mark read, read by ids; staff send notices (now or scheduled, optionally by e-mail);
// a notice opened from its e-mail link without logging in; the e-mail's unsubscribe link.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  mailCategorySchema,
  mailIdSchema,
  mailLimits,
  mailLinkSchema,
  mailSchema,
  noticeAudienceSchema,
  noticeIdSchema,
  noticeSchema,
  sentNoticeSchema,
  unreadCountsSchema,
  userIdSchema,
} from '../mail.ts';

const mailIds = z
  .array(mailIdSchema, { error: '请提供邮件 ID 列表' })
  .min(1, { error: '请至少选择一封邮件' })
  .max(mailLimits.ids, { error: `一次最多 ${mailLimits.ids} 封` });

const page = z.number({ error: '页码不正确' }).int().min(1, { error: '页码不正确' }).max(10_000).default(1);
const pageSize = z
  .number({ error: '每页条数不正确' })
  .int()
  .min(1, { error: '每页条数不正确' })
  .max(mailLimits.pageSize, { error: `每页最多 ${mailLimits.pageSize} 条` })
  .default(20);

/** The signed part of a notice or unsubscribe link (ADR 0030): expiry and MAC, base64url. */
const linkToken = z
  .string({ error: '链接无效' })
  .max(200, { error: '链接无效' })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: '链接无效' });

export const getInbox = endpoint({
  path: '/api/mail/inbox/get',
  summary: '我的邮件：按分类（收件箱=未读、已读、提醒、通知、聊天），新的在前，分页；附各分类未读数',
  access: 'user',
  frozenAllowed: true,
  request: z.object({ category: mailCategorySchema, page, page_size: pageSize }),
  response: z.object({
    page_control: z.object({ page: z.number().int(), page_size: z.number().int(), total: z.number().int() }),
    mails: z.array(mailSchema),
    unread: unreadCountsSchema,
  }),
});

export const markRead = endpoint({
  path: '/api/mail/inbox/mark_read',
  summary: '标为已读：指定的邮件（只能是自己的），或一个分类的全部（收件箱=全部未读）',
  access: 'user',
  frozenAllowed: true,
  errors: ['not_found'],
  request: z
    .object({
      mail_ids: mailIds.optional(),
      category: z
        .enum(['inbox', 'remind', 'notice', 'chat'], { error: '只能把收件箱、提醒、通知或聊天全部标为已读' })
        .optional(),
    })
    .refine((b) => (b.mail_ids === undefined) !== (b.category === undefined), {
      error: '请提供要标为已读的邮件 ID 列表（mail_ids）或分类（category），二者选一',
    }),
  response: z.object({ marked: z.number().int(), unread: unreadCountsSchema }),
});

export const getMails = endpoint({
  path: '/api/mail/gets',
  summary: '按 ID 读取我的邮件（别人的邮件不会返回）',
  access: 'user',
  frozenAllowed: true,
  request: z.object({ mail_ids: mailIds }),
  response: z.object({ mails: z.array(mailSchema) }),
});

export const sendNotice = endpoint({
  path: '/api/mail/send_notice',
  summary: '发送站内通知（管理员、运营）：全部用户、某些角色或指定用户；可定时；可同时发邮件',
  access: 'operator',
  errors: ['bad_request'],
  request: z.object({
    subject: z
      .string({ error: '请填写标题' })
      .trim()
      .min(1, { error: '请填写标题' })
      .max(mailLimits.subject, { error: `标题最多 ${mailLimits.subject} 个字` }),
    content: z
      .string({ error: '请填写内容' })
      .trim()
      .min(1, { error: '请填写内容' })
      .max(mailLimits.content, { error: `内容最多 ${mailLimits.content} 个字` }),
    link: mailLinkSchema.default(''),
    audience: noticeAudienceSchema,
    /** Milliseconds since the epoch; absent = now. */
    send_at: z.number({ error: '定时发送时间不正确' }).int({ error: '定时发送时间不正确' }).positive().optional(),
    email_copy: z.boolean({ error: '是否同时发邮件须为 true 或 false' }).default(false),
  }),
  response: sentNoticeSchema,
});

export const listNotices = endpoint({
  path: '/api/mail/list_notices',
  summary: '已发和定时的通知（管理员、运营），新的在前，附送达数',
  access: 'operator',
  request: z.object({ page, page_size: pageSize }),
  response: z.object({
    page_control: z.object({ page: z.number().int(), page_size: z.number().int(), total: z.number().int() }),
    notices: z.array(sentNoticeSchema),
  }),
});

const myNoticeSchema = noticeSchema.extend({ mail_id: z.string(), status: z.number().int() });

export const getNotice = endpoint({
  path: '/api/mail/get_notice',
  summary: '我收到的通知：指定的一条，或最新的几条（可只要未读的，首页用）',
  access: 'user',
  frozenAllowed: true,
  errors: ['not_found'],
  request: z.object({
    notice_id: noticeIdSchema.optional(),
    unread_only: z.boolean({ error: 'unread_only 须为 true 或 false' }).default(false),
    limit: z
      .number({ error: '条数不正确' })
      .int()
      .min(1, { error: '条数不正确' })
      .max(20, { error: '最多 20 条' })
      .default(5),
  }),
  response: z.object({ notices: z.array(myNoticeSchema) }),
});

export const openNotice = endpoint({
  path: '/api/mail/open_notice',
  summary: '从通知邮件的链接打开一条通知（无需登录；链接签名绑定用户和通知，30 天内有效）',
  access: 'anonymous',
  errors: ['forbidden', 'not_found'],
  rateLimit: { max: 60, timeWindowMs: 60_000 },
  request: z.object({ user_id: userIdSchema, notice_id: noticeIdSchema, token: linkToken }),
  response: z.object({ notice: noticeSchema, user_name: z.string() }),
});

export const unsubscribe = endpoint({
  path: '/api/mail/unsubscribe',
  summary: '退订通知邮件（邮件中的退订链接，无需登录；站内通知照常）',
  access: 'anonymous',
  errors: ['forbidden'],
  rateLimit: { max: 30, timeWindowMs: 60_000 },
  request: z.object({ user_id: userIdSchema, token: linkToken }),
  response: z.object({ unsubscribed: z.literal(true) }),
});

/** Whether notice e-mails reach me: the personal page's setting (the e-mail's 退订 link turns it off). */
export const emailNoticesSchema = z.object({ email_notices: z.boolean() });

export const getEmailNotices = endpoint({
  path: '/api/mail/get_email_notices',
  summary: '我是否接收通知邮件（邮件中的退订链接会关闭它）',
  access: 'user',
  frozenAllowed: true,
  errors: ['not_found'],
  request: z.object({}),
  response: emailNoticesSchema,
});

export const setEmailNotices = endpoint({
  path: '/api/mail/set_email_notices',
  summary: '开启或关闭通知邮件（退订后在个人中心重新订阅）；站内通知不受影响',
  access: 'user',
  frozenAllowed: true,
  errors: ['not_found'],
  request: z.object({ email_notices: z.boolean({ error: '请说明是否接收通知邮件' }) }),
  response: emailNoticesSchema,
});
