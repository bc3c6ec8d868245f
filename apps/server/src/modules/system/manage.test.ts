// The rest of /web_manage (issue 17, ADR 0031): the minimum web version, rights and quotas per role,
// plans and prices, staff flags. Each is what the server enforces at once, audited before/after, refused
// to everyone but admins, refused with a Chinese message when malformed (nothing changed), and seen by a
// second app process through the invalidation bus (Redis).
import * as xep from '@gre/contract/endpoints/exam';
import * as pep from '@gre/contract/endpoints/pay';
import * as mep from '@gre/contract/endpoints/permission';
import * as qep from '@gre/contract/endpoints/question';
import * as ep from '@gre/contract/endpoints/system';
import { PaymentKind, RoleKind } from '@gre/contract/enums';
import { rightsLines } from '@gre/contract/rights';
import { desc, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../../app.ts';
import { staffAudit } from '../../db/schema/pay.ts';
import { staffUser, userWithRole } from '../../test/accounts.ts';
import { buildSecondApp, createTestApp, injectCaller, type TestApp, testDbKinds } from '../../test/harness.ts';
import { seedQuotas } from '../exam/exam.quota.ts';
import { loadCatalogue } from '../question/catalogue.ts';
import { seedRights } from '../question/rights.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.CI === 'true')
  throw new Error('CI=true but TEST_REDIS_URL is not set: Redis tests cannot be skipped.');

describe.each(testDbKinds())('web_manage settings on %s', (kind) => {
  let t: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>> | null = null;
  const clients: Redis[] = [];
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const redis = () => {
      const r = new Redis(redisUrl as string);
      clients.push(r);
      return r;
    };
    t = await createTestApp(kind, { content: true, ...(redisUrl ? { redis: redis() } : {}) });
    await seedQuotas(t.database.db, t.clock);
    await seedRights(t.database.db, t.clock);
    if (redisUrl) b = await buildSecondApp(t, redis());
    for (const [who, make] of [
      ['admin', () => staffUser(t, { isAdmin: true })],
      ['admin2', () => staffUser(t, { isAdmin: true })],
      ['op', () => staffUser(t, { isOperator: true })],
      ['teacher', () => staffUser(t, { isTeacher: true })],
      ['member', () => userWithRole(t, RoleKind.FreeVIP)],
      ['member2', () => userWithRole(t, RoleKind.FreeVIP)],
      ['vip', () => userWithRole(t, RoleKind.VIP)],
      ['svip', () => userWithRole(t, RoleKind.SVIP)],
    ] as const) {
      const u = await make();
      tokens[who] = u.token;
      ids[who] = u.user.id;
    }
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await t.close();
    for (const c of clients) c.disconnect();
  }, 30_000);

  type Ep = Parameters<TestApp['call']>[0];
  const call = async (e: Ep, body: unknown, who: string, headers: Record<string, string> = {}) =>
    (await t.call(e, body, { token: tokens[who], headers })).body;
  // biome-ignore lint/suspicious/noExplicitAny: test helper returning each endpoint's data
  const ok = async (e: Ep, body: unknown, who: string): Promise<any> => {
    const res = await call(e, body, who);
    if (!res.ok || !res.data) throw new Error(`${e.path}: ${JSON.stringify(res.err_data)}`);
    return res.data;
  };
  const onB = async (e: Ep, body: unknown, who: string, headers: Record<string, string> = {}) =>
    (await injectCaller(b as NonNullable<typeof b>)(e, body, { token: tokens[who], headers })).body;
  /** Asks B until `pass` holds (the bus message travels through Redis), at most ~2 s. */
  const rightsOnB = async () =>
    (await injectCaller(b as NonNullable<typeof b>)(ep.getRights, {}, { token: tokens.member })).body.data?.roles;
  const eventuallyOnB = async <T>(ask: () => Promise<T>, pass: (v: T) => boolean): Promise<T> => {
    let v = await ask();
    for (let i = 0; i < 100 && !pass(v); i++) {
      await new Promise((r) => setTimeout(r, 20));
      v = await ask();
    }
    return v;
  };
  const auditCount = async () =>
    Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(staffAudit))[0]?.n);
  const lastAudit = async () =>
    (await t.database.db.select().from(staffAudit).orderBy(desc(staffAudit.id)).limit(1))[0];
  const roleOf = async (kind: number) =>
    // biome-ignore lint/suspicious/noExplicitAny: the contract's role rights
    ((await ok(ep.getManage, {}, 'admin')).roles as any[]).find((r) => r.role_kind === kind);

  it('the minimum web version: refuses older pages at once here and in the other process, audited; never above the web', async () => {
    const before = await ok(ep.getManage, {}, 'admin');
    expect(before.min_api_version).toBe('v1.0.0');
    expect(before.default_min_api_version).toBe('v1.0.0');
    const old = { 'x-api-version': 'v1.4.9' };
    expect((await call(ep.getRights, {}, 'member', old)).ok).toBe(true);
    if (b) expect((await onB(ep.getRights, {}, 'member', old)).ok).toBe(true);

    const set = await ok(ep.setMinVersion, { version: 'v1.5.0' }, 'admin');
    expect(set).toEqual({ min_api_version: 'v1.5.0', default_min_api_version: 'v1.0.0' });
    expect((await call(ep.getRights, {}, 'member', old)).err_data?.kind).toBe('api_version_low');
    expect((await call(ep.getRights, {}, 'member', { 'x-api-version': 'v1.5.0' })).ok).toBe(true);
    expect((await ok(ep.getStatus, {}, 'member')).min_api_version).toBe('v1.5.0');
    expect(await lastAudit()).toMatchObject({
      action: 'set_min_api_version',
      staffId: Number(ids.admin),
      before: { min_api_version: 'v1.0.0' },
      after: { min_api_version: 'v1.5.0' },
    });
    if (b) {
      const seen = await eventuallyOnB(
        () => onB(ep.getRights, {}, 'member', old),
        (r) => !r.ok,
      );
      expect(seen.err_data?.kind).toBe('api_version_low');
    }

    // Above the web this server builds: everyone would be locked out.
    const audits = await auditCount();
    const tooNew = await call(ep.setMinVersion, { version: 'v9.0.0' }, 'admin');
    expect(tooNew.err_data).toMatchObject({ kind: 'invalid_param' });
    expect(tooNew.err_data?.show).toContain('不能高于当前网页版本');
    for (const version of ['1.2', 'v1.2', 'latest', 'v1.2.3.4', 12])
      expect((await call(ep.setMinVersion, { version }, 'admin')).err_data?.show, String(version)).toBe(
        '版本号格式应为 vX.Y.Z，例如 v1.2.0',
      );
    expect(await auditCount()).toBe(audits);
    expect((await ok(ep.getStatus, {}, 'member')).min_api_version).toBe('v1.5.0');

    // Empty = back to the deployment's default, everywhere.
    expect((await ok(ep.setMinVersion, { version: '' }, 'admin')).min_api_version).toBe('v1.0.0');
    expect((await call(ep.getRights, {}, 'member', old)).ok).toBe(true);
    if (b)
      expect(
        (
          await eventuallyOnB(
            () => onB(ep.getRights, {}, 'member', old),
            (r) => r.ok,
          )
        ).ok,
      ).toBe(true);
  });

  it('a quota change is enforced at once (questions per day 1: the second question refused) and the rights texts say it', async () => {
    const role = await roleOf(RoleKind.FreeVIP);
    const original = { ...role.quota };
    if (b) expect((await rightsOnB())?.[1]?.quota.questions_per_day).toBe(100);
    const audits = await auditCount();
    const set = await ok(
      ep.setRoleRights,
      { role_kind: RoleKind.FreeVIP, visibilities: role.visibilities, quota: { ...original, questions_per_day: 1 } },
      'admin',
    );
    expect(set.role.quota.questions_per_day).toBe(1);
    expect(rightsLines(set.role).questions).toBe('每天 1 题');
    expect(await auditCount()).toBe(audits + 1);
    expect(await lastAudit()).toMatchObject({
      action: 'set_role_rights',
      subject: String(RoleKind.FreeVIP),
      before: { quota: { questionsPerDay: 100 } },
      after: { quota: { questionsPerDay: 1 } },
    });
    const served = (await ok(ep.getRights, {}, 'member')).roles[1];
    expect(rightsLines(served).questions).toBe('每天 1 题');
    const svg = await t.app.inject({ method: 'GET', url: '/rights-table.svg' });
    expect(svg.body).toContain('>每天 1 题<');

    const list = await ok(xep.listTemplates, { page: 'index' }, 'member');
    // biome-ignore lint/suspicious/noExplicitAny: a practice card
    const card = list.cards.find((c: any) => c.accessable && c.template.question_count >= 3);
    const { exam_id } = await ok(xep.openBook, { template_id: card.template.id }, 'member');
    const answer = (i: number) =>
      call(xep.saveAnswer, { exam_id, section_index: 0, question_index: i, answer: { selects: [0] } }, 'member');
    expect((await answer(0)).ok).toBe(true);
    expect((await answer(1)).err_data).toMatchObject({ kind: 'day_overflow', overflow_subject: '做题' });

    if (b) {
      const seen = await eventuallyOnB(rightsOnB, (r) => r?.[1]?.quota.questions_per_day === 1);
      expect(seen?.[1]?.quota.questions_per_day).toBe(1);
    }
    await ok(
      ep.setRoleRights,
      { role_kind: RoleKind.FreeVIP, visibilities: role.visibilities, quota: original },
      'admin',
    );
    expect((await answer(1)).ok).toBe(true);
  });

  it('a visibility right opens and refuses questions at once', async () => {
    const c = await loadCatalogue(t.database.db, t.clock.now());
    const pick = c.entries.find((e) => e.question.visibility === 'pick');
    expect(pick).toBeTruthy();
    const id = pick?.question.id as string;
    expect((await call(qep.getQuestion, { id }, 'vip')).ok).toBe(true);
    expect((await call(qep.getQuestion, { id }, 'member')).err_data?.kind).toBe('public_only');
    const vip = await roleOf(RoleKind.VIP);
    const without = vip.visibilities.filter((v: string) => v !== 'pick');
    const set = await ok(
      ep.setRoleRights,
      { role_kind: RoleKind.VIP, visibilities: without, quota: vip.quota },
      'admin',
    );
    expect(rightsLines(set.role).visibility).toBe('公开题 + 会员题');
    expect((await call(qep.getQuestion, { id }, 'vip')).err_data?.kind).toBe('limit');
    if (b) {
      const seen = await eventuallyOnB(
        () => onB(qep.getQuestion, { id }, 'vip'),
        (r) => !r.ok,
      );
      expect(seen.err_data?.kind).toBe('limit');
    }
    await ok(ep.setRoleRights, { role_kind: RoleKind.VIP, visibilities: vip.visibilities, quota: vip.quota }, 'admin');
    expect((await call(qep.getQuestion, { id }, 'vip')).ok).toBe(true);
  });

  it('refuses malformed rights and quotas with Chinese messages and changes nothing', async () => {
    const vip = await roleOf(RoleKind.VIP);
    const audits = await auditCount();
    const cases: [unknown, string][] = [
      [{ role_kind: 0, visibilities: [], quota: vip.quota }, '只能修改试用用户、普通会员与付费会员的权益'],
      [{ role_kind: 5, visibilities: [], quota: vip.quota }, '只能修改试用用户、普通会员与付费会员的权益'],
      [
        { role_kind: 3, visibilities: ['hidden'], quota: vip.quota },
        '未知的题目可见性（隐藏与禁用题目只对工作人员可见）',
      ],
      [
        { role_kind: 3, visibilities: ['gold'], quota: vip.quota },
        '未知的题目可见性（隐藏与禁用题目只对工作人员可见）',
      ],
      [{ role_kind: 3, visibilities: 'public', quota: vip.quota }, '请选择可见的题目'],
      [
        { role_kind: 3, visibilities: vip.visibilities, quota: { ...vip.quota, questions_per_day: -2 } },
        '每日做题数须为 -1（不限）或不小于 0 的整数',
      ],
      [
        { role_kind: 3, visibilities: vip.visibilities, quota: { ...vip.quota, mocks_per_day: 1.5 } },
        '每日模考次数须为整数',
      ],
      [
        { role_kind: 3, visibilities: vip.visibilities, quota: { ...vip.quota, essays_total: '5' } },
        '作文批改总篇数须为整数',
      ],
      [
        { role_kind: 3, visibilities: vip.visibilities, quota: { ...vip.quota, flash_new_per_day: 2_000_000 } },
        '每日闪卡新词数最大为 1000000',
      ],
    ];
    for (const [body, show] of cases) expect((await call(ep.setRoleRights, body, 'admin')).err_data?.show).toBe(show);
    const extra = await call(
      ep.setRoleRights,
      { role_kind: 3, visibilities: [], quota: { ...vip.quota, x: 1 } },
      'admin',
    );
    expect(extra.ok).toBe(false);
    expect(extra.err_data?.show).toMatch(/[\u4e00-\u9fff]/);
    expect(await auditCount()).toBe(audits);
    expect(await roleOf(RoleKind.VIP)).toEqual(vip);
  });

  it('a changed price is what pay/init charges; orders made before keep theirs; off sale refuses; audited', async () => {
    const plans = (await ok(ep.getManage, {}, 'admin')).plans;
    // biome-ignore lint/suspicious/noExplicitAny: a managed plan
    const plan = plans.find((p: any) => p.kind === PaymentKind.VIP && p.param === 2);
    expect(plan).toBeTruthy();
    const before = await ok(pep.initPay, { user_id: ids.member, kind: PaymentKind.VIP, param: 2 }, 'member');
    expect(before.price).toBe(plan.price_fen);
    const set = await ok(
      ep.setPlan,
      { kind: PaymentKind.VIP, param: 2, title: '月度 VIP', price: '12.34', active: true },
      'admin',
    );
    expect(set.plan).toMatchObject({ price_fen: 1234, title: '月度 VIP', active: true });
    expect(await lastAudit()).toMatchObject({
      action: 'set_plan',
      before: { price_fen: plan.price_fen, title: plan.title },
      after: { price_fen: 1234, title: '月度 VIP' },
    });
    const after = await ok(pep.initPay, { user_id: ids.member2, kind: PaymentKind.VIP, param: 2 }, 'member2');
    expect(after.price).toBe(1234);
    expect(after.title).toBe('月度 VIP');
    // The first order keeps the price it was made with.
    const first = await ok(pep.getTrade, { id: before.trade.id }, 'member');
    expect(first.trade.price_fen).toBe(plan.price_fen);
    // Off sale: not listed, not sold.
    await ok(
      ep.setPlan,
      { kind: PaymentKind.VIP, param: 2, title: '月度 VIP', price: '12.34', active: false },
      'admin',
    );
    const onSale = (await ok(pep.getPlans, {}, 'member')).plans as { kind: number; param: number }[];
    expect(onSale.some((p) => p.kind === PaymentKind.VIP && p.param === 2)).toBe(false);
    expect((await call(pep.initPay, { user_id: ids.member2, kind: PaymentKind.VIP, param: 2 }, 'member2')).ok).toBe(
      false,
    );
    await ok(
      ep.setPlan,
      { kind: PaymentKind.VIP, param: 2, title: plan.title, price: ep.fenToYuan(plan.price_fen), active: true },
      'admin',
    );
    expect((await ok(ep.getManage, {}, 'admin')).plans).toEqual(plans);

    const audits = await auditCount();
    const garbage: [unknown, string][] = [
      [{ kind: 1, param: 2, title: 'x', price: '12.345', active: true }, '价格应为元，最多两位小数，例如 68.00'],
      [{ kind: 1, param: 2, title: 'x', price: '-1', active: true }, '价格应为元，最多两位小数，例如 68.00'],
      [{ kind: 1, param: 2, title: 'x', price: '0.00', active: true }, '价格须大于 0'],
      [{ kind: 1, param: 2, title: 'x', price: 12, active: true }, '请填写价格'],
      [{ kind: 1, param: 2, title: '  ', price: '12', active: true }, '请输入套餐名称'],
      [{ kind: 1, param: 2, title: 'x', price: '12', active: 'yes' }, '请选择是否在售'],
      [{ kind: 1, param: 9, title: 'x', price: '12', active: true }, '套餐不存在'],
    ];
    for (const [body, show] of garbage) expect((await call(ep.setPlan, body, 'admin')).err_data?.show).toBe(show);
    expect(await auditCount()).toBe(audits);
    expect((await ok(ep.getManage, {}, 'admin')).plans).toEqual(plans);
  });

  it('staff flags take effect on the user’s next request, here and in the other process; an admin keeps their own', async () => {
    const find = { query: ids.member2 };
    if (b) expect((await onB(mep.findUser, find, 'member2')).err_data?.kind).toBe('forbidden'); // B caches the session
    expect((await call(mep.findUser, find, 'member2')).err_data?.kind).toBe('forbidden');
    const set = await ok(
      ep.setStaff,
      { user_id: ids.member2, is_admin: false, is_operator: true, is_teacher: false },
      'admin',
    );
    expect(set.staff).toMatchObject({ user_id: ids.member2, is_operator: true, is_admin: false });
    expect(await lastAudit()).toMatchObject({
      action: 'set_staff',
      targetUserId: Number(ids.member2),
      before: { is_operator: false },
      after: { is_operator: true },
    });
    expect((await call(mep.findUser, find, 'member2')).ok).toBe(true);
    if (b)
      expect(
        (
          await eventuallyOnB(
            () => onB(mep.findUser, find, 'member2'),
            (r) => r.ok,
          )
        ).ok,
      ).toBe(true);
    // biome-ignore lint/suspicious/noExplicitAny: staff flags
    expect((await ok(ep.getManage, {}, 'admin')).staff.some((s: any) => s.user_id === ids.member2)).toBe(true);
    await ok(ep.setStaff, { user_id: ids.member2, is_admin: false, is_operator: false, is_teacher: false }, 'admin');
    expect((await call(mep.findUser, find, 'member2')).err_data?.kind).toBe('forbidden');
    if (b)
      expect(
        (
          await eventuallyOnB(
            () => onB(mep.findUser, find, 'member2'),
            (r) => !r.ok,
          )
        ).err_data?.kind,
      ).toBe('forbidden');

    const audits = await auditCount();
    const self = await call(
      ep.setStaff,
      { user_id: ids.admin, is_admin: false, is_operator: true, is_teacher: false },
      'admin',
    );
    expect(self.err_data).toMatchObject({
      kind: 'invalid_param',
      show: '不能取消自己的管理员权限，请让另一位管理员操作',
    });
    // The same id written with leading zeros is the same user.
    const padded = await call(
      ep.setStaff,
      { user_id: `00${ids.admin}`, is_admin: false, is_operator: false, is_teacher: false },
      'admin',
    );
    expect(padded.err_data?.kind).toBe('invalid_param');
    expect(
      (
        await call(
          ep.setStaff,
          { user_id: '999999999', is_admin: true, is_operator: false, is_teacher: false },
          'admin',
        )
      ).err_data?.show,
    ).toBe('用户不存在');
    expect(
      (await call(ep.setStaff, { user_id: 'abc', is_admin: true, is_operator: false, is_teacher: false }, 'admin'))
        .err_data?.show,
    ).toBe('用户 ID 不正确');
    expect((await call(ep.setStaff, { user_id: ids.member, is_admin: 1 }, 'admin')).err_data?.show).toBe(
      '请选择是否为管理员',
    );
    expect(await auditCount()).toBe(audits);
    expect((await ok(ep.getManage, {}, 'admin')).staff.map((s: { user_id: string }) => s.user_id)).toContain(ids.admin);
    // Another admin may remove this one's flag.
    await ok(ep.setStaff, { user_id: ids.admin2, is_admin: false, is_operator: false, is_teacher: false }, 'admin');
    expect((await call(ep.getManage, {}, 'admin2')).err_data?.kind).toBe('forbidden');
  });

  it('refuses every call to members, VIP, SVIP, teachers and operators, and changes nothing', async () => {
    const vip = await roleOf(RoleKind.VIP);
    const audits = await auditCount();
    const calls = [
      [ep.getManage, {}],
      [ep.setMinVersion, { version: 'v1.1.0' }],
      [ep.setRoleRights, { role_kind: 3, visibilities: ['public'], quota: vip.quota }],
      [ep.setPlan, { kind: 1, param: 2, title: 'x', price: '1.00', active: true }],
      [ep.setStaff, { user_id: ids.member, is_admin: true, is_operator: false, is_teacher: false }],
    ] as const;
    for (const who of ['member', 'vip', 'svip', 'teacher', 'op'])
      for (const [e, body] of calls)
        expect((await call(e, body, who)).err_data?.kind, `${e.path} as ${who}`).toBe('forbidden');
    for (const [e, body] of calls) expect((await t.call(e, body)).body.err_data?.kind, e.path).toBe('unauthorized');
    expect(await auditCount()).toBe(audits);
    expect(await roleOf(RoleKind.VIP)).toEqual(vip);
  });
});
