// The chat dialog (spec "chat dialog"; issue 18; docs/decisions/0038-live-chat.md): a candidate writes
// to the teachers about a question or the site; teachers (and admins) answer from one shared queue.
// One conversation per candidate and topic; its messages have ascending ids. Live delivery is a
// server-sent event stream (GET /api/chat/stream, chatStreamPath); what a client missed it fetches
// with the id it saw last.
import { z } from 'zod';

export const chatLimits = {
  /** Characters per message. */
  content: 1000,
  /** Messages one user may send per minute (candidates and staff alike). */
  perMinute: 10,
  /** Messages per fetch (messages, the stream's catch-up). */
  page: 200,
  /** Conversations per list or queue answer. */
  conversations: 100,
} as const;

/** The live stream: GET, `Authorization: Bearer`, `?after=<last message id seen>`. */
export const chatStreamPath = '/api/chat/stream';

/** What a conversation is about: a question's id, or 'site' (the website, an account, anything else). */
export const chatTopicSchema = z
  .string({ error: '请说明咨询的题目或选择「网站使用」' })
  .regex(/^(site|[A-Za-z0-9][A-Za-z0-9_-]{0,63})$/, { error: '咨询主题不正确' });

export const chatIdSchema = z.string({ error: '请提供会话 ID' }).regex(/^[1-9]\d{0,17}$/, { error: '会话 ID 不正确' });
export const chatMessageIdSchema = z
  .string({ error: '请提供消息 ID' })
  .regex(/^(0|[1-9]\d{0,17})$/, { error: '消息 ID 不正确' });

export const chatContentSchema = z
  .string({ error: '请输入消息内容' })
  .trim()
  .min(1, { error: '请输入消息内容' })
  .max(chatLimits.content, { error: `消息最多 ${chatLimits.content} 个字` });

/** The refusals of the chat endpoints, in one place (the server throws them, the web shows them). */
export const chatRefusals = {
  notFound: '会话不存在',
  closed: '这个会话已结束；同学再次提问时会重新打开',
  rateLimited: `发送太频繁，每分钟最多 ${chatLimits.perMinute} 条，请稍后再试`,
  unknownQuestion: '没有找到这道题，请从题目页面发起咨询',
  runningExam: '考试进行中，不能咨询本场考试的题目；交卷后再问老师吧',
  staffNeedsConversation: '老师回复时请指定会话',
  notStaffConversation: '只能回复同学发起的会话',
} as const;

export const chatMessageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  /** A teacher's or admin's answer (false: the candidate's own words). */
  from_staff: z.boolean(),
  author_name: z.string(),
  content: z.string(),
  /** Milliseconds since the epoch. */
  created_at: z.number().int(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationSchema = z.object({
  id: z.string(),
  /** The candidate who opened it. */
  user_id: z.string(),
  user_name: z.string(),
  topic: z.string(),
  /** Closed by either side; the candidate's next message opens it again. */
  closed: z.boolean(),
  /** When the oldest unanswered candidate message was sent (null: nothing waits for a teacher). */
  waiting_since: z.number().int().nullable(),
  last_message_id: z.string(),
  last_at: z.number().int(),
  /** Messages from the other side the caller has not marked read. */
  unread: z.number().int(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** One event of the live stream (`data:` of an SSE `message` event). */
export const chatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), conversation: chatConversationSchema, message: chatMessageSchema }),
  z.object({ type: z.literal('closed'), conversation_id: z.string() }),
  /** Messages may have been missed (a Redis outage): fetch again after the last id seen. */
  z.object({ type: z.literal('resync') }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;
