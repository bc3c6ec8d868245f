// The crown and tailor use (issue 17, ADR 0034): set_high opens 精华 questions and sets for any role
// at the next request and takes them away as fast; custom exams (自选组卷) are limited per role, then
// by the extra ones an operator grants one user or an admin grants everyone; every new call is audited,
// row-locked, refuses garbage in Chinese and is refused to everyone without the staff flag.
import * as xep from '@gre/contract/endpoints/exam';
import * as mep from '@gre/contract/endpoints/permission';
import * as qep from '@gre/contract/endpoints/question';
import * as sep from '@gre/contract/endpoints/system';
import * as uep from '@gre/contract/endpoints/user';
import { RoleKind } from '@gre/contract/enums';
import { rightsLines } from '@gre/contract/rights';
import type { OpAction } from '@gre/contract/user';
import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit } from '../../db/schema/pay.ts';
import { users } from '../../db/schema/user.ts';
import { opCheckCode, registerUser, staffUser, userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { loadCatalogue } from '../question/catalogue.ts';

describe.each(testDbKinds())('the crown and tailor use on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let bestId = '';
  let lockedId = '';
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    for (const [who, role] of [
      ['member', RoleKind.FreeVIP],
      ['vip', RoleKind.VIP],
      ['svip', RoleKind.SVIP],
    ] as const) {
      const u = await userWithRole(t, role);
      tokens[who] = u.token;
      ids[who] = u.user.id;
    }
    const trial = await registerUser(t);
    tokens.trial = trial.token;
    ids.trial = trial.user.id;
    tokens.op = (await staffUser(t, { isOperator: true })).token;
    tokens.op2 = (await staffUser(t, { isOperator: true })).token;
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
    tokens.teacher = (await staffUser(t, { isTeacher: true })).token;
    const c = await loadCatalogue(t.database.db, t.clock.now());
    bestId = c.entries.find((e) => e.question.visibility === 'best')?.question.id ?? '';
    lockedId = c.entries.find((e) => e.question.visibility === 'locked')?.question.id ?? '';
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  type Ep = Parameters<TestApp['call']>[0];
  /** The two console actions this file tests are confirmed with the operator's check code (op-check.ts). */
  const confirmedBy: Record<string, OpAction> = {
    [mep.setHigh.path]: 'set_high',
    [mep.assignCustomTailorUse.path]: 'tailor',
  };
  const call = async (e: Ep, body: unknown, who: string) => {
    const action = confirmedBy[e.path];
    const token = tokens[who] as string;
    const sent =
      action && (who === 'op' || who === 'op2' || who === 'admin')
        ? { ...(body as object), op_code: await opCheckCode(t, token, action) }
        : body;
    return (await t.call(e, sent, { token })).body;
  };
  // biome-ignore lint/suspicious/noExplicitAny: test helper returning each endpoint's data
  const ok = async (e: Ep, body: unknown, who: string): Promise<any> => {
    const res = await call(e, body, who);
    if (!res.ok || !res.data) throw new Error(`${e.path}: ${JSON.stringify(res.err_data)}`);
    return res.data;
  };
  /** Staff actions in the audit (each confirmed one also writes an op_check row, counted apart). */
  const auditCount = async () =>
    Number(
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(staffAudit)
          .where(ne(staffAudit.action, 'op_check'))
      )[0]?.n,
    );
  const lockedBestSet = async (who: string) =>
    ((await ok(xep.listTemplates, { page: 'best' }, who)).cards as { accessable: boolean; template: { id: string } }[])
      .filter((c) => !c.accessable)
      .map((c) => c.template.id);

  it('the crown opens 精华 questions and sets for a VIP at the next request; taking it away refuses at once', async () => {
    expect(bestId).not.toBe('');
    expect((await call(qep.getQuestion, { id: bestId }, 'vip')).err_data?.kind).toBe('limit');
    const locked = await lockedBestSet('vip');
    expect(locked.length).toBeGreaterThan(0);
    const setId = locked[0] as string;
    expect((await call(xep.openBook, { template_id: setId }, 'vip')).err_data?.kind).toBe('limit');

    const granted = await ok(mep.setHigh, { user_id: ids.vip, on: true, note: '老学员回馈' }, 'op');
    expect(granted.user.has_crown).toBe(true);
    // The same login, no re-login: the question, the set and the user's own view follow the crown.
    expect((await ok(qep.getQuestion, { id: bestId }, 'vip')).question.id).toBe(bestId);
    expect(await lockedBestSet('vip')).toEqual([]);
    expect((await ok(xep.openBook, { template_id: setId }, 'vip')).exam_id).toBeTruthy();
    expect((await ok(uep.getUser, {}, 'vip')).accessibility.has_crown).toBe(true);
    const [audit] = (await ok(mep.getStaffUser, { user_id: ids.vip }, 'op')).audit;
    expect(audit).toMatchObject({ action: 'set_high', subject: '老学员回馈', change: '授予皇冠' });

    await ok(mep.setHigh, { user_id: ids.vip, on: false, note: '活动结束' }, 'op2');
    expect((await call(qep.getQuestion, { id: bestId }, 'vip')).err_data?.kind).toBe('limit');
    expect(await lockedBestSet('vip')).toContain(setId);
    expect((await ok(uep.getUser, {}, 'vip')).accessibility.has_crown).toBe(false);
  });

  it('the crown opens 精华 for an ordinary member too, and lifts no quota', async () => {
    await ok(mep.setHigh, { user_id: ids.member, on: true, note: '合作' }, 'op');
    expect((await ok(qep.getQuestion, { id: bestId }, 'member')).question.id).toBe(bestId);
    // Member questions (locked) stay closed: the crown is 精华 only.
    expect((await call(qep.getQuestion, { id: lockedId }, 'member')).err_data?.kind).toBe('public_only');
    await ok(mep.setHigh, { user_id: ids.member, on: false, note: '合作结束' }, 'op');
  });

  it('the rights data states the custom-exam quota for every role', async () => {
    const roles = (await ok(sep.getRights, {}, 'trial')).roles as Parameters<typeof rightsLines>[0][];
    expect(roles.map((r) => [r.quota.tailors_per_day, r.quota.tailors_total])).toEqual([
      [-1, 3],
      [5, -1],
      [20, -1],
      [-1, -1],
    ]);
    expect(roles.map((r) => rightsLines(r).tailor)).toEqual(['共 3 次', '每天 5 次', '每天 20 次', '不限']);
  });

  it('a trial makes 3 custom exams, then the extra ones granted to them and to everyone, then is refused', async () => {
    const create = (who = 'trial') => call(xep.createExam, { create_option: { kind: 'mixed', count: 5 } }, who);
    for (let i = 0; i < 3; i++) expect((await create()).ok, `exam ${i + 1}`).toBe(true);
    const refused = await create();
    expect(refused.err_data).toMatchObject({
      kind: 'role_overflow',
      show: '您的试用用户自选组卷额度已用完（试用期共 3 次），开通会员后继续',
      overflow_subject: '自选组卷',
    });

    const before = await auditCount();
    const r = await ok(mep.assignCustomTailorUse, { user_id: ids.trial, extra: 1, note: '课程赠送' }, 'op');
    expect(r.user).toMatchObject({ tailor_extra: 1, tailor_extra_used: 0, show_tailor_shelf: true });
    expect(await auditCount()).toBe(before + 1);
    expect((await ok(uep.getUser, {}, 'trial')).accessibility.show_tailor_shelf).toBe(true);
    expect((await create()).ok).toBe(true);
    expect((await create()).err_data?.kind).toBe('role_overflow');

    // The common default: an operator may not set it, an admin may; it adds to everyone's extra.
    expect((await call(mep.assignCommonTailorUse, { extra: 1, note: '活动' }, 'op')).err_data?.kind).toBe('forbidden');
    expect(await ok(mep.assignCommonTailorUse, { extra: 1, note: '双十一活动' }, 'admin')).toEqual({ extra: 1 });
    expect(await ok(mep.getCommonTailorUse, {}, 'admin')).toEqual({ extra: 1 });
    expect((await create()).ok).toBe(true);
    expect((await create()).err_data?.kind).toBe('role_overflow');
    const view = await ok(mep.getStaffUser, { user_id: ids.trial }, 'op');
    expect(view.user).toMatchObject({ tailor_extra: 1, tailor_extra_used: 2 });
    expect(view.audit[0]).toMatchObject({
      action: 'assign_custom_tailor_use',
      change: '额外自选组卷 0 → 1 次，显示我的组卷',
    });
    await ok(mep.assignCommonTailorUse, { extra: 0, note: '活动结束' }, 'admin');
    // 我的组卷: the five custom exams, and only custom exams (the VIP's opened set is not one).
    const shelf = await ok(xep.listRecords, { custom_only: true }, 'trial');
    expect(shelf.page_control.total).toBe(5);
    expect(new Set(shelf.records.map((r: { kind: string }) => r.kind))).toEqual(new Set(['custom']));
    expect((await ok(xep.listRecords, { custom_only: true }, 'vip')).page_control.total).toBe(0);
    expect((await ok(xep.listRecords, {}, 'vip')).page_control.total).toBeGreaterThan(0);
  });

  it("a member's day quota: 5 a day, then refused with the day's message; staff are not counted", async () => {
    const create = (who: string) => call(xep.createExam, { create_option: { kind: 'verbal', count: 3 } }, who);
    for (let i = 0; i < 5; i++) expect((await create('member')).ok).toBe(true);
    expect((await create('member')).err_data).toMatchObject({
      kind: 'day_overflow',
      show: '您的普通会员今日自选组卷额度已用完（每天 5 次），明天再来或升级会员',
    });
    for (let i = 0; i < 6; i++) expect((await create('teacher')).ok).toBe(true);
  });

  it('two operators at once: both audited, the later one stands, each answer is a real state', async () => {
    const before = await auditCount();
    const [a, b] = await Promise.all([
      ok(mep.assignCustomTailorUse, { user_id: ids.svip, extra: 4, show_shelf: false, note: '甲' }, 'op'),
      ok(mep.assignCustomTailorUse, { user_id: ids.svip, extra: 9, note: '乙' }, 'op2'),
    ]);
    expect(await auditCount()).toBe(before + 2);
    const view = await ok(mep.getStaffUser, { user_id: ids.svip }, 'op');
    const last = view.audit[0].subject === '乙' ? b : a;
    expect(view.user.tailor_extra).toBe(last.user.tailor_extra);
    expect([a.user.tailor_extra, b.user.tailor_extra].sort()).toEqual([4, 9]);
  });

  it('garbage bodies get a Chinese error and change nothing; a missing user is not_found', async () => {
    const before = await auditCount();
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(ids.svip)));
    const shown = async (e: Ep, body: unknown, who = 'op') => (await call(e, body, who)).err_data?.show;
    expect(await shown(mep.setHigh, { user_id: ids.svip, on: 'yes', note: 'x' })).toBe('请选择授予或收回');
    expect(await shown(mep.setHigh, { user_id: ids.svip, on: true, note: ' ' })).toBe('请填写原因');
    expect(await shown(mep.setHigh, { user_id: 'abc', on: true, note: 'x' })).toBe('用户 ID 不正确');
    expect(await shown(mep.assignCustomTailorUse, { user_id: ids.svip, extra: -1, note: 'x' })).toBe(
      '额外组卷次数不能小于 0',
    );
    expect(await shown(mep.assignCustomTailorUse, { user_id: ids.svip, extra: 1.5, note: 'x' })).toBe(
      '额外组卷次数须为整数',
    );
    expect(await shown(mep.assignCustomTailorUse, { user_id: ids.svip, extra: '3', note: 'x' })).toBe(
      '请填写额外组卷次数',
    );
    expect(await shown(mep.assignCommonTailorUse, { extra: 10_001, note: 'x' }, 'admin')).toBe(
      '额外组卷次数最多 10000',
    );
    expect(await shown(mep.assignCommonTailorUse, [], 'admin')).toMatch(/[\u4e00-\u9fff]/);
    expect((await call(mep.setHigh, { user_id: '999999999', on: true, note: 'x' }, 'op')).err_data).toMatchObject({
      kind: 'not_found',
      show: '用户不存在',
    });
    expect(
      (await call(mep.assignCustomTailorUse, { user_id: '999999999', extra: 1, note: 'x' }, 'op')).err_data?.kind,
    ).toBe('not_found');
    expect(await auditCount()).toBe(before);
    const [after] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(ids.svip)));
    expect(after).toEqual(row);
  });

  it('refuses members, VIP, SVIP and teachers every new call (and operators the common default), changing nothing', async () => {
    const before = await auditCount();
    const calls = [
      [mep.setHigh, { user_id: ids.member, on: true, note: 'x' }],
      [mep.assignCustomTailorUse, { user_id: ids.member, extra: 5, note: 'x' }],
      [mep.getCommonTailorUse, {}],
      [mep.assignCommonTailorUse, { extra: 5, note: 'x' }],
    ] as const;
    for (const who of ['member', 'vip', 'svip', 'teacher'])
      for (const [e, body] of calls)
        expect((await call(e, body, who)).err_data?.kind, `${e.path} as ${who}`).toBe('forbidden');
    for (const [e, body] of calls.slice(2))
      expect((await call(e, body, 'op')).err_data?.kind, `${e.path} as operator`).toBe('forbidden');
    expect(await auditCount()).toBe(before);
    const [m] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(ids.member)));
    expect(m).toMatchObject({ hasCrown: false, tailorExtra: 0 });
  });
});
