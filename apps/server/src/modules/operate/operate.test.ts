// The operator console's calls (issue 17, ADR 0031): finding users by id, phone, e-mail and name
// prefix; one user's orders and the staff actions on them; opening the advanced bank, audited, locked
// against a second operator; refused to everyone without the operator flag.
import * as mep from '@gre/contract/endpoints/permission';
import * as uep from '@gre/contract/endpoints/user';
import { RoleKind } from '@gre/contract/enums';
import type { OpAction } from '@gre/contract/user';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { essays } from '../../db/schema/essay.ts';
import { exams } from '../../db/schema/exam.ts';
import { staffAudit, trades } from '../../db/schema/pay.ts';
import { dailyActivity } from '../../db/schema/summary.ts';
import { users } from '../../db/schema/user.ts';
import { opCheckCode, staffUser, userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';

describe.each(testDbKinds())('the operator console on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let member: { id: string; email: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const m = await userWithRole(t, RoleKind.FreeVIP);
    member = { id: m.user.id, email: m.email };
    tokens.member = m.token;
    tokens.op = (await staffUser(t, { isOperator: true })).token;
    tokens.op2 = (await staffUser(t, { isOperator: true })).token;
    tokens.svip = (await userWithRole(t, RoleKind.SVIP)).token;
    tokens.teacher = (await staffUser(t, { isTeacher: true })).token;
    await t.database.db
      .update(users)
      .set({ name: '闪电_考生%', phone: '13912345678' })
      .where(eq(users.id, Number(member.id)));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  type Ep = Parameters<TestApp['call']>[0];
  const call = async (e: Ep, body: unknown, who: string) => (await t.call(e, body, { token: tokens[who] })).body;
  // biome-ignore lint/suspicious/noExplicitAny: test helper returning each endpoint's data
  const ok = async (e: Ep, body: unknown, who: string): Promise<any> => {
    const res = await call(e, body, who);
    if (!res.ok || !res.data) throw new Error(`${e.path}: ${JSON.stringify(res.err_data)}`);
    return res.data;
  };
  const found = async (query: string) =>
    ((await ok(mep.findUser, { query }, 'op')).users as { user_id: string }[]).map((u) => u.user_id);
  /** Staff changes in the audit (the op_check rows of the codes that confirmed them are op-check.test's). */
  const auditCount = async () =>
    Number(
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(staffAudit)
          .where(sql`${staffAudit.action} <> 'op_check'`)
      )[0]?.n,
    );
  const code = (who: string, action: OpAction) => opCheckCode(t, tokens[who] as string, action);

  it('finds a user by id, phone, e-mail in any case and name prefix; LIKE characters are literal', async () => {
    expect(await found(member.id)).toContain(member.id);
    expect(await found('13912345678')).toEqual([member.id]);
    expect(await found(member.email.toUpperCase())).toEqual([member.id]);
    expect(await found('闪电_考')).toEqual([member.id]);
    // '_' and '%' match themselves only: '闪电x' and a bare '%' find nobody by name.
    expect(await found('闪电x')).toEqual([]);
    expect(await found('%')).toEqual([]);
    expect(await found('1391234567')).toEqual([]);
    const first = (await ok(mep.findUser, { query: member.id }, 'op')).users[0];
    expect(first).toMatchObject({
      user_id: member.id,
      role_kind: RoleKind.FreeVIP,
      phone: '13912345678',
      show_higher_collect: false,
      is_staff: false,
    });
    expect((await call(mep.findUser, { query: '   ' }, 'op')).err_data?.show).toBe('请输入用户 ID、手机号、邮箱或昵称');
  });

  it('opens the advanced bank: the member sees the flag, the audit keeps before and after, the console lists it', async () => {
    const before = await auditCount();
    const r = await ok(
      mep.setHigher,
      { user_id: member.id, on: true, note: '报名高阶班', op_code: await code('op', 'set_higher') },
      'op',
    );
    expect(r.user.show_higher_collect).toBe(true);
    expect((await ok(uep.getUser, {}, 'member')).accessibility.show_higher_collect).toBe(true);
    expect(await auditCount()).toBe(before + 1);
    const [row] = await t.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.targetUserId, Number(member.id)))
      .orderBy(sql`${staffAudit.id} desc`)
      .limit(1);
    expect(row).toMatchObject({
      action: 'set_higher',
      subject: '报名高阶班',
      before: { show_higher_collect: false },
      after: { show_higher_collect: true },
    });
    const view = await ok(mep.getStaffUser, { user_id: member.id }, 'op');
    expect(view.user.show_higher_collect).toBe(true);
    expect(view.trades).toEqual([]);
    expect(view.audit[0]).toMatchObject({
      action: 'set_higher',
      staff_name: '测试',
      subject: '报名高阶班',
      change: '开通',
    });
  });

  it('two operators at once: both audited, the later change stands and both answers are real states', async () => {
    const before = await auditCount();
    const [c1, c2] = [await code('op', 'set_higher'), await code('op2', 'set_higher')];
    const [a, b] = await Promise.all([
      ok(mep.setHigher, { user_id: member.id, on: false, note: '关闭', op_code: c1 }, 'op'),
      ok(mep.setHigher, { user_id: member.id, on: true, note: '开通', op_code: c2 }, 'op2'),
    ]);
    expect(await auditCount()).toBe(before + 2);
    const audit = (await ok(mep.getStaffUser, { user_id: member.id }, 'op')).audit.slice(0, 2);
    const last = audit[0].subject === '开通';
    const final = (await ok(mep.getStaffUser, { user_id: member.id }, 'op')).user.show_higher_collect;
    expect(final).toBe(last);
    expect([a.user.show_higher_collect, b.user.show_higher_collect].sort()).toEqual([false, true]);
  });

  it("lists the money actions of pay's staff endpoints with what they changed", async () => {
    await ok(
      mep.manualGrantVip,
      { user_id: member.id, role_kind: RoleKind.VIP, days: 30, note: '赠送', op_code: await code('op', 'grant_vip') },
      'op',
    );
    await ok(
      mep.manualChangeFlashCoin,
      { user_id: member.id, delta: 5, note: '活动', op_code: await code('op', 'change_coin') },
      'op',
    );
    const [coins, grant] = (await ok(mep.getStaffUser, { user_id: member.id }, 'op')).audit;
    expect(coins).toMatchObject({ action: 'manual_change_flash_coin', change: '闪卡币 0 → 5' });
    expect(grant.action).toBe('manual_grant_vip');
    expect(grant.change).toMatch(/^普通会员 → VIP 会员（至 \d{4}-\d{2}-\d{2}）$/);
    const view = await ok(mep.findUser, { query: member.id }, 'op');
    expect(view.users[0]).toMatchObject({ role_kind: RoleKind.VIP, flash_coins: 5 });
  });

  it("new-user gifts: the period's new users (no staff) get the gift once, however often it is sent", async () => {
    // Two candidates and an operator who signed up on 1 March (rows moved there; nobody else did).
    const a = await userWithRole(t, RoleKind.Trail);
    const b = await userWithRole(t, RoleKind.FreeVIP);
    const staff = await staffUser(t, { isOperator: true });
    await t.database.db
      .update(users)
      .set({ createdAt: new Date('2026-03-01T10:00:00Z') })
      .where(inArray(users.id, [a.user.id, b.user.id, staff.user.id].map(Number)));
    const [from, to] = ['2026-03-01T00:00:00+08:00', '2026-03-02T00:00:00+08:00'];
    const check = await ok(mep.batchCheckNewman, { from, to }, 'op');
    expect(check.count).toBe(2);
    expect(check.users.map((u: { user_id: string }) => u.user_id).sort()).toEqual([a.user.id, b.user.id].sort());

    const gift = { from, to, kind: 3, coins: 30, note: '新人礼包' };
    const [c1, c2] = [await code('op', 'newman_gift'), await code('op2', 'newman_gift')];
    const [first, second] = await Promise.all([
      ok(mep.batchNewmanGift, { ...gift, op_code: c1 }, 'op'),
      ok(mep.batchNewmanGift, { ...gift, op_code: c2 }, 'op2'),
    ]);
    expect(first.gifted + second.gifted).toBe(2);
    expect(first.skipped + second.skipped).toBe(2);
    expect(await ok(mep.batchNewmanGift, { ...gift, op_code: await code('op', 'newman_gift') }, 'op')).toEqual({
      gifted: 0,
      skipped: 2,
    });
    for (const u of [a, b]) {
      const view = await ok(mep.getStaffUser, { user_id: u.user.id }, 'op');
      expect(view.user.flash_coins).toBe(30);
    }
    // Another gift (7 VIP days) is a new batch: each gets it once, as a membership with a record.
    const days7 = { from, to, kind: 1, days: 7, note: '新人礼包', op_code: await code('op', 'newman_gift') };
    expect(await ok(mep.batchNewmanGift, days7, 'op')).toEqual({
      gifted: 2,
      skipped: 0,
    });
    const view = await ok(mep.getStaffUser, { user_id: a.user.id }, 'op');
    expect(view.user.role_kind).toBe(RoleKind.VIP);
    // Refused: no amount, an empty or reversed period, more than 92 days.
    const refused = async (body: object) =>
      (await call(mep.batchNewmanGift, { ...body, op_code: '123456' }, 'op')).err_data?.show;
    expect(await refused({ from, to, kind: 3, note: 'x' })).toBe('请填写赠送的天数或闪卡币数');
    expect(await refused({ from: to, to: from, kind: 3, coins: 1, note: 'x' })).toBe('结束时间须晚于开始时间');
    expect(
      (await call(mep.batchCheckNewman, { from: '2026-01-01T00:00:00Z', to: '2026-06-01T00:00:00Z' }, 'op')).err_data
        ?.show,
    ).toBe('一次最多查询 92 天');
  });

  it('the operations report counts each figure on its China day, in total and per plan', async () => {
    const db = t.database.db;
    const m = Number(member.id);
    // 1 March 23:30 in China is 15:30 UTC; 2 March 01:00 in China is 1 March 17:00 UTC.
    const mar1 = new Date('2026-03-01T15:30:00Z');
    const mar2 = new Date('2026-03-01T17:00:00Z');
    const trade = (id: string, at: Date, kind: number, param: number, fen: number) => ({
      id,
      userId: m,
      kind,
      param,
      title: kind === 1 ? 'VIP 会员 1 个月' : '闪卡币 50 个',
      listFen: fen,
      priceFen: fen,
      status: 3,
      provider: 'sandbox',
      createdAt: at,
      updatedAt: at,
      expiresAt: at,
      paidAt: at,
      appliedAt: at,
    });
    await db.insert(trades).values([trade('TR1', mar1, 1, 2, 4900), trade('TR2', mar2, 3, 1, 600)]);
    await db.insert(dailyActivity).values([
      { userId: m, day: '2026-03-01' },
      { userId: m, day: '2026-03-02' },
    ]);
    const exam = (id: string, kind: string, at: Date) => ({
      id,
      userId: m,
      name: id,
      kind,
      status: 3,
      sections: [],
      createdAt: at,
      updatedAt: at,
    });
    await db
      .insert(exams)
      .values([exam('EX1', 'mock_full', mar1), exam('EX2', 'practice', mar1), exam('EX3', 'mock_quant', mar2)]);
    await db.insert(essays).values({
      id: 'ES1',
      userId: m,
      questionId: 'i-1',
      source: 'idea',
      text: 'x',
      status: 2,
      createdAt: mar1,
      updatedAt: mar1,
      finishedAt: mar1,
      teacherScore: 4,
      teacherGradedAt: mar2,
    });

    const r = await ok(mep.getReport, { from: '2026-03-01', to: '2026-03-02' }, 'op');
    expect(r.days.map((d: { day: string }) => d.day)).toEqual(['2026-03-01', '2026-03-02']);
    const [d1, d2] = r.days;
    // The gift test's two candidates (created 1 March 10:00 UTC = 18:00 China) are the sign-ups.
    expect(d1).toMatchObject({ signups: 2, active: 1, orders: 1, revenue_fen: 4900, mocks: 1, essays_graded: 1 });
    expect(d1.first_purchases).toBe(1);
    expect(d2).toMatchObject({ signups: 0, active: 1, orders: 1, revenue_fen: 600, mocks: 1, teacher_graded: 1 });
    expect(d2.first_purchases).toBe(0);
    expect(r.totals).toMatchObject({ signups: 2, active: 1, orders: 2, revenue_fen: 5500, mocks: 2 });
    expect(r.plans).toEqual([
      { kind: 1, param: 2, title: 'VIP 会员 1 个月', orders: 1, revenue_fen: 4900 },
      { kind: 3, param: 1, title: '闪卡币 50 个', orders: 1, revenue_fen: 600 },
    ]);
    const refused = async (body: object) => (await call(mep.getReport, body, 'op')).err_data?.show;
    expect(await refused({ from: '2026-03-02', to: '2026-03-01' })).toBe('结束日期不能早于开始日期');
    expect(await refused({ from: '2025-01-01', to: '2026-03-01' })).toBe('一次最多 366 天');
    expect(await refused({ from: '2026-3-1', to: '2026-03-02' })).toMatch(/开始日期格式不正确（YYYY-MM-DD）$/);
  });

  it('a missing user is not_found and writes no audit row', async () => {
    const before = await auditCount();
    const missing = { user_id: '999999999', on: true, note: 'x', op_code: await code('op', 'set_higher') };
    expect((await call(mep.setHigher, missing, 'op')).err_data).toMatchObject({
      kind: 'not_found',
      show: '用户不存在',
    });
    expect((await call(mep.getStaffUser, { user_id: '999999999' }, 'op')).err_data?.kind).toBe('not_found');
    const blank = { user_id: member.id, on: true, note: '  ', op_code: await code('op', 'set_higher') };
    expect((await call(mep.setHigher, blank, 'op')).err_data?.show).toBe('请填写原因');
    expect(await auditCount()).toBe(before);
  });

  it('refuses members, SVIP and teachers, changing nothing', async () => {
    const before = await auditCount();
    for (const who of ['member', 'svip', 'teacher'])
      for (const [e, body] of [
        [mep.findUser, { query: member.id }],
        [mep.getStaffUser, { user_id: member.id }],
        [mep.setHigher, { user_id: member.id, on: false, note: 'x' }],
        [mep.getReport, { from: '2026-01-01', to: '2026-01-02' }],
        [mep.batchCheckNewman, { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }],
        [
          mep.batchNewmanGift,
          { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z', kind: 3, coins: 1, note: 'x' },
        ],
      ] as const)
        expect((await call(e, body, who)).err_data?.kind, `${e.path} as ${who}`).toBe('forbidden');
    expect(await auditCount()).toBe(before);
  });
});
