// Mail's shapes (spec sections 2, 3, 4, 7; issue 18; docs/decisions/0030-mail-and-notices.md).
// A mail is one message to one user: id, race (what kind of message it is: remind, notice, chat),
// subject, content, status (Inbox = unread, Read) and a link inside the site. The page's five
// categories are views: 收件箱 inbox = my unread mail of every race, 已读 read = my read mail of every
// race, 提醒 / 通知 / 聊天 = one race, read or not.
import { z } from 'zod';

export const MailRace = { Remind: 1, Notice: 2, Chat: 3 } as const;
export type MailRace = (typeof MailRace)[keyof typeof MailRace];

export const MailStatus = { Inbox: 0, Read: 1 } as const;
export type MailStatus = (typeof MailStatus)[keyof typeof MailStatus];

/** The mail page's categories, in the order of its tabs. */
export const mailCategories = ['inbox', 'read', 'remind', 'notice', 'chat'] as const;
export type MailCategory = (typeof mailCategories)[number];
export const mailCategorySchema = z.enum(mailCategories, { error: '邮件分类不正确' });
export const mailCategoryLabel: Record<MailCategory, string> = {
  inbox: '收件箱',
  read: '已读',
  remind: '提醒',
  notice: '通知',
  chat: '聊天',
};
/** The category that lists one race. */
export const raceCategory: Record<MailRace, MailCategory> = { 1: 'remind', 2: 'notice', 3: 'chat' };

export const mailLimits = {
  subject: 100,
  content: 5000,
  link: 300,
  /** Ids per gets / mark_read call. */
  ids: 100,
  /** Users named in one notice's audience. */
  audienceUsers: 1000,
  /** A notice may be scheduled at most this far ahead. */
  scheduleDays: 90,
  pageSize: 50,
  /** How long the link of a notice e-mail opens the notice without logging in. */
  noticeLinkDays: 30,
} as const;

/** A link inside the site: a path such as /idea/issue-001 (never another origin). */
export const mailLinkSchema = z
  .string({ error: '链接不正确' })
  .trim()
  .max(mailLimits.link, { error: `链接最多 ${mailLimits.link} 个字符` })
  .refine((v) => v === '' || /^\/(?![/\\])[^\s\\\p{Cc}]*$/u.test(v), {
    error: '链接须是本站的路径，以 / 开头，例如 /word',
  });

export const mailIdSchema = z.string({ error: '请提供邮件 ID' }).regex(/^[1-9]\d{0,17}$/, { error: '邮件 ID 不正确' });

export const noticeIdSchema = z
  .string({ error: '请提供通知 ID' })
  .regex(/^[1-9]\d{0,17}$/, { error: '通知 ID 不正确' });

export const userIdSchema = z.string({ error: '请提供用户 ID' }).regex(/^[1-9]\d{0,17}$/, { error: '用户 ID 不正确' });

export const mailSchema = z.object({
  id: z.string(),
  race: z.number().int(),
  subject: z.string(),
  content: z.string(),
  status: z.number().int(),
  /** A path inside the site ('' = none). */
  link: z.string(),
  /** Set on notice mail: the notice it delivers. */
  notice_id: z.string().nullable(),
  /** Milliseconds since the epoch. */
  created_at: z.number().int(),
});
export type Mail = z.infer<typeof mailSchema>;

/** Unread mail per category (read has none). */
export const unreadCountsSchema = z.object({
  inbox: z.number().int(),
  remind: z.number().int(),
  notice: z.number().int(),
  chat: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

export const noticeAudienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }),
    z.object({
      kind: z.literal('role'),
      role_kinds: z
        .array(
          z.number({ error: '角色不正确' }).int().min(1, { error: '角色不正确' }).max(4, { error: '角色不正确' }),
          {
            error: '请选择角色',
          },
        )
        .min(1, { error: '请至少选择一个角色' })
        .max(4),
    }),
    z.object({
      kind: z.literal('users'),
      user_ids: z
        .array(userIdSchema, { error: '请填写用户 ID' })
        .min(1, { error: '请至少填写一个用户 ID' })
        .max(mailLimits.audienceUsers, { error: `一次最多发给 ${mailLimits.audienceUsers} 个用户` }),
    }),
  ],
  { error: '请选择发送对象：全部用户、角色或指定用户' },
);
export type NoticeAudience = z.infer<typeof noticeAudienceSchema>;

/** A notice's delivery: waiting for its time, being written into mailboxes, delivered. */
export const noticeStates = ['scheduled', 'delivering', 'delivered'] as const;
export const noticeStateLabel: Record<(typeof noticeStates)[number], string> = {
  scheduled: '定时待发',
  delivering: '发送中',
  delivered: '已送达',
};

export const noticeSchema = z.object({
  id: z.string(),
  subject: z.string(),
  content: z.string(),
  link: z.string(),
  /** Milliseconds since the epoch: when it is (or was) delivered. */
  send_at: z.number().int(),
  created_at: z.number().int(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** A notice as its sender sees it. */
export const sentNoticeSchema = noticeSchema.extend({
  audience: noticeAudienceSchema,
  email_copy: z.boolean(),
  state: z.enum(noticeStates),
  /** Mailboxes it reached so far. */
  delivered: z.number().int(),
});
export type SentNotice = z.infer<typeof sentNoticeSchema>;
