// The staff export (issue 17): a signed one-minute download address per export, audited; the CSV holds
// what was created (users, orders) or finished (exams) on the range's China days, with a BOM, safe
// cells and Chinese headers; the address refuses forgery, expiry, another range and a staff member who
// lost the flag; nobody without the operator flag prepares one.
import * as xep from '@gre/contract/endpoints/export';
import { RoleKind } from '@gre/contract/enums';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit, trades } from '../../db/schema/pay.ts';
import { users } from '../../db/schema/user.ts';
import { staffUser, userWithRole } from '../../test/accounts.ts';
import { buildExam } from '../../test/factories.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';

describe.each(testDbKinds())('the staff export on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let member = 0;
  let operatorId = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const m = await userWithRole(t, RoleKind.FreeVIP);
    member = Number(m.user.id);
    tokens.member = m.token;
    const op = await staffUser(t, { isOperator: true });
    tokens.op = op.token;
    operatorId = Number(op.user.id);
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
    tokens.teacher = (await staffUser(t, { isTeacher: true })).token;
    tokens.svip = (await userWithRole(t, RoleKind.SVIP)).token;
    const db = t.database.db;
    // 1 March 23:30 in China is 15:30 UTC; 2 March 01:00 in China is 1 March 17:00 UTC.
    await db
      .update(users)
      .set({ name: '=HYPERLINK("x")', createdAt: new Date('2026-03-01T15:30:00Z') })
      .where(eq(users.id, member));
    const trade = (id: string, at: string) => ({
      id,
      userId: member,
      kind: 1,
      param: 2,
      title: 'VIP 会员 1 个月',
      listFen: 4900,
      priceFen: 3920,
      discountCode: 'GRE2026',
      status: 3,
      provider: 'sandbox',
      createdAt: new Date(at),
      updatedAt: new Date(at),
      expiresAt: new Date(at),
      paidAt: new Date(at),
      appliedAt: new Date(at),
    });
    await db.insert(trades).values([trade('TRX1', '2026-03-01T15:30:00Z'), trade('TRX2', '2026-03-01T17:00:00Z')]);
    await buildExam(t, member, '2026-03-01T15:30:00Z', { verbal: 158, quant: 166 }, { name: '全真模考 3' });
    await buildExam(t, member, '2026-03-01T17:00:00Z', { verbal: 150, quant: 150 }, { name: '三月二日' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  type Ep = Parameters<TestApp['call']>[0];
  const call = async (e: Ep, body: unknown, who: string) => (await t.call(e, body, { token: tokens[who] })).body;
  const prepare = async (body: object, who = 'op') => {
    const res = await call(xep.prepareExport, body, who);
    if (!res.ok || !res.data) throw new Error(JSON.stringify(res.err_data));
    return res.data as { url: string; file_name: string; expires_at: string };
  };
  const download = (url: string) => t.app.inject({ method: 'GET', url });
  const march1 = { from: '2026-03-01', to: '2026-03-01' };

  it('exports the users who signed up on the range’s China days, with a BOM, Chinese headers and formula-safe cells', async () => {
    const p = await prepare({ kind: 'users', ...march1 });
    expect(p.file_name).toBe('gre-users-2026-03-01_2026-03-01.csv');
    expect(Date.parse(p.expires_at) - t.clock.now().getTime()).toBe(60_000);
    const res = await download(p.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="gre-users-2026-03-01_2026-03-01.csv"');
    expect(res.body.startsWith('\uFEFF"用户ID","昵称","邮箱"')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${member}","'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('"普通会员"');
    expect(lines[1]).toContain('"2026-03-01 23:30"');
    // The next day holds nobody of these.
    const next = await download((await prepare({ kind: 'users', from: '2026-03-02', to: '2026-03-02' })).url);
    expect(next.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('exports orders by the day they were created and exams by the day they finished', async () => {
    const orders = (await download((await prepare({ kind: 'orders', ...march1 })).url)).body.trim().split('\r\n');
    expect(orders).toHaveLength(2);
    expect(orders[1]).toMatch(/^"TRX1","\d+","VIP 会员 1 个月","49.00","39.20","GRE2026","已开通","sandbox","0.00"/);
    const both = (await download((await prepare({ kind: 'orders', from: '2026-03-01', to: '2026-03-02' })).url)).body;
    expect(both).toContain('"TRX2"');
    const exams = (await download((await prepare({ kind: 'exams', ...march1 }, 'admin')).url)).body
      .trim()
      .split('\r\n');
    expect(exams[0]).toBe(
      '"考试ID","用户ID","类型","名称","开始时间","完成时间","答对","题数","Verbal","Quant","作文"',
    );
    expect(exams).toHaveLength(2);
    expect(exams[1]).toContain('"全真模考","全真模考 3","2026-03-01 22:30","2026-03-01 23:30","0","0","158","166",""');
  });

  it('pages through more rows than one query holds, each once', async () => {
    const db = t.database.db;
    const at = new Date('2026-04-10T04:00:00Z');
    const rows = Array.from({ length: 2_105 }, (_, i) => ({
      name: `批量${i}`,
      email: `bulk-${kind}-${i}@example.com`,
      createdAt: at,
      updatedAt: at,
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insert(users).values(rows.slice(i, i + 500));
    const body = (await download((await prepare({ kind: 'users', from: '2026-04-10', to: '2026-04-10' })).url)).body;
    const lines = body.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(2_105);
    expect(new Set(lines).size).toBe(2_105);
  });

  it('writes a staff audit row per export', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(staffAudit)
            .where(eq(staffAudit.action, 'export'))
        )[0]?.n,
      );
    const before = await count();
    await prepare({ kind: 'orders', from: '2026-01-01', to: '2026-03-31' });
    expect(await count()).toBe(before + 1);
    const [row] = await t.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.action, 'export'))
      .orderBy(sql`${staffAudit.id} desc`)
      .limit(1);
    expect(row).toMatchObject({ staffId: operatorId, subject: 'orders 2026-01-01~2026-03-31', targetUserId: null });
  });

  it('refuses a forged, altered or expired address and a staff member who lost the flag', async () => {
    const p = await prepare({ kind: 'users', ...march1 });
    const altered = p.url.replace('.users.2026-03-01.2026-03-01.', '.users.2026-01-01.2026-03-01.');
    const r1 = await download(altered);
    expect(r1.statusCode).toBe(403);
    expect(r1.body).toBe('下载地址无效，请在导出页重新导出');
    expect((await download('/api/export/download/garbage')).statusCode).toBe(403);
    t.clock.advance(61_000);
    const r2 = await download(p.url);
    expect(r2.statusCode).toBe(410);
    expect(r2.body).toBe('下载地址已过期（一分钟内有效），请重新导出');
    const fresh = await prepare({ kind: 'users', ...march1 });
    await t.database.db.update(users).set({ isOperator: false }).where(eq(users.id, operatorId));
    try {
      const r3 = await download(fresh.url);
      expect(r3.statusCode).toBe(403);
      expect(r3.body).toBe('没有导出权限');
    } finally {
      await t.database.db.update(users).set({ isOperator: true }).where(eq(users.id, operatorId));
    }
  });

  it('refuses bad ranges and kinds in Chinese, and everyone without the operator flag', async () => {
    const refused = async (body: unknown, who = 'op') => (await call(xep.prepareExport, body, who)).err_data?.show;
    expect(await refused({ kind: 'passwords', ...march1 })).toBe('请选择导出内容（注册用户、订单或考试成绩）');
    expect(await refused({ kind: 'users', from: '2026-03-02', to: '2026-03-01' })).toBe('结束日期不能早于开始日期');
    expect(await refused({ kind: 'users', from: '2025-01-01', to: '2026-03-01' })).toBe('一次最多 366 天');
    expect(await refused({ kind: 'users', from: '3/1/2026', to: '2026-03-01' })).toContain(
      '开始日期格式不正确（YYYY-MM-DD）',
    );
    for (const who of ['member', 'svip', 'teacher']) {
      const res = await call(xep.prepareExport, { kind: 'users', ...march1 }, who);
      expect(res.ok).toBe(false);
      expect(res.err_data?.kind).toBe('forbidden');
    }
  });
});
