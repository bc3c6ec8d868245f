// The operator console's calls (issue 17, ADR 0031): finding users by id, phone, e-mail and name
// prefix; one user's orders and the staff actions on them; opening the advanced bank, audited, locked
// against a second operator; refused to everyone without the operator flag.
import * as mep from '@gre/contract/endpoints/permission';
import * as uep from '@gre/contract/endpoints/user';
import { RoleKind } from '@gre/contract/enums';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit } from '../../db/schema/pay.ts';
import { users } from '../../db/schema/user.ts';
import { staffUser, userWithRole } from '../../test/accounts.ts';
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
  const auditCount = async () =>
    Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(staffAudit))[0]?.n);

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
    const r = await ok(mep.setHigher, { user_id: member.id, on: true, note: '报名高阶班' }, 'op');
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
    const [a, b] = await Promise.all([
      ok(mep.setHigher, { user_id: member.id, on: false, note: '关闭' }, 'op'),
      ok(mep.setHigher, { user_id: member.id, on: true, note: '开通' }, 'op2'),
    ]);
    expect(await auditCount()).toBe(before + 2);
    const audit = (await ok(mep.getStaffUser, { user_id: member.id }, 'op')).audit.slice(0, 2);
    const last = audit[0].subject === '开通';
    const final = (await ok(mep.getStaffUser, { user_id: member.id }, 'op')).user.show_higher_collect;
    expect(final).toBe(last);
    expect([a.user.show_higher_collect, b.user.show_higher_collect].sort()).toEqual([false, true]);
  });

  it("lists the money actions of pay's staff endpoints with what they changed", async () => {
    await ok(mep.manualGrantVip, { user_id: member.id, role_kind: RoleKind.VIP, days: 30, note: '赠送' }, 'op');
    await ok(mep.manualChangeFlashCoin, { user_id: member.id, delta: 5, note: '活动' }, 'op');
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
    const [first, second] = await Promise.all([
      ok(mep.batchNewmanGift, gift, 'op'),
      ok(mep.batchNewmanGift, gift, 'op2'),
    ]);
    expect(first.gifted + second.gifted).toBe(2);
    expect(first.skipped + second.skipped).toBe(2);
    expect(await ok(mep.batchNewmanGift, gift, 'op')).toEqual({ gifted: 0, skipped: 2 });
    for (const u of [a, b]) {
      const view = await ok(mep.getStaffUser, { user_id: u.user.id }, 'op');
      expect(view.user.flash_coins).toBe(30);
    }
    // Another gift (7 VIP days) is a new batch: each gets it once, as a membership with a record.
    expect(await ok(mep.batchNewmanGift, { from, to, kind: 1, days: 7, note: '新人礼包' }, 'op')).toEqual({
      gifted: 2,
      skipped: 0,
    });
    const view = await ok(mep.getStaffUser, { user_id: a.user.id }, 'op');
    expect(view.user.role_kind).toBe(RoleKind.VIP);
    // Refused: no amount, an empty or reversed period, more than 92 days.
    const refused = async (body: object) => (await call(mep.batchNewmanGift, body, 'op')).err_data?.show;
    expect(await refused({ from, to, kind: 3, note: 'x' })).toBe('请填写赠送的天数或闪卡币数');
    expect(await refused({ from: to, to: from, kind: 3, coins: 1, note: 'x' })).toBe('结束时间须晚于开始时间');
    expect(
      (await call(mep.batchCheckNewman, { from: '2026-01-01T00:00:00Z', to: '2026-06-01T00:00:00Z' }, 'op')).err_data
        ?.show,
    ).toBe('一次最多查询 92 天');
  });

  it('a missing user is not_found and writes no audit row', async () => {
    const before = await auditCount();
    expect((await call(mep.setHigher, { user_id: '999999999', on: true, note: 'x' }, 'op')).err_data).toMatchObject({
      kind: 'not_found',
      show: '用户不存在',
    });
    expect((await call(mep.getStaffUser, { user_id: '999999999' }, 'op')).err_data?.kind).toBe('not_found');
    expect((await call(mep.setHigher, { user_id: member.id, on: true, note: '  ' }, 'op')).err_data?.show).toBe(
      '请填写原因',
    );
    expect(await auditCount()).toBe(before);
  });

  it('refuses members, SVIP and teachers, changing nothing', async () => {
    const before = await auditCount();
    for (const who of ['member', 'svip', 'teacher'])
      for (const [e, body] of [
        [mep.findUser, { query: member.id }],
        [mep.getStaffUser, { user_id: member.id }],
        [mep.setHigher, { user_id: member.id, on: false, note: 'x' }],
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
