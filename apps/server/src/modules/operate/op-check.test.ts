// The operator check code (issue 17, ADR 0031): a sensitive staff action needs a code sent to the
// operator's own phone or e-mail. Required, wrong, expired (the test clock), reused, another action's,
// another operator's; the lock after wrong tries; the send limit; the audit row; refused to non-staff.
import * as mep from '@gre/contract/endpoints/permission';
import * as uep from '@gre/contract/endpoints/user';
import { RoleKind } from '@gre/contract/enums';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit } from '../../db/schema/pay.ts';
import { users } from '../../db/schema/user.ts';
import { opCheckCode, staffUser, userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';

describe.each(testDbKinds())('the operator check code on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids = { member: '', op: '' };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const m = await userWithRole(t, RoleKind.FreeVIP);
    ids.member = m.user.id;
    tokens.member = m.token;
    const op = await staffUser(t, { isOperator: true });
    ids.op = op.user.id;
    tokens.op = op.token;
    // The first operator has a phone: codes go there; the second only an e-mail.
    await t.database.db
      .update(users)
      .set({ phone: '13800138000' })
      .where(eq(users.id, Number(ids.op)));
    tokens.op2 = (await staffUser(t, { isOperator: true })).token;
    tokens.op3 = (await staffUser(t, { isOperator: true })).token;
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
    tokens.vip = (await userWithRole(t, RoleKind.VIP)).token;
    tokens.svip = (await userWithRole(t, RoleKind.SVIP)).token;
    tokens.teacher = (await staffUser(t, { isTeacher: true })).token;
  }, 240_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  type Ep = Parameters<TestApp['call']>[0];
  const call = async (e: Ep, body: unknown, who: string) => (await t.call(e, body, { token: tokens[who] })).body;
  const coinsOf = async (id: string) =>
    Number(
      (
        await t.database.db
          .select()
          .from(users)
          .where(eq(users.id, Number(id)))
      )[0]?.flashCoins,
    );
  const coinChange = (op_code?: string, delta = 5) => ({ user_id: ids.member, delta, note: '活动', op_code });
  const checks = async () =>
    t.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.action, 'op_check'))
      .orderBy(sql`${staffAudit.id} desc`);

  it('sends the code to the operator’s own phone, masked, naming the action; the code confirms it once', async () => {
    t.clock.advance(61_000);
    const sent = await call(uep.sendOpCheckCode, { action: 'change_coin' }, 'op');
    expect(sent.data).toEqual({ sent_to: '138****8000', resend_after_seconds: 30, expires_in_seconds: 600 });
    const msg = t.outbox.messages.at(-1);
    expect(msg).toMatchObject({ channel: 'sms', to: '13800138000' });
    expect(msg?.text).toMatch(/“增减闪卡币”操作，验证码是 \d{6}，10 分钟内有效/);
    const code = /\d{6}/.exec(msg?.text ?? '')?.[0] as string;

    const before = await coinsOf(ids.member);
    const r = await call(mep.manualChangeFlashCoin, coinChange(code), 'op');
    expect(r.ok).toBe(true);
    expect(await coinsOf(ids.member)).toBe(before + 5);
    const [row] = await checks();
    expect(row).toMatchObject({
      staffId: Number(ids.op),
      targetUserId: Number(ids.member),
      subject: 'change_coin',
      after: { sent_to: '138****8000' },
    });
    // Used once: the same code again changes nothing.
    const again = await call(mep.manualChangeFlashCoin, coinChange(code), 'op');
    expect(again.err_data).toMatchObject({ kind: 'code_invalid', show: '操作验证码已失效或已使用，请重新获取' });
    expect(await coinsOf(ids.member)).toBe(before + 5);
  });

  it('an operator without a phone gets it by e-mail, masked', async () => {
    t.clock.advance(61_000);
    const sent = await call(uep.sendOpCheckCode, { action: 'grant_vip' }, 'op2');
    expect((sent.data as { sent_to: string }).sent_to).toMatch(/^r\*{4}@example\.com$/);
    expect(t.outbox.messages.at(-1)?.channel).toBe('email');
  });

  it('refuses a missing, malformed, wrong, expired, another action’s or another operator’s code; nothing changes', async () => {
    const before = await coinsOf(ids.member);
    const nChecks = (await checks()).length;
    const refusal = async (body: unknown, who = 'op') => (await call(mep.manualChangeFlashCoin, body, who)).err_data;
    expect((await refusal(coinChange(undefined)))?.show).toBe('请输入操作验证码');
    expect((await refusal(coinChange('12ab56')))?.show).toBe('操作验证码为 6 位数字');
    expect((await refusal({ ...coinChange('123456'), op_code: ['123456'] }))?.kind).toBe('invalid_param');
    // No code was asked for this action yet.
    expect((await refusal(coinChange('123456')))?.show).toBe('操作验证码已失效或已使用，请重新获取');

    const good = await opCheckCode(t, tokens.op as string, 'change_coin');
    const wrong = good === '000000' ? '000001' : '000000';
    expect(await refusal(coinChange(wrong))).toMatchObject({
      kind: 'code_invalid',
      show: '操作验证码错误，请核对后重新输入',
    });
    // Another operator cannot use it (their own phone has no such code).
    expect((await refusal(coinChange(good), 'op3'))?.kind).toBe('code_invalid');
    // A code for another action does not confirm this one.
    const forGrant = await opCheckCode(t, tokens.op as string, 'grant_vip');
    expect((await refusal(coinChange(forGrant)))?.kind).toBe('code_invalid');
    // Expired after 10 minutes.
    t.clock.advance(10 * 60_000 + 1);
    expect((await refusal(coinChange(good)))?.show).toBe('操作验证码已失效或已使用，请重新获取');
    expect(await coinsOf(ids.member)).toBe(before);
    expect((await checks()).length).toBe(nChecks);
  });

  it('five wrong tries lock the operator’s codes for 15 minutes (sending too), then a fresh code works', async () => {
    t.clock.advance(16 * 60_000);
    const before = await coinsOf(ids.member);
    const good = await opCheckCode(t, tokens.op2 as string, 'change_coin');
    const wrong = good === '111111' ? '222222' : '111111';
    const shows: string[] = [];
    for (let i = 0; i < 5; i++)
      shows.push(String((await call(mep.manualChangeFlashCoin, coinChange(wrong), 'op2')).err_data?.show));
    expect(shows.slice(0, 4)).toEqual(Array(4).fill('操作验证码错误，请核对后重新输入'));
    expect(shows[4]).toBe('操作验证码错误次数过多，请 15 分钟后再试');
    // Locked: even the right code, and sending a new one.
    const locked = await call(mep.manualChangeFlashCoin, coinChange(good), 'op2');
    expect(locked.err_data).toMatchObject({ kind: 'rate_limited', show: '操作验证码错误次数过多，请 15 分钟后再试' });
    const send = await call(uep.sendOpCheckCode, { action: 'change_coin' }, 'op2');
    expect(send.err_data?.kind).toBe('rate_limited');
    // Another operator is not locked.
    expect((await call(uep.sendOpCheckCode, { action: 'change_coin' }, 'op3')).ok).toBe(true);
    expect(await coinsOf(ids.member)).toBe(before);
    t.clock.advance(15 * 60_000);
    const fresh = await opCheckCode(t, tokens.op2 as string, 'change_coin');
    expect((await call(mep.manualChangeFlashCoin, coinChange(fresh), 'op2')).ok).toBe(true);
    expect(await coinsOf(ids.member)).toBe(before + 5);
  });

  it('sending is limited: at most 5 codes a minute per operator', async () => {
    t.clock.advance(61_000);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await call(uep.sendOpCheckCode, { action: 'set_higher' }, 'op3'));
    expect(answers.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(answers[5]?.err_data?.kind).toBe('rate_limited');
    expect(answers[5]?.err_data?.show).toMatch(/^操作验证码发送过于频繁，请 \d+ 秒后再试$/);
  });

  it('every confirmed action needs its code: grants, removal, higher, gifts, freeze, refund and void', async () => {
    const need = async (e: Ep, body: object, who = 'admin') =>
      (await call(e, { ...body, op_code: '123456' }, who)).err_data?.kind;
    t.clock.advance(61_000);
    const period = { from: '2025-01-01T00:00:00Z', to: '2025-01-02T00:00:00Z' };
    for (const [e, body] of [
      [mep.manualGrantVip, { user_id: ids.member, role_kind: 3, days: 1, note: 'x' }],
      [mep.removeVip, { user_id: ids.member, note: 'x' }],
      [mep.setHigher, { user_id: ids.member, on: true, note: 'x' }],
      [mep.batchNewmanGift, { ...period, kind: 3, coins: 1, note: 'x' }],
      [uep.freeze, { user_id: ids.member, freeze: true }],
      [mep.refundTrade, { trade_id: 'T1', note: 'x' }],
      [mep.invalidateTrade, { trade_id: 'T1', note: 'x' }],
    ] as const)
      expect(await need(e, body), e.path).toBe('code_invalid');
    const me = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(ids.member)));
    expect(me[0]).toMatchObject({ isFreeze: false, showHigherCollect: false, roleKind: RoleKind.FreeVIP });
    // The freeze confirmed by a code is in the audit with its target.
    const target = (await userWithRole(t, RoleKind.Trail)).user.id;
    const code = await opCheckCode(t, tokens.admin as string, 'freeze');
    expect((await call(uep.freeze, { user_id: target, freeze: true, op_code: code }, 'admin')).ok).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'op_check'), eq(staffAudit.subject, 'freeze')));
    expect(row?.targetUserId).toBe(Number(target));
    // The freeze itself is audited too, with the state before and after.
    const [own] = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'freeze'), eq(staffAudit.targetUserId, Number(target))));
    expect(own).toMatchObject({ before: { is_freeze: false }, after: { is_freeze: true } });
  });

  it('send_op_check_code refuses members, VIP, SVIP and teachers, and garbage, sending nothing', async () => {
    t.clock.advance(61_000);
    const sent = t.outbox.messages.length;
    for (const who of ['member', 'vip', 'svip', 'teacher'])
      expect((await call(uep.sendOpCheckCode, { action: 'grant_vip' }, who)).err_data?.kind, who).toBe('forbidden');
    for (const body of [{}, { action: 'drop_table' }, { action: 1 }, { action: 'grant_vip'.repeat(1000) }])
      expect((await call(uep.sendOpCheckCode, body, 'op')).err_data).toMatchObject({
        kind: 'invalid_param',
        show: '操作类型不正确',
      });
    for (const body of [null, []])
      expect((await call(uep.sendOpCheckCode, body, 'op')).err_data).toMatchObject({
        kind: 'invalid_param',
        show: expect.stringMatching(/^无效输入/),
      });
    expect(t.outbox.messages.length).toBe(sent);
  });
});
