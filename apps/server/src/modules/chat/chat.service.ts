// The chat dialog (issue 18, ADR 0038): a candidate writes to the teachers about a question or the
// site; teachers and admins answer from one shared queue (no claiming); an answer is also a mail in
// the candidate's 聊天 category. Access: a candidate reaches only their own conversations (another's
// is "not found", never "forbidden", so ids reveal nothing); teachers and admins reach all.
// Operators answer no chat (their console is accounts and orders; ADR 0038). Sending is refused to
// frozen accounts (the registrar), past chatLimits.perMinute messages a minute per user, and about a
// question of the caller's running timed exam (ADR 0017): those conversations are also withheld
// from the candidate (messages, stream) until the exam ends.
import { type ChatConversation, type ChatMessage, chatLimits, chatRefusals } from '@gre/contract/chat';
import type { Clock } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import type { AuthedContext, Caller, RequestContext } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { ChatHub } from './chat.live.ts';
import type { ChatRepo, ConversationRow, MessageRow } from './chat.repo.ts';

export interface ChatServiceDeps {
  repo: ChatRepo;
  clock: Clock;
  hub: ChatHub;
  /** Whether a question id exists in the bank. */
  questionExists(id: string): Promise<boolean>;
  /** The caller's running exam's questions (modules/exam's answer gate), or null. */
  runningIds(ctx: RequestContext): Promise<((id: string) => boolean) | null>;
  /** The chat mail to the candidate, written in the answer's transaction. */
  mail(userId: number, m: { subject: string; content: string; link: string }, tx: Tx): Promise<unknown>;
}

/** Teachers and admins answer chats and read every conversation. */
export const answersChat = (c: Caller) => c.isTeacher || c.isAdmin;

export function toConversation(r: ConversationRow, side: 'user' | 'staff'): ChatConversation {
  return {
    id: String(r.id),
    user_id: String(r.userId),
    user_name: r.userName,
    topic: r.topic,
    closed: r.closedAt !== null,
    waiting_since: r.waitingSince?.getTime() ?? null,
    last_message_id: String(r.lastMessageId),
    last_at: r.lastAt.getTime(),
    unread: side === 'user' ? r.unreadUser : r.unreadStaff,
  };
}

export function toMessage(r: MessageRow): ChatMessage {
  return {
    id: String(r.id),
    conversation_id: String(r.conversationId),
    from_staff: r.fromStaff,
    author_name: r.authorName,
    content: r.content,
    created_at: r.createdAt.getTime(),
  };
}

const notFound = () => errors.notFound(chatRefusals.notFound);
const running = () => errors.forbidden(chatRefusals.runningExam);

/** The mail a teacher's answer leaves: a question's answer text stays in the chat (ADR 0038). */
export function answerMail(topic: string, conversationId: number, content: string) {
  const link = `/chat?c=${conversationId}`;
  return topic === 'site'
    ? { subject: '老师回复了你的在线咨询', content, link }
    : {
        subject: `老师回复了你关于题目 ${topic} 的咨询`,
        content: '老师已回复，请在「在线咨询」中查看。',
        link,
      };
}

