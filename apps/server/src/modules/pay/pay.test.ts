// Payments (issue 16, ADR 0029) against real databases, through the sandbox provider (a real HMAC-signed
// notification path): an order is opened, paid on the sandbox and applied once (role + expiry with a
// history row, or coins with a ledger row); a new order closes the old one; 20 parallel inits leave one
// open order; 50 parallel notifications apply once; replays, bad signatures, amount mismatches and
// unknown orders change nothing; "我已完成支付" asks the provider; unpaid orders time out; a provider
// that is down is InitPayFail / busy; discount codes (and the block after repeated invalid tries);
// vouchers; staff actions audited and refused to everyone else; nobody reads another user's order.
import { createHmac, generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as dep from '@gre/contract/endpoints/discount';
import * as mailEp from '@gre/contract/endpoints/mail';
import * as pep from '@gre/contract/endpoints/pay';
import * as mep from '@gre/contract/endpoints/permission';
import * as uep from '@gre/contract/endpoints/user';
import { PaymentKind, RoleKind, TradeStatus, VipPeriod } from '@gre/contract/enums';
import { discountCodeTries } from '@gre/contract/pay';
import type { OpAction } from '@gre/contract/user';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { flashCoinLedger } from '../../db/schema/flash.ts';
import { staffAudit, trades } from '../../db/schema/pay.ts';
import { roleRecords, users } from '../../db/schema/user.ts';
import { createInvalidationBus } from '../../platform/invalidation.ts';
import { StartupError } from '../../platform/startup-errors.ts';
import { opCheckCode, staffUser, userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds, testPublicUrl } from '../../test/harness.ts';
import { createDiscountCodes } from './pay.codes.ts';
import { membershipAfter } from './pay.grants.ts';
import { createPayRepo } from './pay.repo.ts';
import { createPayService } from './pay.service.ts';
import { createPaymentProvider, payProviderSetting } from './providers/index.ts';
import { type PaymentProvider, ProviderError } from './providers/provider.ts';
import { createSandboxProvider, type SandboxProvider } from './providers/sandbox.ts';

const dayMs = 86_400_000;
const testDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-pay-'));
afterAll(() => fs.rmSync(testDataDir, { recursive: true, force: true }));

describe('membership rule (ADR 0029)', () => {
  const now = new Date('2026-11-21T00:00:00Z');
  const inDays = (d: number) => new Date(now.getTime() + d * dayMs);
  it('adds to a running membership of the same role, counts from now otherwise', () => {
    expect(membershipAfter({ roleKind: RoleKind.VIP, roleExpireAt: inDays(10) }, RoleKind.VIP, 30, now, 0.5)).toEqual({
      roleKind: RoleKind.VIP,
      expireAt: inDays(40),
    });
    expect(membershipAfter({ roleKind: RoleKind.VIP, roleExpireAt: inDays(-3) }, RoleKind.VIP, 7, now, 0.5)).toEqual({
      roleKind: RoleKind.VIP,
      expireAt: inDays(7),
    });
    expect(membershipAfter({ roleKind: RoleKind.Trail, roleExpireAt: null }, RoleKind.SVIP, 30, now, 0.5)).toEqual({
      roleKind: RoleKind.SVIP,
      expireAt: inDays(30),
    });
  });
  it('converts VIP time left into SVIP time at the price ratio, both ways', () => {
    expect(membershipAfter({ roleKind: RoleKind.VIP, roleExpireAt: inDays(20) }, RoleKind.SVIP, 30, now, 0.5)).toEqual({
      roleKind: RoleKind.SVIP,
      expireAt: inDays(40),
    });
    expect(membershipAfter({ roleKind: RoleKind.SVIP, roleExpireAt: inDays(5) }, RoleKind.VIP, 30, now, 0.5)).toEqual({
      roleKind: RoleKind.SVIP,
      expireAt: inDays(20),
    });
  });
});

describe('provider selection (PAY_PROVIDER)', () => {
  it('defaults to the sandbox in devel and off elsewhere; the sandbox never runs in formal', () => {
    expect(payProviderSetting('devel', undefined)).toBe('sandbox');
    expect(payProviderSetting('pre', undefined)).toBe('off');
    expect(payProviderSetting('formal', undefined)).toBe('off');
    expect(() => payProviderSetting('formal', 'sandbox')).toThrow(StartupError);
    expect(() => loadConfig({ APP_ENV: 'formal', PAY_PROVIDER: 'sandbox' })).toThrow(StartupError);
    expect(loadConfig({ APP_ENV: 'formal' }).PAY_PROVIDER).toBe('off');
    const opts = { dataDir: testDataDir, publicUrl: testPublicUrl, clock: { now: () => new Date() }, env: {} };
    expect(createPaymentProvider('off', opts)).toBeNull();
    expect(createPaymentProvider('sandbox', opts)?.name).toBe('sandbox');
    // The real providers without their variables stop the start, naming what is missing.
    expect(() => createPaymentProvider('wechat', opts)).toThrow(/WECHATPAY_/);
    expect(() => createPaymentProvider('alipay', opts)).toThrow(/ALIPAY_/);
  });

  it('builds the WeChat Pay and Alipay adapters from their variables', () => {
    const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }).toString();
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const env = {
      WECHATPAY_MCHID: '1900000109',
      WECHATPAY_APPID: 'wxd678efh567hg6787',
      WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
      WECHATPAY_APIV3_KEY: 'a7cde1ef2a3b4c5d6e7f8a9b0c1d2e3f',
      WECHATPAY_PLATFORM_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
      WECHATPAY_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
      ALIPAY_APP_ID: '2021000000000000',
      ALIPAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
      ALIPAY_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
    };
    const opts = { dataDir: testDataDir, publicUrl: testPublicUrl, clock: { now: () => new Date() }, env };
    expect(createPaymentProvider('wechat', opts)?.name).toBe('wechat');
    expect(createPaymentProvider('alipay', opts)?.name).toBe('alipay');
  });
});

