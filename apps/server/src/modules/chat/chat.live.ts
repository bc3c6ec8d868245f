// Live delivery of the chat dialog (ADR 0038): server-sent events on GET /api/chat/stream.
//
// Every process keeps its own connected clients, by user id (a candidate's own conversations) and in
// one staff set (teachers and admins: every conversation). A message is published on the
// invalidation bus's `chat` topic (platform/invalidation.ts): delivered at once to this process's
// clients and, with Redis, by every other process to its own. Redis down: this process's clients
// only, never an error (ADR 0016); when the link is back the bus hands out `everything`, and every
// client is told to `resync` (fetch what it missed after its last id). Nothing is lost offline: the
// messages are in the database and a client reconnects with `?after=<last id seen>`.
//
// The fan-out is the hot path (ADR 0038, "Performance"): an event is rendered to its frames once, in
// the process where it happened, and goes to Redis before this process's own clients are written
// (the bus's order); each process then writes the same bytes to every stream it holds, with no
// lookup, check or allocation per client beyond the staff member's own-conversation test.
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

/** What the service publishes: both sides' views, each client gets its own. */
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

/**
 * What goes over the bus: the events already rendered as the stream's frames, once, by the process
 * where the message was sent; every process encodes each frame once and hands the same bytes to
 * each of its clients (nothing is rendered again per process, nor encoded per client).
 */
type Wire =
  | { kind: 'message'; candidate: string; topic: string; id: number; user: string; staff: string }
  | { kind: 'closed'; candidate: string; frame: string };

/** An event's bytes as written to every stream, and its message id (the catch-up skips those it replayed). */
interface Frame {
  id: number | null;
  bytes: Buffer;
}

interface Client {
  userId: string;
  staff: boolean;
  write(frame: Frame): void;
  end(): void;
}

const topic = 'chat';
const heartbeatMs = 20_000;

export const sse = (ev: ChatEvent, id?: string) => `${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(ev)}\n\n`;

const frameOf = (text: string, id: number | null = null): Frame => ({ id, bytes: Buffer.from(text) });
const ping = frameOf(': ping\n\n');
const resync = frameOf(sse({ type: 'resync' }));

function render(p: ChatPublished): Wire {
  if (p.kind === 'closed')
    return {
      kind: 'closed',
      candidate: p.candidate,
      frame: sse({ type: 'closed', conversation_id: p.conversation_id }),
    };
  const id = p.message.id;
  return {
    kind: 'message',
    candidate: p.candidate,
    topic: p.topic,
    id: Number(id),
    user: sse({ type: 'message', conversation: p.user, message: p.message }, id),
    staff: sse({ type: 'message', conversation: p.staff, message: p.message }, id),
  };
}

export function createChatHub(deps: {
  bus: InvalidationBus;
  /** Whether a candidate's running exam holds this question (the answer gate). */
  withheld(userId: string, questionId: string): Promise<boolean>;
}) {
  const byUser = new Map<string, Set<Client>>();
  const staff = new Set<Client>();
  let count = 0;

  /** Staff clients get every conversation but their own as a candidate (that one comes as theirs). */
  function toStaff(frame: Frame, candidate: string) {
    for (const c of staff) if (c.userId !== candidate) c.write(frame);
  }

  function deliver(w: Wire) {
    const own = byUser.get(w.candidate);
    if (w.kind === 'closed') {
      const frame = frameOf(w.frame);
      for (const c of own ?? []) c.write(frame);
      toStaff(frame, w.candidate);
      return;
    }
    if (staff.size) toStaff(frameOf(w.staff, w.id), w.candidate);
    if (own?.size) {
      const frame = frameOf(w.user, w.id);
      if (w.topic === 'site') for (const c of own) c.write(frame);
      else
        deps.withheld(w.candidate, w.topic).then(
          (held) => {
            if (!held) for (const c of own) c.write(frame);
          },
          () => {},
        );
    }
  }

  deps.bus.subscribe((t, key) => {
    if (t === topic) {
      let w: Wire;
      try {
        w = JSON.parse(key) as Wire;
      } catch {
        return;
      }
      deliver(w);
    } else if (t === everything) {
      for (const set of byUser.values()) for (const c of set) c.write(resync);
    }
  });

  const heartbeat = setInterval(() => {
    for (const set of byUser.values()) for (const c of set) c.write(ping);
  }, heartbeatMs);
  heartbeat.unref();

  return {
    publish(p: ChatPublished) {
      deps.bus.publish(topic, JSON.stringify(render(p)));
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
    let pending: Frame[] | null = [];
    let lastSent = afterId;
    const client = {
      userId: caller.userId,
      staff: deps.answersChat(caller),
      write(frame: Frame) {
        if (pending) pending.push(frame);
        else if (!res.writableEnded) res.write(frame.bytes);
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
        if (more) res.write(resync.bytes);
      }
    } catch (err) {
      req.log.error({ err }, 'chat stream: catch-up failed');
      res.write(resync.bytes);
    }
    const queued = pending;
    pending = null;
    for (const frame of queued) {
      if (frame.id !== null && frame.id <= lastSent) continue;
      if (!res.writableEnded) res.write(frame.bytes);
    }
  });
}
