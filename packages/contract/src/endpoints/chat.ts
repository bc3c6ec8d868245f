// The chat dialog (issue 18, docs/decisions/0038-live-chat.md). A candidate sends about a topic (a
// question id or 'site'); teachers and admins answer in the conversation. A candidate reads only
// their own conversations; teachers and admins read all (the queue). Live delivery: chatStreamPath.
import { z } from 'zod';
import {
  chatContentSchema,
  chatConversationSchema,
  chatIdSchema,
  chatLimits,
  chatMessageIdSchema,
  chatMessageSchema,
  chatTopicSchema,
} from '../chat.ts';
import { endpoint } from '../endpoint.ts';

export const send = endpoint({
  path: '/api/chat/send',
  summary:
    '发送消息：同学按主题（题目 ID 或 site）发起或继续自己的会话；老师、管理员按会话 ID 回复（回复同时进入同学的「聊天」邮件）',
  access: 'user',
  errors: ['not_found', 'forbidden', 'rate_limited', 'bad_request'],
  request: z
    .object({
      topic: chatTopicSchema.optional(),
      conversation_id: chatIdSchema.optional(),
      content: chatContentSchema,
    })
    .refine((b) => b.topic !== undefined || b.conversation_id !== undefined, {
      error: '请提供咨询主题（topic）或会话 ID（conversation_id）',
    }),
  response: z.object({ conversation: chatConversationSchema, message: chatMessageSchema }),
});

export const list = endpoint({
  path: '/api/chat/list',
  summary: '我的会话（同学自己发起的），最近的在前，附未读数',
  access: 'user',
  frozenAllowed: true,
  request: z.object({}),
  response: z.object({ conversations: z.array(chatConversationSchema) }),
});

export const queue = endpoint({
  path: '/api/chat/queue',
  summary: '老师的共享队列（老师、管理员）：等待回复的会话，等得最久的在前；可附上最近已回复的',
  access: 'teacher',
  request: z.object({
    answered: z.boolean({ error: 'answered 须为 true 或 false' }).default(false),
  }),
  response: z.object({ conversations: z.array(chatConversationSchema) }),
});

export const messages = endpoint({
  path: '/api/chat/messages',
  summary: '一个会话中某条消息之后的消息（重连时补取），按 ID 升序；同学只能读自己的会话',
  access: 'user',
  frozenAllowed: true,
  errors: ['not_found', 'forbidden'],
  request: z.object({
    conversation_id: chatIdSchema,
    after_id: chatMessageIdSchema.default('0'),
  }),
  response: z.object({
    conversation: chatConversationSchema,
    messages: z.array(chatMessageSchema).max(chatLimits.page),
    /** More messages follow the last one returned: ask again after it. */
    more: z.boolean(),
  }),
});

export const markRead = endpoint({
  path: '/api/chat/mark_read',
  summary: '把会话中对方的消息标为已读（到指定消息为止）',
  access: 'user',
  frozenAllowed: true,
  errors: ['not_found'],
  request: z.object({ conversation_id: chatIdSchema, up_to_id: chatMessageIdSchema }),
  response: z.object({ conversation: chatConversationSchema }),
});

export const close = endpoint({
  path: '/api/chat/close',
  summary: '结束会话（同学自己的会话，或老师、管理员）；同学再次发送时重新打开',
  access: 'user',
  errors: ['not_found'],
  request: z.object({ conversation_id: chatIdSchema }),
  response: z.object({ conversation: chatConversationSchema }),
});