describe.each(testDbKinds())('payments on %s', (kind) => {
  let t: TestApp;
  let sandbox: SandboxProvider;
  const key = randomBytes(32);
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, {
      payProvider: (clock) => {
        sandbox = createSandboxProvider({ key, publicUrl: testPublicUrl, clock });
        return sandbox;
      },
    });
    for (const [who, role] of [
      ['a', RoleKind.FreeVIP],
      ['b', RoleKind.FreeVIP],
      ['c', RoleKind.Trail],
      ['race', RoleKind.FreeVIP],
      ['coins', RoleKind.FreeVIP],
      ['svip', RoleKind.SVIP],
    ] as const) {
      const { token, user } = await userWithRole(t, role);
      tokens[who] = token;
      ids[who] = user.id;
    }
    const op = await staffUser(t, { isOperator: true });
    tokens.op = op.token;
    ids.op = op.user.id;
    const admin = await staffUser(t, { isAdmin: true });
    tokens.admin = admin.token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  type Ep = Parameters<TestApp['call']>[0];
  const call = async (e: Ep, body: unknown, who: string) => (await t.call(e, body, { token: tokens[who] })).body;
  const code = (who: string, action: OpAction) => opCheckCode(t, tokens[who] as string, action);
  // biome-ignore lint/suspicious/noExplicitAny: test helper returning each endpoint's data
  const ok = async (e: Ep, body: unknown, who: string): Promise<any> => {
    const res = await call(e, body, who);
    if (!res.ok || !res.data) throw new Error(`${e.path}: ${JSON.stringify(res.err_data)}`);
    return res.data;
  };
  const init = (who: string, kind: number, param: number, code?: string) =>
    ok(pep.initPay, { user_id: ids[who], kind, param, ...(code ? { code } : {}), device_id: 'dev-1' }, who);
  const statusOf = async (id: string) =>
    (await t.database.db.select({ s: trades.status }).from(trades).where(eq(trades.id, id)))[0]?.s;
  const notify = (headers: Record<string, string | undefined>, body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: { 'content-type': 'application/json', ...(headers as Record<string, string>) },
      payload: body,
    });
  const sign = (body: string) => {
    const ts = String(t.clock.now().getTime());
    return {
      'x-sandbox-timestamp': ts,
      'x-sandbox-signature': createHmac('sha256', key).update(`${ts}\n${body}`).digest('base64'),
    };
  };
  const recordsOf = async (tradeId: string) =>
    Number(
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(roleRecords)
          .where(eq(roleRecords.source, `trade:${tradeId}`))
      )[0]?.n,
    );
  const ledgerOf = async (tradeId: string) =>
    Number(
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(flashCoinLedger)
          .where(eq(flashCoinLedger.ref, `trade:${tradeId}`))
      )[0]?.n,
    );
  const serviceOver = (provider: PaymentProvider | null) =>
    createInvalidationBus().then((bus) => {
      const repo = createPayRepo(t.database.db);
      return createPayService({
        db: t.database.db,
        repo,
        codes: createDiscountCodes({ db: t.database.db }),
        clock: t.clock,
        bus,
        provider,
        publicUrl: testPublicUrl,
        userOf: async () => {
          throw new Error('not used');
        },
      });
    });

  it('serves the plans with server prices and the active provider', async () => {
    const d = await ok(pep.getPlans, {}, 'a');
    expect(d.provider).toBe('sandbox');
    expect(d.plans).toHaveLength(11);
    expect(d.plans.every((p: { price_fen: number }) => Number.isInteger(p.price_fen) && p.price_fen > 0)).toBe(true);
  });

  it('opens an order with a QR, pays it on the sandbox and applies it once: VIP with the expiry and a history row', async () => {
    const before = t.clock.now().getTime();
    const d = await init('a', PaymentKind.VIP, VipPeriod.Month1);
    expect(d.trade.status).toBe(TradeStatus.WaitPay);
    expect(d.price).toBe(4900);
    expect(d.qrcode_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(d.qrcode_text).toBe(`${testPublicUrl}/pay/sandbox/${d.trade.id}`);
    expect(d.sandbox_url).toBe(d.qrcode_text);
    // Nobody reads another user's order.
    expect((await call(pep.getTrade, { id: d.trade.id }, 'b')).err_data?.kind).toBe('not_found');
    expect((await call(pep.checkPaid, { trade_id: d.trade.id }, 'b')).err_data?.kind).toBe('not_found');
    expect((await call(pep.sandboxPay, { trade_id: d.trade.id }, 'b')).err_data?.kind).toBe('not_found');

    // The sandbox page is served and pays through a form post.
    const page = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${d.trade.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('¥49.00');
    const posted = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${d.trade.id}/pay` });
    expect(posted.statusCode).toBe(303);

    const got = await ok(pep.getTrade, { id: d.trade.id }, 'a');
    expect(got.trade.status).toBe(TradeStatus.ApplySuccess);
    expect(got.user.authority.role_kind).toBe(RoleKind.VIP);
    const [u] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(ids.a)));
    expect(u?.roleExpireAt?.getTime()).toBe(before + 30 * dayMs);
    expect(got.user.authority.records[0]).toMatchObject({ role_kind: RoleKind.VIP, note: '购买VIP 会员 1 个月' });
    expect(await recordsOf(d.trade.id)).toBe(1);
    // The buyer finds a remind mail about it.
    const box = await ok(mailEp.getInbox, { category: 'remind', page: 1, page_size: 20 }, 'a');
    expect(box.mails.map((m: { subject: string; content: string }) => [m.subject, m.content])).toEqual([
      ['会员开通成功', expect.stringContaining(`「VIP 会员 1 个月」已开通（订单号 ${d.trade.id}，实付 ¥49.00）`)],
    ]);

    // The sandbox resends its notification (and the API's sandbox_pay does the same): nothing more.
    await ok(pep.sandboxPay, { trade_id: d.trade.id }, 'a');
    expect(await recordsOf(d.trade.id)).toBe(1);

    // Another month adds to the running expiry.
    const again = await init('a', PaymentKind.VIP, VipPeriod.Month1);
    await ok(pep.sandboxPay, { trade_id: again.trade.id }, 'a');
    const [u2] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(ids.a)));
    expect(u2?.roleExpireAt?.getTime()).toBe(before + 60 * dayMs);
    const mine = await ok(pep.listTrades, {}, 'a');
    expect(mine.trades.map((x: { id: string }) => x.id)).toEqual([again.trade.id, d.trade.id]);
  });

  it('a new order of the same kind closes the old one (PayCancel, closed at the provider); a VIP order of an SVIP is refused', async () => {
    const first = await init('b', PaymentKind.VIP, VipPeriod.Days7);
    const second = await init('b', PaymentKind.VIP, VipPeriod.Month2);
    expect(await statusOf(first.trade.id)).toBe(TradeStatus.PayCancel);
    expect(sandbox.view(first.trade.id)?.state).toBe('Closed');
    expect(await statusOf(second.trade.id)).toBe(TradeStatus.WaitPay);
    // The closed order cannot be paid any more.
    expect((await call(pep.sandboxPay, { trade_id: first.trade.id }, 'b')).err_data?.kind).toBe('forbidden');
    expect(
      (await call(pep.initPay, { user_id: ids.svip, kind: PaymentKind.VIP, param: 2 }, 'svip')).err_data?.kind,
    ).toBe('buy_role_exist');
    // Only for oneself; unknown plans are refused; nothing written.
    const n = Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(trades))[0]?.n);
    expect((await call(pep.initPay, { user_id: ids.a, kind: PaymentKind.VIP, param: 2 }, 'b')).err_data?.kind).toBe(
      'forbidden',
    );
    expect((await call(pep.initPay, { user_id: ids.b, kind: PaymentKind.VIP, param: 9 }, 'b')).err_data?.kind).toBe(
      'not_found',
    );
    expect(Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(trades))[0]?.n)).toBe(n);
  });

  it('20 parallel inits by one user leave one open order', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(pep.initPay, { user_id: ids.race, kind: PaymentKind.SVIP, param: VipPeriod.Month1 }, 'race'),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const rows = await t.database.db
      .select({ id: trades.id, status: trades.status })
      .from(trades)
      .where(eq(trades.userId, Number(ids.race)));
    expect(rows).toHaveLength(20);
    const open = rows.filter((r) => r.status === TradeStatus.WaitPay);
    expect(open).toHaveLength(1);
    expect(rows.filter((r) => r.status === TradeStatus.PayCancel)).toHaveLength(19);
    // The provider holds one open order too.
    expect(rows.filter((r) => sandbox.view(r.id)?.state === 'WaitPay').map((r) => r.id)).toEqual([open[0]?.id]);
  });

  it('50 parallel notifications for one order apply it once (coins with one ledger row)', async () => {
    const d = await init('coins', PaymentKind.FlashCoin, 2);
    const notes = Array.from({ length: 50 }, () => sandbox.pay(d.trade.id, false));
    const answers = await Promise.all(notes.map((n) => notify(n.headers, n.rawBody)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await statusOf(d.trade.id)).toBe(TradeStatus.ApplySuccess);
    const [u] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(ids.coins)));
    expect(u?.flashCoins).toBe(100);
    expect(await ledgerOf(d.trade.id)).toBe(1);
    // A replayed notification is acknowledged and changes nothing.
    const replay = await notify(notes[0]?.headers ?? {}, notes[0]?.rawBody ?? '');
    expect(replay.statusCode).toBe(200);
    expect(await ledgerOf(d.trade.id)).toBe(1);
    // One remind mail, however many notifications.
    const box = await ok(mailEp.getInbox, { category: 'remind', page: 1, page_size: 20 }, 'coins');
    expect(box.mails.map((m: { subject: string }) => m.subject)).toEqual(['闪卡币已到账']);
  });

  it('refuses a bad signature, and a signed amount mismatch or unknown order applies nothing', async () => {
    const d = await init('c', PaymentKind.VIP, VipPeriod.Days7);
    const body = (over: object) =>
      JSON.stringify({
        id: randomUUID(),
        out_trade_no: d.trade.id,
        state: 'Paid',
        amount_fen: d.price,
        provider_trade_no: 'SBXTEST',
        paid_at: t.clock.now().toISOString(),
        ...over,
      });
    const forged = body({});
    const bad = await notify({ ...sign(forged), 'x-sandbox-signature': Buffer.alloc(32).toString('base64') }, forged);
    expect(bad.statusCode).toBe(500);
    const tampered = body({ amount_fen: 1 });
    expect((await notify(sign(forged), tampered)).statusCode).toBe(500);
    const cheap = body({ amount_fen: 1 });
    expect((await notify(sign(cheap), cheap)).statusCode).toBe(200);
    expect(await statusOf(d.trade.id)).toBe(TradeStatus.WaitPay);
    const unknown = body({ out_trade_no: 'TUNKNOWN0001' });
    expect((await notify(sign(unknown), unknown)).statusCode).toBe(200);
    expect(await statusOf(d.trade.id)).toBe(TradeStatus.WaitPay);
    expect((await ok(uep.getUser, {}, 'c')).authority.role_kind).toBe(RoleKind.Trail);
    // Garbage to the notify route: refused, nothing applied.
    for (const garbage of ['', 'not json', '{"id":1}', '\u0000'.repeat(10)]) {
      const r = await notify(sign(garbage), garbage);
      expect(r.statusCode).toBe(500);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', payload: '{}' })).statusCode).toBe(404);
    // A refusal on the sandbox page: PayFail.
    await ok(pep.sandboxPay, { trade_id: d.trade.id, refuse: true }, 'c');
    expect(await statusOf(d.trade.id)).toBe(TradeStatus.PayFail);
  });

  it('"我已完成支付" asks the provider at once; unpaid orders time out and are closed at the provider', async () => {
    const d = await init('c', PaymentKind.FlashCoin, 1);
    sandbox.pay(d.trade.id, false); // paid at the provider, the notification lost
    const checked = await ok(pep.checkPaid, { trade_id: d.trade.id }, 'c');
    expect(checked.trade.status).toBe(TradeStatus.ApplySuccess);
    expect(await ledgerOf(d.trade.id)).toBe(1);

    const open = await init('c', PaymentKind.SVIP, VipPeriod.Days7);
    const sweeper = await serviceOver(sandbox);
    await sweeper.expireSweep();
    expect(await statusOf(open.trade.id)).toBe(TradeStatus.WaitPay);
    t.clock.advance(16 * 60_000);
    await sweeper.expireSweep();
    expect(await statusOf(open.trade.id)).toBe(TradeStatus.PayTimeout);
    expect(sandbox.view(open.trade.id)?.state).toBe('Closed');
    expect((await ok(pep.getTrade, { id: open.trade.id }, 'c')).trade.status).toBe(TradeStatus.PayTimeout);
    // The reconciliation finds nothing wrong with these.
    expect(await sweeper.reconcile()).toEqual([]);
  });

  it('a failed apply is ApplyFail, applied later exactly once; the reconciliation finds a payment the notification lost', async () => {
    const { plans } = await import('../../db/schema/pay.ts');
    const d = await init('b', PaymentKind.FlashCoin, 1);
    const [plan] = await t.database.db
      .select()
      .from(plans)
      .where(and(eq(plans.kind, 3), eq(plans.param, 1)));
    // The plan row gone for a moment: applying throws, the payment is kept as ApplyFail.
    await t.database.db.delete(plans).where(and(eq(plans.kind, 3), eq(plans.param, 1)));
    await ok(pep.sandboxPay, { trade_id: d.trade.id }, 'b');
    expect(await statusOf(d.trade.id)).toBe(TradeStatus.ApplyFail);
    expect(await ledgerOf(d.trade.id)).toBe(0);
    const { id: _id, ...row } = plan as typeof plans.$inferSelect;
    await t.database.db.insert(plans).values(row);
    // "我已完成支付" (or the pay.apply job) applies it now, once.
    expect((await ok(pep.checkPaid, { trade_id: d.trade.id }, 'b')).trade.status).toBe(TradeStatus.ApplySuccess);
    await ok(pep.checkPaid, { trade_id: d.trade.id }, 'b');
    expect(await ledgerOf(d.trade.id)).toBe(1);

    const lost = await init('b', PaymentKind.SVIP, VipPeriod.Days7);
    sandbox.pay(lost.trade.id, false); // paid at the provider; the notification never arrived
    const sweeper = await serviceOver(sandbox);
    const found = await sweeper.reconcile();
    expect(found).toEqual([
      expect.objectContaining({ tradeId: lost.trade.id, ours: TradeStatus.WaitPay, theirs: 'Paid' }),
    ]);
    expect(await statusOf(lost.trade.id)).toBe(TradeStatus.ApplySuccess);
    expect(await recordsOf(lost.trade.id)).toBe(1);
    expect(await sweeper.reconcile()).toEqual([]);
  });

  it('the membership job writes the history row when a membership ends', async () => {
    const { user, token } = await userWithRole(t, RoleKind.VIP);
    const id = Number(user.id);
    const ended = new Date(t.clock.now().getTime() - 1000);
    await t.database.db.update(users).set({ roleExpireAt: ended }).where(eq(users.id, id));
    // Computed when read (ADR 0007): an ordinary member at once, before any job ran.
    expect((await t.call(uep.getProfile, {}, { token })).body.data?.role_kind).toBe(RoleKind.FreeVIP);
    const sweeper = await serviceOver(sandbox);
    expect(await sweeper.endMemberships()).toBeGreaterThanOrEqual(1);
    expect(await sweeper.endMemberships()).toBe(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ roleKind: RoleKind.FreeVIP, roleExpireAt: null });
    const records = await t.database.db
      .select()
      .from(roleRecords)
      .where(and(eq(roleRecords.userId, id), eq(roleRecords.source, 'expired')));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ roleKind: RoleKind.FreeVIP, note: '会员到期', startAt: ended });
  });

  it('a provider that is down: InitPayFail and busy; check_paid busy', async () => {
    let down = false;
    const flaky = await createTestApp(kind, {
      payProvider: (clock) => {
        const inner = createSandboxProvider({ key, publicUrl: testPublicUrl, clock });
        const unavailable = () => {
          throw new ProviderError('unavailable', 'connect ECONNREFUSED');
        };
        // Speaks as another provider (so the sandbox's own routes are off), through the sandbox's state.
        return {
          ...inner,
          name: 'wechat',
          create: async (i) => (down ? unavailable() : inner.create(i)),
          query: async (id) => (down ? unavailable() : inner.query(id)),
        };
      },
    });
    try {
      const { user, token } = await userWithRole(flaky, RoleKind.FreeVIP);
      const open = await flaky.call(pep.initPay, { user_id: user.id, kind: 1, param: 2 }, { token });
      expect(open.body.ok).toBe(true);
      down = true;
      const refused = await flaky.call(pep.initPay, { user_id: user.id, kind: 3, param: 1 }, { token });
      expect(refused.body.err_data?.kind).toBe('busy');
      const [failed] = await flaky.database.db
        .select()
        .from(trades)
        .where(and(eq(trades.userId, Number(user.id)), eq(trades.kind, 3)));
      expect(failed?.status).toBe(TradeStatus.InitPayFail);
      const check = await flaky.call(pep.checkPaid, { trade_id: open.body.data?.trade.id }, { token });
      expect(check.body.err_data?.kind).toBe('busy');
      // sandbox_pay is refused when the active provider is not the sandbox.
      expect(
        (await flaky.call(pep.sandboxPay, { trade_id: open.body.data?.trade.id }, { token })).body.err_data?.kind,
      ).toBe('forbidden');
    } finally {
      await flaky.close();
    }
  });

  it('the notify route is not rate limited (a provider sends from a few addresses)', async () => {
    const limited = await createTestApp(kind, { rateLimitPerMinute: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push(
          (await limited.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload: 'x' })).statusCode,
        );
      expect(codes).toEqual([500, 500, 500, 500, 500, 500]);
      const pages: number[] = [];
      for (let i = 0; i < 5; i++) pages.push((await limited.call(pep.getPlans, {})).status);
      expect(pages).toContain(429);
    } finally {
      await limited.close();
    }
  });

  it('payment off: plans say so, init and sandbox_pay are refused', async () => {
    const off = await createTestApp(kind, { payProvider: null });
    try {
      const { user, token } = await userWithRole(off, RoleKind.FreeVIP);
      const plans = (await off.call(pep.getPlans, {}, { token })).body.data;
      expect(plans?.provider).toBeNull();
      expect(plans?.off_message).toMatch(/暂未开放/);
      expect(
        (await off.call(pep.initPay, { user_id: user.id, kind: 1, param: 2 }, { token })).body.err_data?.kind,
      ).toBe('forbidden');
      expect((await off.call(pep.sandboxPay, { trade_id: 'T1' }, { token })).body.err_data?.kind).toBe('forbidden');
      const page = await off.app.inject({ method: 'GET', url: '/pay/sandbox/T1' });
      expect(page.statusCode).not.toBe(200);
      expect(page.body).not.toContain('沙箱支付');
    } finally {
      await off.close();
    }
  });

  it('discount codes: staff create, users check, orders use them; repeated invalid tries block', async () => {
    const until = new Date(t.clock.now().getTime() + 30 * dayMs).toISOString();
    await ok(
      dep.createCode,
      { code: 'HALF50', name: '半价', info: '五折', percent_off: 50, valid_until: until, max_uses: 2 },
      'op',
    );
    expect(
      (await call(dep.createCode, { code: 'HALF50', name: 'x', percent_off: 5, valid_until: until }, 'op')).err_data
        ?.kind,
    ).toBe('invalid_param');
    expect((await ok(dep.checkCode, { code: 'half50' }, 'b')).code).toEqual({
      code: 'HALF50',
      name: '半价',
      info: '五折',
      valid: true,
    });
    const d = await init('b', PaymentKind.SVIP, VipPeriod.Month1, 'HALF50');
    expect(d.price).toBe(3950);
    expect(d.trade.list_fen).toBe(7900);
    await ok(pep.sandboxPay, { trade_id: d.trade.id }, 'b');
    expect((await ok(dep.getCodes, { code: 'HALF50' }, 'op')).codes[0].used_count).toBe(1);
    await ok(dep.markCodeInvalid, { code: 'HALF50' }, 'op');
    expect((await ok(dep.checkCode, { code: 'HALF50' }, 'b')).code.valid).toBe(false);
    expect((await call(pep.initPay, { user_id: ids.b, kind: 2, param: 2, code: 'HALF50' }, 'b')).err_data?.kind).toBe(
      'code_invalid',
    );
    for (let i = 2; i < discountCodeTries; i++)
      expect((await ok(dep.checkCode, { code: `NOPE${i}` }, 'b')).code.valid).toBe(false);
    const blocked = await call(dep.checkCode, { code: 'NOPE99' }, 'b');
    expect(blocked.err_data?.kind).toBe('rate_limited');
    t.clock.advance(61 * 60_000);
    expect((await ok(dep.checkCode, { code: 'NOPE100' }, 'b')).code.valid).toBe(false);
  });

  it('vouchers: staff add, update, delete; a user redeems each once', async () => {
    const until = new Date(t.clock.now().getTime() + 30 * dayMs).toISOString();
    await ok(mep.addVoucher, { code: 'GIFT-COINS', kind: 3, coins: 30, max_uses: 5, valid_until: until }, 'op');
    await ok(mep.updateVoucher, { code: 'GIFT-COINS', kind: 3, coins: 40, max_uses: 5, valid_until: until }, 'op');
    expect(
      (await ok(mep.getVouchers, {}, 'op')).vouchers.find((v: { code: string }) => v.code === 'GIFT-COINS').coins,
    ).toBe(40);
    const { token, user } = await userWithRole(t, RoleKind.FreeVIP);
    tokens.v = token;
    expect((await ok(mep.redeemVoucher, { code: 'gift-coins' }, 'v')).granted).toBe('40 个闪卡币');
    expect((await call(mep.redeemVoucher, { code: 'GIFT-COINS' }, 'v')).err_data?.kind).toBe('not_found');
    // An edit: fewer people than already redeemed, no amount, a missing voucher, garbage: refused, unchanged.
    const edit = { code: 'GIFT-COINS', kind: 3, coins: 40, max_uses: 5, valid_until: until };
    const refusal = async (body: object) => (await call(mep.updateVoucher, body, 'op')).err_data;
    expect(await refusal({ ...edit, max_uses: 0 + 0.5 })).toMatchObject({ kind: 'invalid_param' });
    expect(await refusal({ ...edit, coins: 0 })).toMatchObject({
      show: 'VIP / 超级 VIP 需填写天数，闪卡币需填写数量',
    });
    expect(await refusal({ ...edit, code: 'NO-SUCH' })).toMatchObject({ kind: 'not_found', show: '兑换码不存在' });
    expect(await refusal({ ...edit, note: 'x'.repeat(201) })).toMatchObject({ show: '备注过长' });
    await ok(mep.addVoucher, { code: 'GIFT-TWO', kind: 3, coins: 1, max_uses: 2, valid_until: until }, 'op');
    await ok(mep.redeemVoucher, { code: 'GIFT-TWO' }, 'v');
    await ok(mep.redeemVoucher, { code: 'GIFT-TWO' }, 'a');
    expect(await refusal({ ...edit, code: 'GIFT-TWO', coins: 1, max_uses: 1 })).toMatchObject({
      kind: 'invalid_param',
      show: '可兑换人数不能少于已兑换人数（2）',
    });
    const two = (await ok(mep.getVouchers, {}, 'op')).vouchers.find((v: { code: string }) => v.code === 'GIFT-TWO');
    expect(two).toMatchObject({ max_uses: 2, used_count: 2, coins: 1 });
    await ok(mep.addVoucher, { code: 'GIFT-VIP', kind: 1, days: 7, valid_until: until }, 'op');
    await ok(mep.redeemVoucher, { code: 'GIFT-VIP' }, 'v');
    const me = await ok(uep.getUser, {}, 'v');
    expect(me.authority.role_kind).toBe(RoleKind.VIP);
    expect(me.authority.flash_coins).toBe(41); // 40 from GIFT-COINS, 1 from GIFT-TWO
    await ok(mep.deleteVoucher, { code: 'GIFT-COINS' }, 'op');
    expect((await call(mep.redeemVoucher, { code: 'GIFT-COINS' }, 'a')).err_data?.kind).toBe('not_found');
    expect(user.id).toBeTruthy();
  });

  it('staff grant, remove, change coins, refund and void; every action audited; refused to everyone else', async () => {
    const auditRows = async () =>
      Number(
        (
          await t.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(staffAudit)
            .where(sql`${staffAudit.action} <> 'op_check'`)
        )[0]?.n,
      );
    const before = await auditRows();
    const granted = await ok(
      mep.manualGrantVip,
      { user_id: ids.c, role_kind: 4, days: 10, note: '补偿', op_code: await code('op', 'grant_vip') },
      'op',
    );
    expect(granted.role_kind).toBe(RoleKind.SVIP);
    expect(
      (await ok(mep.removeVip, { user_id: ids.c, note: '误操作', op_code: await code('op', 'remove_vip') }, 'op'))
        .role_kind,
    ).toBe(RoleKind.FreeVIP);
    expect(
      (
        await ok(
          mep.manualChangeFlashCoin,
          { user_id: ids.c, delta: 5, note: '活动', op_code: await code('op', 'change_coin') },
          'op',
        )
      ).flash_coins,
    ).toBeGreaterThanOrEqual(5);
    expect(
      (
        await call(
          mep.manualChangeFlashCoin,
          { user_id: ids.c, delta: -100000, note: 'x', op_code: await code('op', 'change_coin') },
          'op',
        )
      ).err_data?.kind,
    ).toBe('invalid_param');
    const coins = await ok(mep.checkCoin, { user_id: ids.c }, 'op');
    expect(coins.ledger[0]).toMatchObject({ delta: 5, reason: 'staff' });
    expect((await call(mep.checkCoin, { user_id: '999999999' }, 'op')).err_data?.kind).toBe('not_found');

    const paid = await init('c', PaymentKind.FlashCoin, 3);
    await ok(pep.sandboxPay, { trade_id: paid.trade.id }, 'c');
    expect((await call(mep.refundTrade, { trade_id: paid.trade.id, note: '重复支付' }, 'op')).err_data?.kind).toBe(
      'forbidden',
    );
    const refunded = await ok(
      mep.refundTrade,
      { trade_id: paid.trade.id, note: '重复支付', op_code: await code('admin', 'refund') },
      'admin',
    );
    expect(refunded.trade.status).toBe(TradeStatus.Refund);
    expect(sandbox.view(paid.trade.id)?.state).toBe('Refunded');
    // The reconciliation agrees with a refund, also from a provider that reports a fully refunded
    // order as closed (Alipay's query answers TRADE_CLOSED after a full refund).
    const onlyThis = (found: { tradeId: string }[]) => found.filter((m) => m.tradeId === paid.trade.id);
    expect(onlyThis(await (await serviceOver(sandbox)).reconcile())).toEqual([]);
    // (Only this order's answer is changed: the other tests' orders keep the sandbox's.)
    const answering = (state: 'Closed' | 'NotFound' | 'Paid'): PaymentProvider => ({
      ...sandbox,
      query: async (id) => ({ ...(await sandbox.query(id)), ...(id === paid.trade.id ? { state } : {}) }),
    });
    expect(onlyThis(await (await serviceOver(answering('Closed'))).reconcile())).toEqual([]);
    // A refund the provider has no trace of, or one it never carried out, is reported.
    for (const state of ['NotFound', 'Paid'] as const)
      expect(onlyThis(await (await serviceOver(answering(state))).reconcile())).toEqual([
        expect.objectContaining({ ours: TradeStatus.Refund, theirs: state }),
      ]);
    expect(await statusOf(paid.trade.id)).toBe(TradeStatus.Refund);
    expect(
      (
        await call(
          mep.refundTrade,
          { trade_id: paid.trade.id, note: '再退', op_code: await code('admin', 'refund') },
          'admin',
        )
      ).err_data?.kind,
    ).toBe('invalid_param');
    const open = await init('c', PaymentKind.VIP, VipPeriod.Days7);
    expect(
      (
        await ok(
          mep.invalidateTrade,
          { trade_id: open.trade.id, note: '作废', op_code: await code('admin', 'void') },
          'admin',
        )
      ).trade.status,
    ).toBe(TradeStatus.ManualInvalid);
    expect(sandbox.view(open.trade.id)?.state).toBe('Closed');
    expect(await auditRows()).toBe(before + 6);
    const [last] = await t.database.db.select().from(staffAudit).orderBy(sql`${staffAudit.id} desc`).limit(1);
    expect(last).toMatchObject({ action: 'trade.invalidate', subject: open.trade.id, targetUserId: Number(ids.c) });

    const staffOnly: [Ep, unknown][] = [
      [dep.createCode, { code: 'XXXX', name: 'x', percent_off: 5, valid_until: new Date().toISOString() }],
      [dep.getCodes, {}],
      [dep.markCodeInvalid, { code: 'XXXX' }],
      [mep.getVouchers, {}],
      [mep.addVoucher, { code: 'XXXX', kind: 3, coins: 1, valid_until: new Date().toISOString() }],
      [mep.updateVoucher, { code: 'XXXX', kind: 3, coins: 1, valid_until: new Date().toISOString() }],
      [mep.deleteVoucher, { code: 'XXXX' }],
      [mep.manualGrantVip, { user_id: ids.a, role_kind: 4, days: 1, note: 'x' }],
      [mep.removeVip, { user_id: ids.a, note: 'x' }],
      [mep.manualChangeFlashCoin, { user_id: ids.a, delta: 1, note: 'x' }],
      [mep.checkCoin, { user_id: ids.a }],
      [mep.refundTrade, { trade_id: paid.trade.id, note: 'x' }],
      [mep.invalidateTrade, { trade_id: paid.trade.id, note: 'x' }],
    ];
    const teacher = await staffUser(t, { isTeacher: true });
    tokens.teacher = teacher.token;
    const n = await auditRows();
    for (const [e, body] of staffOnly)
      for (const who of ['a', 'svip', 'teacher'])
        expect((await call(e, body, who)).err_data?.kind, `${e.path} as ${who}`).toBe('forbidden');
    expect(await auditRows()).toBe(n);
  });
});
