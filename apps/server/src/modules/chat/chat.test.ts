// The chat dialog (issue 18, ADR 0038) against real databases and, for the live stream, a real
// listening server: a candidate asks, a teacher answers from the shared queue (oldest waiting
// first), the answer is a mail in the candidate's 聊天 category and arrives live on the candidate's
// stream; a reconnect with the last id seen gets what was missed; nobody reads another's
// conversation by any call or the stream; operators and candidates have no queue; frozen users and
// fast senders are refused in Chinese, nothing written; a question of the caller's running mock can
// be neither asked about nor read until it ends. Two app processes over the real Redis deliver to
// each other's clients; with Redis unreachable a process still delivers to its own.
import type { AddressInfo } from 'node:net';
import { type ChatEvent, chatLimits, chatStreamPath } from '@gre/contract/chat';
import * as cep from '@gre/contract/endpoints/chat';
import * as ep from '@gre/contract/endpoints/exam';
import * as mep from '@gre/contract/endpoints/mail';
import { RoleKind } from '@gre/contract/enums';
import { MailRace } from '@gre/contract/mail';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../db/schema/chat.ts';
import { users } from '../../db/schema/user.ts';
import { staffUser, userWithRole } from '../../test/accounts.ts';
import { buildSecondApp, createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A live stream read the way the web reads it (fetch, Authorization header). */
export async function openStream(base: string, token: string, after = '0') {
  const events: ChatEvent[] = [];
  const ctrl = new AbortController();
  const res = await fetch(`${base}${chatStreamPath}?after=${after}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: ctrl.signal,
  });
  const status = res.status;
  let opened = false;
  let endedByServer = false;
  const done = (async () => {
    if (!res.body || status !== 200) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          endedByServer = true;
          return;
        }
        buf += value;
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (block.startsWith(': connected')) opened = true;
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as ChatEvent);
          i = buf.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  for (let i = 0; i < 100 && status === 200 && !opened; i++) await sleep(10);
  return {
    status,
    events,
    messages: () => events.flatMap((e) => (e.type === 'message' ? [e.message] : [])),
    async waitFor(pred: (e: ChatEvent[]) => boolean, ms = 3000) {
      const end = Date.now() + ms;
      while (!pred(events)) {
        if (Date.now() > end) throw new Error(`stream: not seen in time: ${JSON.stringify(events)}`);
        await sleep(10);
      }
    },
    close() {
      ctrl.abort();
      return done;
    },
    /** Resolves true once the server has ended the stream, false if `ms` pass first. */
    async endsWithin(ms: number) {
      await Promise.race([done, sleep(ms)]);
      return endedByServer;
    },
  };
}

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.each(testDbKinds())('chat on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, { content: kind === 'postgres' });
    base = await listen(t.app);
    const people = [
      ['a', RoleKind.SVIP, {}],
      ['b', RoleKind.Trail, {}],
      ['teacher', RoleKind.FreeVIP, { isTeacher: true }],
      ['teacher2', RoleKind.FreeVIP, { isTeacher: true }],
      ['admin', RoleKind.SVIP, { isAdmin: true }],
      ['operator', RoleKind.FreeVIP, { isOperator: true }],
      ['fast', RoleKind.Trail, {}],
      ['frozen', RoleKind.Trail, {}],
    ] as const;
    for (const [who, role, flags] of people) {
      const u = await userWithRole(t, role, flags);
      tokens[who] = u.token;
      ids[who] = String(u.user.id);
    }
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  type Ep = Parameters<TestApp['call']>[0];
  const call = async (e: Ep, body: unknown, who: string) => (await t.call(e, body, { token: tokens[who] })).body;
  async function ok<T>(e: Ep, body: unknown, who: string): Promise<T> {
    const res = await call(e, body, who);
    if (!res.ok) throw new Error(`${e.path} ${who}: ${JSON.stringify(res.err_data)}`);
    return res.data as T;
  }
  type Sent = { conversation: { id: string; unread: number; waiting_since: number | null }; message: { id: string } };
  const messageCount = async () => (await t.database.db.select({ n: count() }).from(chatMessages))[0]?.n ?? 0;

  it('a candidate asks, the queue shows it oldest first, a teacher answers: live on the stream and a chat mail', async () => {
    const streamA = await openStream(base, tokens.a as string);
    const streamTeacher = await openStream(base, tokens.teacher2 as string);
    const site = await ok<Sent>(cep.send, { topic: 'site', content: '会员怎么续费？' }, 'a');
    t.clock.advance(1000);
    const other = await ok<Sent>(cep.send, { topic: 'site', content: '我忘记密码了' }, 'b');
    // Both teachers see both, the earlier first, as waiting.
    const queue = await ok<{ conversations: { id: string; user_id: string; waiting_since: number | null }[] }>(
      cep.queue,
      {},
      'teacher',
    );
    const order = queue.conversations.map((c) => c.id);
    expect(order.indexOf(site.conversation.id)).toBeLessThan(order.indexOf(other.conversation.id));
    expect(queue.conversations.find((c) => c.id === site.conversation.id)?.waiting_since).not.toBeNull();
    // The other teacher's stream saw the question live.
    await streamTeacher.waitFor(() => streamTeacher.messages().some((m) => m.id === site.message.id));

    const answer = await ok<Sent>(
      cep.send,
      { conversation_id: site.conversation.id, content: '在「个人中心 · 会员」里续费即可。' },
      'teacher',
    );
    await streamA.waitFor(() => streamA.messages().some((m) => m.id === answer.message.id));
    const live = streamA.messages().find((m) => m.id === answer.message.id);
    expect(live).toMatchObject({ from_staff: true, content: '在「个人中心 · 会员」里续费即可。' });
    const liveConv = streamA.events.find((e) => e.type === 'message' && e.message.id === answer.message.id);
    expect(liveConv?.type === 'message' && liveConv.conversation.unread).toBe(1);
    // No longer waiting; the answered list has it.
    const after = await ok<{ conversations: { id: string }[] }>(cep.queue, {}, 'teacher');
    expect(after.conversations.map((c) => c.id)).not.toContain(site.conversation.id);
    const answered = await ok<{ conversations: { id: string }[] }>(cep.queue, { answered: true }, 'admin');
    expect(answered.conversations.map((c) => c.id)).toContain(site.conversation.id);
    // The answer is in the candidate's 聊天 mail, linking to the conversation.
    const box = await ok<{ mails: { race: number; content: string; link: string }[]; unread: { chat: number } }>(
      mep.getInbox,
      { category: 'chat' },
      'a',
    );
    expect(box.mails[0]).toMatchObject({
      race: MailRace.Chat,
      content: '在「个人中心 · 会员」里续费即可。',
      link: `/chat?c=${site.conversation.id}`,
    });
    expect(box.unread.chat).toBe(1);
    // Mine lists it with one unread; mark read clears it.
    const mine = await ok<{ conversations: { id: string; unread: number }[] }>(cep.list, {}, 'a');
    expect(mine.conversations.find((c) => c.id === site.conversation.id)?.unread).toBe(1);
    const read = await ok<{ conversation: { unread: number } }>(
      cep.markRead,
      { conversation_id: site.conversation.id, up_to_id: answer.message.id },
      'a',
    );
    expect(read.conversation.unread).toBe(0);
    // The candidate's stream never carried b's conversation.
    expect(streamA.messages().some((m) => m.conversation_id === other.conversation.id)).toBe(false);
    await streamA.close();
    await streamTeacher.close();
  }, 120_000);

  it('a reconnect with the last id seen gets what was missed while offline, in order', async () => {
    const first = await ok<Sent>(cep.send, { topic: 'site', content: '还有一个问题' }, 'a');
    const lastSeen = first.message.id;
    // Offline: two answers arrive.
    const r1 = await ok<Sent>(cep.send, { conversation_id: first.conversation.id, content: '请讲' }, 'teacher');
    const r2 = await ok<Sent>(cep.send, { conversation_id: first.conversation.id, content: '我在' }, 'admin');
    const stream = await openStream(base, tokens.a as string, lastSeen);
    await stream.waitFor(() => stream.messages().length >= 2);
    expect(stream.messages().map((m) => m.id)).toEqual([r1.message.id, r2.message.id]);
    // The messages call fetches the same after an id.
    const page = await ok<{ messages: { id: string }[]; more: boolean }>(
      cep.messages,
      { conversation_id: first.conversation.id, after_id: lastSeen },
      'a',
    );
    expect(page.messages.map((m) => m.id)).toEqual([r1.message.id, r2.message.id]);
    expect(page.more).toBe(false);
    await stream.close();
  }, 120_000);

  it('nobody reads another’s conversation: every call answers not found, the stream never carries it', async () => {
    const mine = await ok<Sent>(cep.send, { topic: 'site', content: '私人问题' }, 'a');
    const id = mine.conversation.id;
    const streamB = await openStream(base, tokens.b as string, '1');
    const streamOp = await openStream(base, tokens.operator as string, '1');
    for (const who of ['b', 'operator']) {
      for (const [e, body] of [
        [cep.messages, { conversation_id: id }],
        [cep.markRead, { conversation_id: id, up_to_id: mine.message.id }],
        [cep.close, { conversation_id: id }],
        [cep.send, { conversation_id: id, content: '偷看' }],
      ] as const) {
        const res = await call(e, body, who);
        expect(res.err_data?.kind, `${e.path} ${who}`).toBe('not_found');
        expect(res.err_data?.show).toBe('会话不存在');
      }
      const list = await ok<{ conversations: { id: string }[] }>(cep.list, {}, who);
      expect(list.conversations.map((c) => c.id)).not.toContain(id);
      // The queue is for teachers and admins only.
      expect((await call(cep.queue, {}, who)).err_data?.kind).toBe('forbidden');
    }
    const reply = await ok<Sent>(cep.send, { conversation_id: id, content: '回复' }, 'teacher');
    await sleep(200);
    for (const s of [streamB, streamOp]) {
      expect(s.messages().some((m) => m.conversation_id === id || m.id === reply.message.id)).toBe(false);
      await s.close();
    }
    // b's mail has no chat mail of a's.
    const box = await ok<{ mails: unknown[] }>(mep.getInbox, { category: 'chat' }, 'b');
    expect(box.mails).toEqual([]);
    // A stream without a valid token is refused.
    expect((await openStream(base, 'nonsense')).status).toBe(401);
    const bad = await fetch(`${base}${chatStreamPath}?after=x`, { headers: { authorization: `Bearer ${tokens.a}` } });
    expect(bad.status).toBe(200);
    expect(((await bad.json()) as { err_data: { show: string } }).err_data.show).toBe('消息 ID 不正确');
  }, 120_000);

  it('closing ends a conversation for teachers; the candidate’s next message opens it again', async () => {
    const s = await ok<Sent>(cep.send, { topic: 'site', content: '谢谢' }, 'b');
    const closed = await ok<{ conversation: { closed: boolean } }>(
      cep.close,
      { conversation_id: s.conversation.id },
      'teacher',
    );
    expect(closed.conversation.closed).toBe(true);
    const before = await messageCount();
    const refused = await call(cep.send, { conversation_id: s.conversation.id, content: '好的' }, 'teacher');
    expect(refused.err_data).toMatchObject({ kind: 'bad_request', show: '这个会话已结束；同学再次提问时会重新打开' });
    expect(await messageCount()).toBe(before);
    const again = await ok<Sent>(cep.send, { topic: 'site', content: '再问一个' }, 'b');
    expect(again.conversation.id).toBe(s.conversation.id);
    const q = await ok<{ conversations: { id: string }[] }>(cep.queue, {}, 'teacher');
    expect(q.conversations.map((c) => c.id)).toContain(s.conversation.id);
  }, 120_000);

  it('refuses in Chinese and writes nothing: too fast, frozen, an unknown question, empty or long text', async () => {
    for (let i = 0; i < chatLimits.perMinute; i++) await ok(cep.send, { topic: 'site', content: `第 ${i} 条` }, 'fast');
    const before = await messageCount();
    const fast = await call(cep.send, { topic: 'site', content: '再来一条' }, 'fast');
    expect(fast.err_data).toMatchObject({ kind: 'rate_limited', show: '发送太频繁，每分钟最多 10 条，请稍后再试' });
    t.clock.advance(61_000);
    expect((await call(cep.send, { topic: 'site', content: '一分钟后' }, 'fast')).ok).toBe(true);

    await t.database.db
      .update(users)
      .set({ isFreeze: true })
      .where(eq(users.id, Number(ids.frozen)));
    t.clock.advance(6_000); // past the auth cache
    const frozen = await call(cep.send, { topic: 'site', content: '冻结了' }, 'frozen');
    expect(frozen.err_data?.kind).toBe('frozen');
    expect((await call(cep.list, {}, 'frozen')).ok).toBe(true);

    const unknown = await call(cep.send, { topic: 'no-such-question', content: '这题' }, 'b');
    expect(unknown.err_data).toMatchObject({ kind: 'not_found', show: '没有找到这道题，请从题目页面发起咨询' });
    const empty = await call(cep.send, { topic: 'site', content: '   ' }, 'b');
    expect(empty.err_data).toMatchObject({ kind: 'invalid_param', show: '请输入消息内容' });
    const long = await call(cep.send, { topic: 'site', content: '长'.repeat(chatLimits.content + 1) }, 'b');
    expect(long.err_data?.show).toBe(`消息最多 ${chatLimits.content} 个字`);
    const neither = await call(cep.send, { content: '没有主题' }, 'b');
    expect(neither.err_data?.kind).toBe('invalid_param');
    expect(await messageCount()).toBe(before + 1);
  }, 120_000);

  it('a question of the caller’s running mock: no asking, no reading, no live answer until it ends', async () => {
    // Before the mock: a's question about an item the mock will show, answered.
    // (The mock's first question, read from an admin's copy of the same fixed mock.)
    const { exam_id } = await ok<{ exam_id: string }>(ep.openBook, { template_id: 'mock-vsec-1' }, 'admin');
    const view = await ok<{ exam: { sections: { questions: { id: string }[] }[] } }>(ep.getExam, { exam_id }, 'admin');
    const qid = view.exam.sections[0]?.questions[0]?.id as string;
    const asked = await ok<Sent>(cep.send, { topic: qid, content: '这道题为什么选 B？' }, 'a');
    // A new mock holding the same question starts.
    const mock = await ok<{ exam_id: string }>(ep.openBook, { template_id: 'mock-vsec-1' }, 'a');
    const mine = await ok<{ exam: { sections: { questions: { id: string }[] }[] } }>(
      ep.getExam,
      { exam_id: mock.exam_id },
      'a',
    );
    expect(mine.exam.sections[0]?.questions[0]?.id).toBe(qid);
    await ok(ep.openQuestion, { exam_id: mock.exam_id, section_index: 0, question_index: 0 }, 'a');
    const stream = await openStream(base, tokens.a as string, asked.message.id);
    const before = await messageCount();
    for (const body of [
      { topic: qid, content: '考试中再问' },
      { conversation_id: asked.conversation.id, content: '考试中再问' },
    ]) {
      const res = await call(cep.send, body, 'a');
      expect(res.err_data).toMatchObject({
        kind: 'forbidden',
        show: '考试进行中，不能咨询本场考试的题目；交卷后再问老师吧',
      });
    }
    expect(await messageCount()).toBe(before);
    // The teacher's answer (with the answer in it) is not delivered or readable; the mail copy has no text.
    const answer = await ok<Sent>(
      cep.send,
      { conversation_id: asked.conversation.id, content: '答案是 B，因为……' },
      'teacher',
    );
    await sleep(300);
    expect(stream.messages().some((m) => m.id === answer.message.id)).toBe(false);
    expect((await call(cep.messages, { conversation_id: asked.conversation.id }, 'a')).err_data?.kind).toBe(
      'forbidden',
    );
    const box = await ok<{ mails: { content: string; subject: string }[] }>(mep.getInbox, { category: 'chat' }, 'a');
    expect(box.mails[0]?.subject).toContain(qid);
    expect(box.mails.some((m) => m.content.includes('答案是 B'))).toBe(false);
    await stream.close();
    // The mock ends: the answer is there.
    await ok(ep.finishExam, { exam_id: mock.exam_id }, 'a');
    const page = await ok<{ messages: { id: string }[] }>(
      cep.messages,
      { conversation_id: asked.conversation.id },
      'a',
    );
    expect(page.messages.map((m) => m.id)).toContain(answer.message.id);
    const again = await openStream(base, tokens.a as string, asked.message.id);
    await again.waitFor(() => again.messages().some((m) => m.id === answer.message.id));
    await again.close();
  }, 120_000);

  it('closes open streams when the server shuts down (nothing hangs)', async () => {
    const t2 = await createTestApp(kind, { database: undefined });
    const base2 = await listen(t2.app);
    const s = await openStream(base2, (await userWithRole(t2, RoleKind.Trail)).token);
    expect(s.status).toBe(200);
    // A stream left open would keep close() waiting for ever (the test's limit catches that); the
    // client must see the server end its stream, not only its own abort.
    await t2.close();
    expect(await s.endsWithin(30_000)).toBe(true);
    await s.close();
  }, 120_000);
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.CI === 'true')
  throw new Error('CI=true but TEST_REDIS_URL is not set: Redis tests cannot be skipped.');

describe('chat across processes', () => {
  let a: TestApp;
  const clients: Redis[] = [];
  afterAll(async () => {
    await a?.close();
    for (const c of clients) c.disconnect();
  }, 30_000);

  it.runIf(!!redisUrl)(
    'two processes over Redis deliver each other’s messages to their own clients',
    async () => {
      const redis = () => {
        const r = new Redis(redisUrl as string);
        clients.push(r);
        return r;
      };
      a = await createTestApp('pglite', { redis: redis() });
      const b = await buildSecondApp(a, redis());
      try {
        const baseA = await listen(a.app);
        const baseB = await listen(b);
        const candidate = await userWithRole(a, RoleKind.Trail);
        const teacher = await staffUser(a, { isTeacher: true });
        const onA = await openStream(baseA, candidate.token);
        const teacherOnB = await openStream(baseB, teacher.token);
        const asked = await a.call(cep.send, { topic: 'site', content: '跨进程' }, { token: candidate.token });
        const sent = asked.body.data as Sent;
        await teacherOnB.waitFor(() => teacherOnB.messages().some((m) => m.id === sent.message.id));
        // The teacher answers through B; the candidate, connected to A, gets it live.
        const res = await b.inject({
          method: 'POST',
          url: cep.send.path,
          headers: { authorization: `Bearer ${teacher.token}`, 'content-type': 'application/json' },
          payload: { conversation_id: sent.conversation.id, content: '收到' },
        });
        const answerId = (res.json() as { data: Sent }).data.message.id;
        await onA.waitFor(() => onA.messages().some((m) => m.id === answerId));
        await onA.close();
        await teacherOnB.close();
      } finally {
        await b.close();
      }
    },
    120_000,
  );

  it('with Redis unreachable a process still serves and delivers to its own clients', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => 1000,
      lazyConnect: false,
    });
    dead.on('error', () => {});
    clients.push(dead);
    const t = await createTestApp('pglite', { redis: dead });
    try {
      const base = await listen(t.app);
      const candidate = await userWithRole(t, RoleKind.Trail);
      const teacher = await staffUser(t, { isTeacher: true });
      const s = await openStream(base, candidate.token);
      const asked = (await t.call(cep.send, { topic: 'site', content: '没有 Redis' }, { token: candidate.token })).body
        .data as Sent;
      const answer = await t.call(
        cep.send,
        { conversation_id: asked.conversation.id, content: '照样收到' },
        { token: teacher.token },
      );
      expect(answer.body.ok).toBe(true);
      const id = (answer.body.data as Sent).message.id;
      await s.waitFor(() => s.messages().some((m) => m.id === id));
      await s.close();
    } finally {
      await t.close();
    }
  }, 120_000);
});

type Sent = { conversation: { id: string }; message: { id: string } };
