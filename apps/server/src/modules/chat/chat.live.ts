// Live delivery of the chat dialog (ADR 0038): server-sent events on GET /api/chat/stream.
//
// Every process keeps its own connected clients, by user id (a candidate's own conversations) and in
// one staff set (teachers and admins: every conversation). A message is published on the
// invalidation bus's `chat` topic (platform/invalidation.ts): delivered at once to this process's
// clients and, with Redis, by every other process to its own. Redis down: this process's clients
// only, never an error (ADR 0016); when the link is back the bus hands out `everything`, and every
// client is told to `resync` (fetch what it missed after its last id). Nothing is lost offline: the
// messages are in the database and a client reconnects with `?after=<last id seen>`.
import {
  type ChatConversation,
  type ChatEvent,
  type ChatMessage,
  chatMessageIdSchema,
  chatStreamPath,
} from '@gre/contract/chat';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import { everything, type InvalidationBus } from '../../platform/invalidation.ts';

/** What goes over the bus: both sides' views, each client gets its own. */
export type ChatPublished =
  | {
      kind: 'message';
      candidate: string;
      topic: string;
      user: ChatConversation;
      staff: ChatConversation;
      message: ChatMessage;
    }
  | { kind: 'closed'; candidate: string; conversation_id: string };

interface Client {
  userId: string;
  staff: boolean;
  write(chunk: string): void;
  end(): void;
}

const topic = 'chat';
const heartbeatMs = 20_000;

export const sse = (ev: ChatEvent, id?: string) => `${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(ev)}\n\n`;

export function createChatHub(deps: {
  bus: InvalidationBus;
  /** Whether a candidate's running exam holds this question (the answer gate). */
  withheld(userId: string, questionId: string): Promise<boolean>;
}) {
  const byUser = new Map<string, Set<Client>>();
  const staff = new Set<Client>();
  let count = 0;

  function deliver(p: ChatPublished) {
    const own = byUser.get(p.candidate);
    if (p.kind === 'closed') {
      const chunk = sse({ type: 'closed', conversation_id: p.conversation_id });
      for (const c of own ?? []) c.write(chunk);
      for (const c of staff) if (c.userId !== p.candidate) c.write(chunk);
      return;
    }
    if (own?.size) {
      const chunk = sse({ type: 'message', conversation: p.user, message: p.message }, p.message.id);
      if (p.topic === 'site') for (const c of own) c.write(chunk);
      else
        deps.withheld(p.candidate, p.topic).then(
          (w) => {
            if (!w) for (const c of own) c.write(chunk);
          },
          () => {},
        );
    }
    if (staff.size) {
      const chunk = sse({ type: 'message', conversation: p.staff, message: p.message }, p.message.id);
      for (const c of staff) if (c.userId !== p.candidate) c.write(chunk);
    }
  }

  deps.bus.subscribe((t, key) => {
    if (t === topic) {
      let p: ChatPublished;
      try {
        p = JSON.parse(key) as ChatPublished;
      } catch {
        return;
      }
      deliver(p);
    } else if (t === everything) {
      const chunk = sse({ type: 'resync' });
      for (const set of byUser.values()) for (const c of set) c.write(chunk);
      for (const c of staff) c.write(chunk);
    }
  });

  const heartbeat = setInterval(() => {
    for (const set of byUser.values()) for (const c of set) c.write(': ping\n\n');
    for (const c of staff) c.write(': ping\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  return {
    publish(p: ChatPublished) {
      deps.bus.publish(topic, JSON.stringify(p));
    },
    add(c: Client) {
      count++;
      const set = byUser.get(c.userId) ?? new Set<Client>();
      byUser.set(c.userId, set);
      set.add(c);
      if (c.staff) staff.add(c);
      return () => {
        if (!set.delete(c)) return;
        count--;
        if (!set.size) byUser.delete(c.userId);
        staff.delete(c);
      };
    },
    /** Connected clients in this process. */
    connected: () => count,
    /** Ends every stream (server shutdown). */
    closeAll() {
      clearInterval(heartbeat);
      for (const set of [...byUser.values()]) for (const c of [...set]) c.end();
      byUser.clear();
      staff.clear();
      count = 0;
    },
  };
}

export type ChatHub = ReturnType<typeof createChatHub>;

/**
 * GET /api/chat/stream?after=<id>: authenticated like every call (Authorization: Bearer; the web
 * reads it with fetch, not EventSource, so the token never goes into an address). Sends what was
 * missed after `after` (0: nothing; the client loaded its lists first), then live events.
 */
export function registerChatStream(
  app: FastifyInstance,
  hub: ChatHub,
  deps: {
    authenticate(token: string): Promise<Caller | 'expired' | null>;
    answersChat(c: Caller): boolean;
    missed(
      caller: Caller,
      afterId: number,
    ): Promise<{ events: { conversation: ChatConversation; message: ChatMessage }[]; more: boolean }>;
  },
) {
  app.addHook('preClose', async () => hub.closeAll());
  app.get(chatStreamPath, { helmet: false }, async (req, reply) => {
    const auth = req.headers.authorization;
    const token = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    if (!token) throw errors.unauthorized('缺少登录凭证');
    const caller = await deps.authenticate(token);
    if (caller === 'expired') throw errors.tokenExpired();
    if (!caller) throw errors.unauthorized('登录凭证无效');
    const after = chatMessageIdSchema.safeParse((req.query as { after?: unknown }).after ?? '0');
    if (!after.success) throw errors.invalidParam('消息 ID 不正确');
    const afterId = Number(after.data);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    // Live events that arrive during the catch-up wait until it is written, then go out unless sent.
    let pending: string[] | null = [];
    let lastSent = afterId;
    const client = {
      userId: caller.userId,
      staff: deps.answersChat(caller),
      write(chunk: string) {
        if (pending) pending.push(chunk);
        else if (!res.writableEnded) res.write(chunk);
      },
      end() {
        if (!res.writableEnded) res.end();
      },
    };
    const remove = hub.add(client);
    req.raw.on('close', remove);
    try {
      if (afterId > 0) {
        const { events, more } = await deps.missed(caller, afterId);
        for (const e of events) {
          res.write(sse({ type: 'message', ...e }, e.message.id));
          lastSent = Math.max(lastSent, Number(e.message.id));
        }
        if (more) res.write(sse({ type: 'resync' }));
      }
    } catch (err) {
      req.log.error({ err }, 'chat stream: catch-up failed');
      res.write(sse({ type: 'resync' }));
    }
    const queued = pending;
    pending = null;
    for (const chunk of queued) {
      const id = /^id: (\d+)\n/.exec(chunk)?.[1];
      if (id && Number(id) <= lastSent) continue;
      if (!res.writableEnded) res.write(chunk);
    }
  });
}
