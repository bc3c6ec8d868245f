// Mail and notices (issue 18, ADR 0030) against real databases: staff send a notice that the job
// queue delivers into the audience's mailboxes (everyone, a role, a list), with unread counts per
// category; marking read one, several or a category; nobody reads or marks another user's mail;
// candidates and teachers cannot send notices; a scheduled notice waits for its time and is then
// delivered by the sweeper's job; the e-mail copy carries a signed public link (valid / wrong user /
// wrong notice / expired / tampered) and an unsubscribe link that is honoured; delivery in batches
// resumes where it stopped and writes nothing twice; bad bodies are refused in Chinese, writing nothing.
import * as mep from '@gre/contract/endpoints/mail';
import { RoleKind } from '@gre/contract/enums';
import { MailRace, MailStatus } from '@gre/contract/mail';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, notices } from '../../db/schema/mail.ts';
import { users } from '../../db/schema/user.ts';
import { userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { createMailRepo } from './mail.repo.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testDbKinds())('mail and notices on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const emails: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: true });
    const people = [
      ['a', RoleKind.Trail, {}],
      ['b', RoleKind.Trail, {}],
      ['vip', RoleKind.VIP, {}],
      ['admin', RoleKind.SVIP, { isAdmin: true }],
      ['operator', RoleKind.FreeVIP, { isOperator: true }],
      ['teacher', RoleKind.FreeVIP, { isTeacher: true }],
    ] as const;
    for (const [who, role, flags] of people) {
      const u = await userWithRole(t, role, flags);
      tokens[who] = u.token;
      ids[who] = Number(u.user.id);
      emails[who] = u.email;
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  type Ep = Parameters<TestApp['call']>[0];
  const call = async (e: Ep, body: unknown, who: string) => (await t.call(e, body, { token: tokens[who] })).body;
  const inbox = async (who: string, category = 'inbox', page_size = 50) => {
    const res = await t.call(mep.getInbox, { category, page_size }, { token: tokens[who] });
    if (!res.body.data) throw new Error(JSON.stringify(res.body.err_data));
    return res.body.data;
  };
  const noticeCount = async () => (await t.database.db.select({ n: count() }).from(notices))[0]?.n ?? 0;
  const mailCount = async () => (await t.database.db.select({ n: count() }).from(mails))[0]?.n ?? 0;

  /** Waits until the queue has delivered notice `id` (its row says so). */
  async function delivered(id: string, ms = 20_000) {
    const end = Date.now() + ms;
    for (;;) {
      const [n] = await t.database.db
        .select()
        .from(notices)
        .where(eq(notices.id, Number(id)));
      if (n?.deliveredAt && (!n.emailCopy || n.emailedAt)) return n;
      if (Date.now() > end) throw new Error(`notice ${id} not delivered`);
      await sleep(100);
    }
  }
  async function send(body: Record<string, unknown>, who = 'operator') {
    const res = await call(mep.sendNotice, { subject: '通知', content: '内容', ...body }, who);
    if (!res.ok || !res.data) throw new Error(JSON.stringify(res.err_data));
    return res.data as { id: string; state: string };
  }
  const mailOf = async (who: string, noticeId: string) =>
    (await inbox(who, 'notice')).mails.find((m) => m.notice_id === noticeId);

  it('only admins and operators send notices: candidates and teachers are refused, nothing stored', async () => {
    for (const who of ['a', 'vip', 'teacher']) {
      const res = await call(mep.sendNotice, { subject: 'x', content: 'y', audience: { kind: 'all' } }, who);
      expect(res.err_data?.kind).toBe('forbidden');
      expect(res.err_data?.show).toMatch(/[\u4e00-\u9fff]/);
    }
    const list = await call(mep.listNotices, {}, 'a');
    expect(list.err_data?.kind).toBe('forbidden');
    expect(await noticeCount()).toBe(0);
  });

  it('a notice to everyone reaches every mailbox through the queue, unread, with counts per category', async () => {
    const sent = await send({
      subject: '系统维护通知',
      content: '本周六凌晨维护。',
      link: '/word',
      audience: { kind: 'all' },
    });
    expect(sent.state).not.toBe('scheduled');
    await delivered(sent.id);
    for (const who of ['a', 'b', 'vip', 'admin', 'teacher']) {
      const box = await inbox(who);
      const m = box.mails.find((x) => x.notice_id === sent.id);
      expect(m).toMatchObject({
        race: MailRace.Notice,
        status: MailStatus.Inbox,
        subject: '系统维护通知',
        content: '本周六凌晨维护。',
        link: '/word',
      });
      expect(box.unread.notice).toBeGreaterThanOrEqual(1);
      expect(box.unread.inbox).toBe(box.unread.notice + box.unread.remind + box.unread.chat);
    }
    // Listed in 通知 and 收件箱, not in 已读, 提醒 or 聊天.
    expect((await inbox('a', 'read')).mails).toEqual([]);
    expect((await inbox('a', 'remind')).mails).toEqual([]);
    expect((await inbox('a', 'chat')).mails).toEqual([]);
    const staffView = await call(mep.listNotices, {}, 'admin');
    const userTotal = (await t.database.db.select({ n: count() }).from(users))[0]?.n;
    expect(
      (staffView.data as { notices: { id: string; delivered: number; state: string }[] }).notices[0],
    ).toMatchObject({
      id: sent.id,
      state: 'delivered',
      delivered: userTotal,
    });
  });

  it("nobody reads or marks another user's mail", async () => {
    const mine = (await inbox('a')).mails[0];
    expect(mine).toBeDefined();
    const id = mine?.id as string;
    // gets: another user's id answers nothing.
    expect((await call(mep.getMails, { mail_ids: [id] }, 'b')).data).toEqual({ mails: [] });
    expect(((await call(mep.getMails, { mail_ids: [id] }, 'a')).data as { mails: unknown[] }).mails).toHaveLength(1);
    // mark_read: refused whole when any id is not the caller's; nothing marked.
    const bMail = (await inbox('b')).mails[0]?.id as string;
    const refused = await call(mep.markRead, { mail_ids: [bMail, id] }, 'b');
    expect(refused.err_data).toMatchObject({ kind: 'not_found', show: '邮件不存在' });
    expect((await call(mep.getMails, { mail_ids: [id] }, 'a')).data).toMatchObject({
      mails: [{ status: MailStatus.Inbox }],
    });
    expect((await inbox('b')).mails.find((m) => m.id === bMail)?.status).toBe(MailStatus.Inbox);
    // get_notice: only notices the caller received.
    const other = await send({ audience: { kind: 'users', user_ids: [String(ids.a)] } });
    await delivered(other.id);
    expect((await call(mep.getNotice, { notice_id: other.id }, 'b')).err_data?.kind).toBe('not_found');
    expect((await call(mep.getNotice, { notice_id: other.id }, 'a')).data).toMatchObject({
      notices: [{ id: other.id, status: MailStatus.Inbox }],
    });
  });

  it('marks one mail, then a whole category, read; the counts follow', async () => {
    await send({ subject: '第二条', audience: { kind: 'users', user_ids: [String(ids.b)] } }).then((n) =>
      delivered(n.id),
    );
    await t.call(mep.markRead, { category: 'inbox' }, { token: tokens.vip });
    const before = await inbox('b');
    expect(before.unread.notice).toBeGreaterThanOrEqual(2);
    const one = before.mails[0]?.id as string;
    const marked = await call(mep.markRead, { mail_ids: [one, one] }, 'b');
    expect(marked.data).toMatchObject({ marked: 1, unread: { notice: before.unread.notice - 1 } });
    // Again: nothing left to mark, not an error.
    expect((await call(mep.markRead, { mail_ids: [one] }, 'b')).data).toMatchObject({ marked: 0 });
    expect((await inbox('b', 'read')).mails.map((m) => m.id)).toEqual([one]);
    const all = await call(mep.markRead, { category: 'notice' }, 'b');
    expect(all.data).toMatchObject({ marked: before.unread.notice - 1, unread: { inbox: 0, notice: 0 } });
    expect((await inbox('b')).mails).toEqual([]);
    expect((await inbox('b', 'notice')).mails.every((m) => m.status === MailStatus.Read)).toBe(true);
  });

  it('a notice to a role reaches only that role (a lapsed VIP counts as an ordinary member)', async () => {
    const n = await send({ audience: { kind: 'role', role_kinds: [RoleKind.VIP] } });
    await delivered(n.id);
    expect(await mailOf('vip', n.id)).toBeDefined();
    expect(await mailOf('a', n.id)).toBeUndefined();
    expect(await mailOf('operator', n.id)).toBeUndefined();
    // The VIP lapses: the next notice to VIPs passes them by, one to ordinary members reaches them.
    await t.database.db
      .update(users)
      .set({ roleExpireAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(users.id, ids.vip as number));
    const vipOnly = await send({ audience: { kind: 'role', role_kinds: [RoleKind.VIP] } });
    const members = await send({ audience: { kind: 'role', role_kinds: [RoleKind.FreeVIP] } });
    await delivered(vipOnly.id);
    await delivered(members.id);
    expect(await mailOf('vip', vipOnly.id)).toBeUndefined();
    expect(await mailOf('vip', members.id)).toBeDefined();
    expect(await mailOf('operator', members.id)).toBeDefined();
  });

  it('refuses bad notices in Chinese and stores nothing', async () => {
    const before = await noticeCount();
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ subject: '', content: 'x', audience: { kind: 'all' } }, /请填写标题/],
      [{ subject: 'x', content: '   ', audience: { kind: 'all' } }, /请填写内容/],
      [{ subject: 'x', content: 'y', audience: { kind: 'everyone' } }, /发送对象/],
      [{ subject: 'x', content: 'y', audience: { kind: 'role', role_kinds: [] } }, /至少选择一个角色/],
      [{ subject: 'x', content: 'y', audience: { kind: 'users', user_ids: ['abc'] } }, /用户 ID 不正确/],
      [{ subject: 'x', content: 'y', link: '//evil.example.com', audience: { kind: 'all' } }, /本站的路径/],
      [{ subject: 'x', content: 'y', link: 'https://evil.example.com', audience: { kind: 'all' } }, /本站的路径/],
      [{ subject: 'x'.repeat(101), content: 'y', audience: { kind: 'all' } }, /标题最多 100/],
      [{ subject: 'x', content: 'y', audience: { kind: 'users', user_ids: ['99999999'] } }, /用户 ID 不存在：99999999/],
      [
        { subject: 'x', content: 'y', audience: { kind: 'all' }, send_at: t.clock.now().getTime() - 3_600_000 },
        /已经过去/,
      ],
      [
        { subject: 'x', content: 'y', audience: { kind: 'all' }, send_at: t.clock.now().getTime() + 91 * 86_400_000 },
        /最多提前 90 天/,
      ],
      [{ subject: 'x', content: 'y', audience: { kind: 'all' }, email_copy: 'yes' }, /true 或 false/],
    ];
    for (const [body, message] of bad) {
      const res = await call(mep.sendNotice, body, 'admin');
      expect(res.ok, JSON.stringify(body)).toBe(false);
      expect(res.err_data?.show, JSON.stringify(body)).toMatch(message);
    }
    expect(await noticeCount()).toBe(before);
  });

  it('refuses bad mail calls in Chinese and changes nothing', async () => {
    const before = await inbox('a');
    const bad: [Ep, Record<string, unknown>, RegExp][] = [
      [mep.getInbox, { category: 'spam' }, /邮件分类不正确/],
      [mep.getInbox, { category: 'inbox', page_size: 500 }, /每页最多 50 条/],
      [mep.markRead, {}, /二者选一/],
      [mep.markRead, { mail_ids: ['1'], category: 'inbox' }, /二者选一/],
      [mep.markRead, { category: 'read' }, /只能把/],
      [mep.markRead, { mail_ids: [] }, /至少选择一封/],
      [mep.markRead, { mail_ids: ['x'] }, /邮件 ID 不正确/],
      [mep.getMails, { mail_ids: Array.from({ length: 101 }, (_, i) => String(i + 1)) }, /一次最多 100 封/],
      [mep.getNotice, { notice_id: '-1' }, /通知 ID 不正确/],
    ];
    for (const [e, body, message] of bad) {
      const res = await call(e, body, 'a');
      expect(res.ok, `${e.path} ${JSON.stringify(body)}`).toBe(false);
      expect(res.err_data?.show, `${e.path} ${JSON.stringify(body)}`).toMatch(message);
    }
    expect((await inbox('a')).unread).toEqual(before.unread);
  });

  it('a scheduled notice waits for its time, then the sweeper job delivers it', async () => {
    const at = t.clock.now().getTime() + 3_600_000;
    const n = await send({ subject: '定时通知', audience: { kind: 'users', user_ids: [String(ids.a)] }, send_at: at });
    expect(n.state).toBe('scheduled');
    await t.jobs?.send('mail.notice_sweep', {});
    await sleep(1500);
    expect(await mailOf('a', n.id)).toBeUndefined();
    const [row] = await t.database.db
      .select()
      .from(notices)
      .where(eq(notices.id, Number(n.id)));
    expect(row?.deliveredAt).toBeNull();
    t.clock.advance(3_600_000 + 1000);
    await t.jobs?.send('mail.notice_sweep', {});
    await delivered(n.id);
    const m = await mailOf('a', n.id);
    expect(m).toMatchObject({ subject: '定时通知', status: MailStatus.Inbox, created_at: at });
  });

  describe('e-mail copies, the public link and unsubscribing', () => {
    let noticeId = '';
    let link = '';
    let unsubscribeLink = '';
    const parts = (url: string) => {
      const m = /\/notice\/(\d+)\/(\d+)\/([A-Za-z0-9_.-]+)$/.exec(url);
      if (!m) throw new Error(`not a notice link: ${url}`);
      return { user_id: m[1] as string, notice_id: m[2] as string, token: m[3] as string };
    };
    const open = (body: Record<string, string>) => t.call(mep.openNotice, body).then((r) => r.body);

    beforeAll(async () => {
      t.outbox.messages.length = 0;
      const n = await send({
        subject: '题库更新',
        content: '新增 200 道阅读题。',
        audience: { kind: 'users', user_ids: [String(ids.a), String(ids.b)] },
        email_copy: true,
      });
      noticeId = n.id;
      await delivered(n.id);
      const toA = t.outbox.messages.find((m) => m.to === emails.a);
      expect(toA?.subject).toBe('【GRE 备考】题库更新');
      expect(toA?.text).toContain('新增 200 道阅读题。');
      link = /(http:\/\/localhost:3000\/notice\/\S+)/.exec(toA?.text ?? '')?.[1] ?? '';
      unsubscribeLink = /(http:\/\/localhost:3000\/unsubscribe\/\S+)/.exec(toA?.text ?? '')?.[1] ?? '';
      expect(
        t.outbox.messages
          .filter((m) => m.channel === 'email')
          .map((m) => m.to)
          .sort(),
      ).toEqual([emails.a, emails.b].sort());
    });

    it('the link opens the notice without logging in, bound to that user and marking it read', async () => {
      const p = parts(link);
      expect(p).toMatchObject({ user_id: String(ids.a), notice_id: noticeId });
      const res = await open(p);
      expect(res.data).toMatchObject({ notice: { id: noticeId, subject: '题库更新', content: '新增 200 道阅读题。' } });
      expect((await mailOf('a', noticeId))?.status).toBe(MailStatus.Read);
      expect((await mailOf('b', noticeId))?.status).toBe(MailStatus.Inbox);
    });

    it('a wrong user, a wrong notice or a tampered token is refused with a clear message', async () => {
      const p = parts(link);
      const invalid = /链接无效/;
      expect((await open({ ...p, user_id: String(ids.b) })).err_data?.show).toMatch(invalid);
      expect((await open({ ...p, notice_id: String(Number(noticeId) - 1) })).err_data?.show).toMatch(invalid);
      const flipped = p.token.slice(0, -1) + (p.token.endsWith('A') ? 'B' : 'A');
      expect((await open({ ...p, token: flipped })).err_data).toMatchObject({ kind: 'forbidden' });
      expect((await open({ ...p, token: flipped })).err_data?.show).toMatch(invalid);
      // A later expiry with the old MAC: the expiry is signed too.
      const [, mac] = p.token.split('.');
      const later = (Number.parseInt(p.token.split('.')[0] as string, 36) + 86_400 * 365).toString(36);
      expect((await open({ ...p, token: `${later}.${mac}` })).err_data?.show).toMatch(invalid);
      expect((await open({ ...p, token: 'garbage' })).err_data?.show).toMatch(invalid);
    });

    it('unsubscribing stops notice e-mails for that user only; mail in the site still arrives', async () => {
      const m = /\/unsubscribe\/(\d+)\/([A-Za-z0-9_-]+)$/.exec(unsubscribeLink);
      expect(m?.[1]).toBe(String(ids.a));
      const wrong = await t.call(mep.unsubscribe, { user_id: String(ids.b), token: m?.[2] });
      expect(wrong.body.err_data).toMatchObject({ kind: 'forbidden', show: '退订链接无效：请完整复制邮件中的链接' });
      const [bRow] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.id, ids.b as number));
      expect(bRow?.noticeEmailOff).toBe(false);
      const res = await t.call(mep.unsubscribe, { user_id: m?.[1], token: m?.[2] });
      expect(res.body.data).toEqual({ unsubscribed: true });
      t.outbox.messages.length = 0;
      const n = await send({ audience: { kind: 'users', user_ids: [String(ids.a), String(ids.b)] }, email_copy: true });
      await delivered(n.id);
      expect(t.outbox.messages.map((x) => x.to)).toEqual([emails.b]);
      expect(await mailOf('a', n.id)).toBeDefined();
    });

    it('after 退订 the personal page shows notice e-mails off and turns them back on (re-subscribe)', async () => {
      // The previous test used a's unsubscribe link.
      expect((await call(mep.getEmailNotices, {}, 'a')).data).toEqual({ email_notices: false });
      expect((await call(mep.getEmailNotices, {}, 'b')).data).toEqual({ email_notices: true });
      for (const body of [{}, { email_notices: 'yes' }, { email_notices: null }]) {
        const bad = await call(mep.setEmailNotices, body, 'a');
        expect(bad.err_data?.kind).toBe('invalid_param');
        expect(bad.err_data?.show).toMatch(/[\u4e00-\u9fff]/);
      }
      expect((await call(mep.getEmailNotices, {}, 'a')).data).toEqual({ email_notices: false });
      expect((await t.call(mep.setEmailNotices, { email_notices: true })).body.err_data?.kind).toBe('unauthorized');
      expect((await call(mep.setEmailNotices, { email_notices: true }, 'a')).data).toEqual({ email_notices: true });
      t.outbox.messages.length = 0;
      const n = await send({ audience: { kind: 'users', user_ids: [String(ids.a), String(ids.b)] }, email_copy: true });
      await delivered(n.id);
      expect(t.outbox.messages.map((x) => x.to).sort()).toEqual([emails.a, emails.b].sort());
      // And off again from the same setting.
      expect((await call(mep.setEmailNotices, { email_notices: false }, 'a')).data).toEqual({ email_notices: false });
      t.outbox.messages.length = 0;
      const n2 = await send({
        audience: { kind: 'users', user_ids: [String(ids.a), String(ids.b)] },
        email_copy: true,
      });
      await delivered(n2.id);
      expect(t.outbox.messages.map((x) => x.to)).toEqual([emails.b]);
    });

    it('the link expires after 30 days', async () => {
      const p = parts(link);
      t.clock.advance(29 * 86_400_000);
      expect((await open(p)).ok).toBe(true);
      t.clock.advance(2 * 86_400_000);
      const res = await open(p);
      expect(res.err_data).toMatchObject({ kind: 'forbidden' });
      expect(res.err_data?.show).toMatch(/链接已过期/);
    });
  });

  it('delivers in batches: each batch moves the cursor, a repeat writes nothing twice', async () => {
    const repo = createMailRepo(t.database.db);
    const userCount = (await t.database.db.select({ n: count() }).from(users))[0]?.n ?? 0;
    const row = await repo.insertNotice({
      subject: '分批',
      content: '分批送达',
      audience: { kind: 'all' },
      sendAt: t.clock.now(),
      createdAt: t.clock.now(),
    });
    const before = await mailCount();
    const first = await repo.fanOutBatch(row.id, 2, t.clock.now());
    expect(first).toEqual({ more: true, written: 2 });
    const [afterFirst] = await t.database.db.select().from(notices).where(eq(notices.id, row.id));
    expect(afterFirst?.fanCursor).toBeGreaterThan(0);
    expect(afterFirst?.deliveredAt).toBeNull();
    // A crash after the insert but before the cursor moved: the rows are there, the repeat skips them.
    await t.database.db.update(notices).set({ fanCursor: 0 }).where(eq(notices.id, row.id));
    expect(await repo.fanOutBatch(row.id, 2, t.clock.now())).toEqual({ more: true, written: 0 });
    let guard = 0;
    while ((await repo.fanOutBatch(row.id, 2, t.clock.now())).more && guard++ < 100) {}
    const [done] = await t.database.db.select().from(notices).where(eq(notices.id, row.id));
    expect(done?.deliveredAt).not.toBeNull();
    expect((await mailCount()) - before).toBe(userCount);
  });
});