export function createChatService(deps: ChatServiceDeps) {
  const { repo, clock, hub } = deps;

  /** The caller's side of a conversation they may reach, or not found. */
  async function reach(ctx: AuthedContext, id: number) {
    const row = await repo.conversation(repo.db, id);
    if (!row) throw notFound();
    const own = String(row.userId) === ctx.caller.userId;
    if (!own && !answersChat(ctx.caller)) throw notFound();
    if (own && row.topic !== 'site' && (await deps.runningIds(ctx))?.(row.topic)) throw running();
    return { row, side: own ? ('user' as const) : ('staff' as const) };
  }

  function publish(row: ConversationRow, message: MessageRow) {
    hub.publish({
      kind: 'message',
      candidate: String(row.userId),
      topic: row.topic,
      user: toConversation(row, 'user'),
      staff: toConversation(row, 'staff'),
      message: toMessage(message),
    });
  }

  return {
    async send(b: { topic?: string; conversation_id?: string; content: string }, ctx: AuthedContext) {
      const me = Number(ctx.caller.userId);
      const now = clock.now();
      if (b.topic !== undefined && b.conversation_id === undefined && b.topic !== 'site') {
        if (!(await deps.questionExists(b.topic))) throw errors.notFound(chatRefusals.unknownQuestion);
      }
      // A new conversation about the site needs no look-up of the caller's running exam.
      const guard = b.topic === 'site' && b.conversation_id === undefined ? null : await deps.runningIds(ctx);
      // The live event's views are read in the transaction (one statement) and published the moment
      // it commits: never before (a client told of a message can always fetch it), and with no
      // query between the commit and the fan-out.
      const written = await repo.db.transaction(async (tx) => {
        let id: number;
        let fromStaff = false;
        let topic: string;
        let candidate = me;
        if (b.conversation_id !== undefined) {
          const row = await repo.lock(tx, Number(b.conversation_id));
          if (!row) throw notFound();
          topic = row.topic;
          candidate = row.userId;
          if (row.userId === me) {
            if (row.closedAt) await repo.reopen(tx, row.id);
          } else if (answersChat(ctx.caller)) {
            if (row.closedAt) throw new AppError('bad_request', { show: chatRefusals.closed });
            fromStaff = true;
          } else throw notFound();
          id = row.id;
        } else {
          topic = b.topic as string;
          if (topic !== 'site' && guard?.(topic)) throw running();
          id = await repo.openForCandidate(tx, me, topic, now);
        }
        if (!fromStaff && topic !== 'site' && guard?.(topic)) throw running();
        if ((await repo.sentSince(tx, me, new Date(now.getTime() - 60_000))) >= chatLimits.perMinute)
          throw errors.rateLimited(chatRefusals.rateLimited);
        const messageId = await repo.append(tx, {
          conversationId: id,
          authorId: me,
          fromStaff,
          content: b.content,
          now,
        });
        if (fromStaff) await deps.mail(candidate, answerMail(topic, id, b.content), tx);
        const views = await repo.written(tx, messageId);
        if (!views) throw new Error('chat: the message just written is gone');
        return views;
      });
      const { conversation: row, message } = written;
      publish(row, message);
      const side = String(row.userId) === ctx.caller.userId ? 'user' : 'staff';
      return { conversation: toConversation(row, side), message: toMessage(message) };
    },

    async list(ctx: AuthedContext) {
      const rows = await repo.ofUser(Number(ctx.caller.userId), chatLimits.conversations);
      return { conversations: rows.map((r) => toConversation(r, 'user')) };
    },

    async queue(b: { answered: boolean }) {
      const rows = b.answered
        ? await repo.answered(chatLimits.conversations)
        : await repo.waiting(chatLimits.conversations);
      return { conversations: rows.map((r) => toConversation(r, 'staff')) };
    },

    async messages(b: { conversation_id: string; after_id: string }, ctx: AuthedContext) {
      const { row, side } = await reach(ctx, Number(b.conversation_id));
      const rows = await repo.messagesAfter(row.id, Number(b.after_id), chatLimits.page + 1);
      return {
        conversation: toConversation(row, side),
        messages: rows.slice(0, chatLimits.page).map(toMessage),
        more: rows.length > chatLimits.page,
      };
    },

    async markRead(b: { conversation_id: string; up_to_id: string }, ctx: AuthedContext) {
      const { row, side } = await reach(ctx, Number(b.conversation_id));
      await repo.markRead(row.id, side, Number(b.up_to_id));
      const after = (await repo.conversation(repo.db, row.id)) as ConversationRow;
      return { conversation: toConversation(after, side) };
    },

    async close(b: { conversation_id: string }, ctx: AuthedContext) {
      const { row, side } = await reach(ctx, Number(b.conversation_id));
      await repo.close(row.id, clock.now());
      hub.publish({ kind: 'closed', candidate: String(row.userId), conversation_id: String(row.id) });
      const after = (await repo.conversation(repo.db, row.id)) as ConversationRow;
      return { conversation: toConversation(after, side) };
    },

    /** A reconnecting client's missed messages (the stream's catch-up), with their conversations. */
    async missed(caller: Caller, afterId: number) {
      const staff = answersChat(caller);
      const rows = await repo.missed(staff ? null : Number(caller.userId), afterId, chatLimits.page + 1);
      const convs = new Map((await repo.byIds([...new Set(rows.map((r) => r.conversationId))])).map((c) => [c.id, c]));
      const guard = staff ? null : await deps.runningIds({ caller } as RequestContext);
      const events: { conversation: ChatConversation; message: ChatMessage }[] = [];
      for (const r of rows.slice(0, chatLimits.page)) {
        const conv = convs.get(r.conversationId);
        if (!conv) continue;
        const own = String(conv.userId) === caller.userId;
        if (own && conv.topic !== 'site' && guard?.(conv.topic)) continue;
        events.push({ conversation: toConversation(conv, own ? 'user' : 'staff'), message: toMessage(r) });
      }
      return { events, more: rows.length > chatLimits.page };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
