// The order state machine (issue 16; ADR 0029). The server owns it; the web only polls.
//   init:   closes the user's open order of the kind (PayCancel, provider close), opens a new one
//           (WaitPay) under the user's row lock, then asks the provider for the QR (InitPayFail if it fails).
//   paid:   a verified notification, "我已完成支付" (check_paid: the provider is asked at once), the
//           timeout sweep or the reconciliation find the order paid → PaySuccess (amount checked,
//           replayed notification ids ignored), then it is applied: role + expiry or coins, with their
//           ledger rows, in the same transaction as PaySuccess → ApplySuccess under the trade's row
//           lock, so exactly once. A failed apply is ApplyFail and retried by the `pay.apply` job.
//   unpaid: past `expires_at` → PayTimeout and the provider's order closed (`pay.expire`, every minute).
// Jobs: `pay.expire`, `pay.apply`, `pay.memberships` (writes the history row when a membership ends;
// the effective role is computed when read, ADR 0007) and the daily `pay.reconcile`.
import { randomBytes } from 'node:crypto';
import { PaymentKind, RoleKind, TradeStatus } from '@gre/contract/enums';
import { payMessages, payOrderMinutes } from '@gre/contract/pay';
import type { User } from '@gre/contract/user';
import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db.ts';
import type { AuthedContext, RequestContext } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { InvalidationBus } from '../../platform/invalidation.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { DiscountCodes } from './pay.codes.ts';
import { discounted } from './pay.codes.ts';
import { changeCoins, grantMembership } from './pay.grants.ts';
import { toTrade } from './pay.mapper.ts';
import { type PayRepo, paidStatuses, payableStatuses, type TradeRow } from './pay.repo.ts';
import {
  type IncomingNotification,
  type NotificationAck,
  type PaymentProvider,
  ProviderError,
  type ProviderOrder,
} from './providers/provider.ts';
import type { SandboxProvider } from './providers/sandbox.ts';

export const expireQueue = 'pay.expire';
export const applyQueue = 'pay.apply';
export const membershipsQueue = 'pay.memberships';
export const reconcileQueue = 'pay.reconcile';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PayServiceDeps {
  db: Db;
  repo: PayRepo;
  codes: DiscountCodes;
  clock: Clock;
  bus: InvalidationBus;
  /** The active provider; null = payment off. */
  provider: PaymentProvider | null;
  /** Base URL of this server as payers and providers reach it (notify URL). */
  publicUrl: string;
  /** The caller as /api/user/get answers it (the dialog's callback with the user updated). */
  userOf(ctx: AuthedContext): Promise<User>;
  /** A remind mail to the buyer, written in the transaction that applies the order (modules/mail). */
  remind?(userId: number, m: { subject: string; content: string; link?: string }, on: Tx): Promise<unknown>;
  log?: Log;
}

/** What processing a provider's word about an order did (tests and logs). */
export type Outcome = 'paid' | 'failed' | 'duplicate' | 'replay' | 'unknown' | 'mismatch' | 'ignored';

export interface Mismatch {
  tradeId: string;
  ours: number;
  theirs: ProviderOrder['state'] | 'unavailable';
  what: string;
}

export function isSandbox(p: PaymentProvider | null): p is SandboxProvider {
  return !!p && p.name === 'sandbox' && 'pay' in p;
}

function newTradeId(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `T${stamp}${randomBytes(4).toString('hex').toUpperCase()}`;
}

async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export function createPayService(deps: PayServiceDeps) {
  const { repo, clock, provider, log } = deps;
  let jobs: JobQueue | undefined;

  const roleOf = (kind: number) => (kind === PaymentKind.SVIP ? RoleKind.SVIP : RoleKind.VIP);

  /** Applies a paid order once: PaySuccess / ApplyFail → ApplySuccess with the grant, in one transaction. */
  async function applyOnce(tradeId: string): Promise<boolean> {
    const now = clock.now();
    const userId = await repo.transaction(async (tx) => {
      const t = await repo.lock(tx, tradeId);
      if (!t || (t.status !== TradeStatus.PaySuccess && t.status !== TradeStatus.ApplyFail)) return null;
      const plan = await repo.planOf(tx, t.kind, t.param);
      if (!plan) throw new Error(`no plan for trade ${t.id}`);
      const source = `trade:${t.id}`;
      if (t.kind === PaymentKind.FlashCoin) {
        const changed = await changeCoins(tx, t.userId, Number(plan.coins), now, { reason: 'purchase', ref: source });
        if (!changed) throw new Error(`user ${t.userId} of trade ${t.id} is gone`);
      } else {
        const granted = await grantMembership(tx, t.userId, roleOf(t.kind), Number(plan.days), now, {
          note: `购买${t.title}`,
          source,
        });
        if (!granted) throw new Error(`user ${t.userId} of trade ${t.id} is gone`);
      }
      if (t.discountCode) await deps.codes.use(tx, t.discountCode);
      await repo.update(t.id, { status: TradeStatus.ApplySuccess, appliedAt: now, updatedAt: now }, tx);
      const paid = `¥${(t.priceFen / 100).toFixed(2)}`;
      await deps.remind?.(
        t.userId,
        t.kind === PaymentKind.FlashCoin
          ? {
              subject: '闪卡币已到账',
              content: `你购买的「${t.title}」已到账（订单号 ${t.id}，实付 ${paid}），可在创建闪卡时使用。`,
              link: '/personal',
            }
          : {
              subject: '会员开通成功',
              content: `你购买的「${t.title}」已开通（订单号 ${t.id}，实付 ${paid}），会员有效期见个人中心。`,
              link: '/personal',
            },
        tx,
      );
      return t.userId;
    });
    if (userId === null) return false;
    deps.bus.publish('user', String(userId));
    log?.info({ tradeId }, 'trade applied');
    return true;
  }

  /** applyOnce; a failure leaves ApplyFail and a retry job. */
  async function applyPaid(tradeId: string): Promise<void> {
    try {
      await applyOnce(tradeId);
    } catch (err) {
      log?.error({ err, tradeId }, 'applying a paid trade failed; retried by the pay.apply job');
      const now = clock.now();
      await repo.updateIf(tradeId, [TradeStatus.PaySuccess], { status: TradeStatus.ApplyFail, updatedAt: now });
      await jobs?.send(applyQueue, { trade_id: tradeId }, { singletonKey: tradeId, delaySeconds: 30 }).catch(() => {});
    }
  }

  /** The provider's word about an order (a notification, a query): moves the order, then applies it if paid. */
  async function onProviderOrder(
    providerName: string,
    order: ProviderOrder,
    notificationId?: string,
  ): Promise<Outcome> {
    const now = clock.now();
    const outcome = await repo.transaction(async (tx): Promise<Outcome> => {
      if (notificationId && !(await repo.firstNotification(tx, providerName, notificationId, order.outTradeNo, now)))
        return 'replay';
      const t = await repo.lock(tx, order.outTradeNo);
      if (!t) {
        log?.warn(
          { provider: providerName, outTradeNo: order.outTradeNo },
          'payment notification for an unknown order',
        );
        return 'unknown';
      }
      if (t.provider !== providerName) {
        log?.error({ tradeId: t.id, provider: providerName, ours: t.provider }, 'notification from another provider');
        return 'mismatch';
      }
      if (order.state === 'Paid') {
        if (paidStatuses.includes(t.status)) return 'duplicate';
        if (!payableStatuses.includes(t.status)) {
          log?.error({ tradeId: t.id, status: t.status }, 'a voided order was paid: refund it by hand');
          return 'mismatch';
        }
        if (order.amountFen !== t.priceFen) {
          log?.error({ tradeId: t.id, paid: order.amountFen, price: t.priceFen }, 'paid amount differs from the price');
          await repo.update(
            t.id,
            { note: `金额不符：渠道 ${order.amountFen} 分，订单 ${t.priceFen} 分`, updatedAt: now },
            tx,
          );
          return 'mismatch';
        }
        if (t.status !== TradeStatus.WaitPay)
          log?.warn({ tradeId: t.id, status: t.status }, 'a closed order was paid; applied anyway');
        await repo.update(
          t.id,
          {
            status: TradeStatus.PaySuccess,
            paidAt: order.paidAt ?? now,
            providerTradeNo: order.providerTradeNo ?? null,
            updatedAt: now,
          },
          tx,
        );
        return 'paid';
      }
      if (order.state === 'Failed' && t.status === TradeStatus.WaitPay) {
        await repo.update(t.id, { status: TradeStatus.PayFail, closedAt: now, updatedAt: now }, tx);
        return 'failed';
      }
      return 'ignored';
    });
    if (outcome === 'paid') await applyPaid(order.outTradeNo);
    return outcome;
  }

  /** The notify route: verify, process, answer in the provider's protocol. Null: no such active provider. */
  async function notify(
    providerName: string,
    incoming: IncomingNotification,
  ): Promise<{ ack: NotificationAck; outcome: Outcome | 'rejected' } | null> {
    if (!provider || provider.name !== providerName) return null;
    let verified: Awaited<ReturnType<PaymentProvider['verifyNotification']>>;
    try {
      verified = await provider.verifyNotification(incoming);
    } catch (err) {
      log?.warn({ err, provider: providerName }, 'payment notification refused');
      return { ack: provider.notificationAck(false), outcome: 'rejected' };
    }
    try {
      const outcome = await onProviderOrder(providerName, verified.order, verified.notificationId);
      return { ack: provider.notificationAck(true), outcome };
    } catch (err) {
      log?.error({ err, provider: providerName }, 'payment notification not processed; the provider will retry');
      return { ack: provider.notificationAck(false), outcome: 'rejected' };
    }
  }

  async function ownTrade(id: string, ctx: AuthedContext): Promise<TradeRow> {
    const t = await repo.ofUser(id, Number(ctx.caller.userId));
    if (!t) throw errors.notFound('订单不存在');
    return t;
  }

  /** Closes a provider order, logging a failure (the timeout sweep and reconciliation see it again). */
  async function closeAtProvider(tradeId: string) {
    if (!provider) return;
    try {
      await provider.close(tradeId);
    } catch (err) {
      log?.warn({ err, tradeId }, 'closing the provider order failed');
    }
  }

  async function expireSweep(): Promise<void> {
    const now = clock.now();
    for (const t of await repo.expired(now)) {
      if (provider && t.provider === provider.name) {
        try {
          // Paid at the last moment: take the payment instead of timing the order out.
          const o = await provider.query(t.id);
          if (o.state === 'Paid') {
            await onProviderOrder(provider.name, o);
            continue;
          }
        } catch (err) {
          log?.warn({ err, tradeId: t.id }, 'provider query failed while timing out an order');
        }
      }
      if (
        await repo.updateIf(t.id, [TradeStatus.WaitPay], {
          status: TradeStatus.PayTimeout,
          closedAt: now,
          updatedAt: now,
        })
      )
        if (provider && t.provider === provider.name) await closeAtProvider(t.id);
    }
    for (const t of await repo.unapplied(new Date(now.getTime() - 60_000))) await applyPaid(t.id);
  }

  /** Writes the history row of every membership that has ended, and stores the role it ended in. */
  async function endMemberships(): Promise<number> {
    const now = clock.now();
    const result = await deps.db.execute(sql`
      with ended as (
        select id, role_expire_at from users
        where role_kind in (${RoleKind.VIP}, ${RoleKind.SVIP}) and role_expire_at <= ${now.toISOString()}::timestamptz
        for update
      ), changed as (
        update users u set role_kind = ${RoleKind.FreeVIP}, role_expire_at = null, updated_at = ${now.toISOString()}::timestamptz
        from ended where u.id = ended.id
      )
      insert into role_records (user_id, role_kind, start_at, expire_at, note, source)
      select id, ${RoleKind.FreeVIP}, role_expire_at, null, '会员到期', 'expired' from ended
      returning user_id`);
    const { rows } = result as unknown as { rows: { user_id: number }[] };
    for (const r of rows) deps.bus.publish('user', String(r.user_id));
    return rows.length;
  }

  /** Asks the provider about every open, unapplied or lately closed order; logs and returns mismatches. */
  async function reconcile(): Promise<Mismatch[]> {
    if (!provider) return [];
    const now = clock.now();
    const found: Mismatch[] = [];
    for (const t of await repo.toReconcile(new Date(now.getTime() - 2 * 86_400_000))) {
      if (t.provider !== provider.name) continue;
      let o: ProviderOrder;
      try {
        o = await provider.query(t.id);
      } catch {
        found.push({ tradeId: t.id, ours: t.status, theirs: 'unavailable', what: '渠道查询失败' });
        continue;
      }
      const paidHere = paidStatuses.includes(t.status);
      // A full refund closes the order at Alipay (its query says TRADE_CLOSED): closed agrees with Refund.
      const paidThere =
        o.state === 'Paid' || o.state === 'Refunded' || (t.status === TradeStatus.Refund && o.state === 'Closed');
      if (paidThere && !paidHere) {
        found.push({ tradeId: t.id, ours: t.status, theirs: o.state, what: '渠道已支付，本地未支付：已按支付处理' });
        await onProviderOrder(provider.name, o);
      } else if (t.status === TradeStatus.Refund && o.state === 'Paid') {
        found.push({ tradeId: t.id, ours: t.status, theirs: o.state, what: '本地已退款，渠道未退款' });
      } else if (paidHere && !paidThere) {
        found.push({ tradeId: t.id, ours: t.status, theirs: o.state, what: '本地已支付，渠道未支付' });
      } else if (o.state === 'Paid' && o.amountFen !== t.priceFen) {
        found.push({ tradeId: t.id, ours: t.status, theirs: o.state, what: `金额不符：渠道 ${o.amountFen} 分` });
      } else if (t.status === TradeStatus.WaitPay && o.state === 'Closed') {
        await repo.updateIf(t.id, [TradeStatus.WaitPay], {
          status: TradeStatus.PayTimeout,
          closedAt: now,
          updatedAt: now,
        });
      }
      if (paidHere && t.status !== TradeStatus.ApplySuccess && t.status !== TradeStatus.Refund) await applyPaid(t.id);
    }
    for (const m of found) log?.error({ ...m }, 'payment reconciliation mismatch');
    log?.info({ mismatches: found.length }, 'payment reconciliation done');
    return found;
  }

  return {
    notify,
    onProviderOrder,
    expireSweep,
    endMemberships,
    reconcile,

    async plans() {
      const rows = await repo.activePlans();
      return {
        plans: rows.map((p) => ({
          kind: p.kind as PaymentKind,
          param: p.param,
          title: p.title,
          price_fen: p.priceFen,
          days: p.days,
          coins: p.coins,
        })),
        provider: provider?.name ?? null,
        off_message: provider ? '' : payMessages.off,
      };
    },

    async init(
      b: { user_id: string; kind: PaymentKind; param: number; code?: string; device_id?: string },
      ctx: AuthedContext,
    ) {
      const userId = Number(ctx.caller.userId);
      if (b.user_id !== ctx.caller.userId) throw errors.forbidden('只能为自己的账号下单');
      if (!provider) throw errors.forbidden(payMessages.off);
      const plan = await repo.plan(b.kind, b.param);
      if (!plan) throw errors.notFound('套餐不存在');
      if (b.kind === PaymentKind.VIP && ctx.caller.roleKind === RoleKind.SVIP)
        throw new AppError('buy_role_exist', { show: '您已是超级 VIP，无需再购买 VIP 会员', roleName: '超级 VIP' });
      const now = clock.now();
      let code: Awaited<ReturnType<DiscountCodes['resolve']>> = null;
      if (b.code) {
        code = await deps.codes.resolve(b.code, { userId, ip: ctx.ip }, now);
        if (!code) throw new AppError('code_invalid', { show: payMessages.codeInvalid });
      }
      const price = discounted(plan.priceFen, code ?? undefined);
      const expiresAt = new Date(now.getTime() + payOrderMinutes * 60_000);
      const { trade, closed } = await repo.transaction(async (tx) => {
        if (!(await repo.lockUser(tx, userId))) throw errors.notFound('用户不存在');
        const closedIds = await repo.cancelOpen(tx, userId, b.kind, now);
        const row = await repo.insert(tx, {
          id: newTradeId(now),
          userId,
          kind: b.kind,
          param: b.param,
          title: plan.title,
          listFen: plan.priceFen,
          priceFen: price,
          discountCode: code?.code ?? null,
          status: TradeStatus.WaitPay,
          provider: provider.name,
          deviceId: (b.device_id || ctx.deviceId).slice(0, 64),
          createdAt: now,
          updatedAt: now,
          expiresAt,
        });
        return { trade: row, closed: closedIds };
      });
      for (const id of closed) await closeAtProvider(id);
      let qrcodeText: string;
      try {
        ({ qrcodeText } = await provider.create({
          outTradeNo: trade.id,
          amountFen: price,
          description: plan.title,
          expiresAt,
          notifyUrl: `${deps.publicUrl.replace(/\/$/, '')}/api/pay/notify/${provider.name}`,
        }));
      } catch (err) {
        log?.error({ err, tradeId: trade.id }, 'creating the provider order failed');
        const note = err instanceof ProviderError ? `${err.kind}: ${err.message}`.slice(0, 200) : 'error';
        await repo.updateIf(trade.id, [TradeStatus.WaitPay], {
          status: TradeStatus.InitPayFail,
          note,
          closedAt: now,
          updatedAt: now,
        });
        throw errors.busy('支付渠道暂时不可用，请稍后重试');
      }
      // Another init of this user may have closed this order meanwhile: close it at the provider too.
      const stillOpen = await repo.updateIf(trade.id, [TradeStatus.WaitPay], { qrcodeText, updatedAt: now });
      if (!stillOpen) await closeAtProvider(trade.id);
      const current = (await repo.byId(trade.id)) ?? trade;
      return {
        trade: toTrade(current),
        price,
        title: plan.title,
        qrcode_text: qrcodeText,
        qrcode_url: await qrDataUrl(qrcodeText),
        sandbox_url: isSandbox(provider) ? qrcodeText : null,
      };
    },

    async get(id: string, ctx: AuthedContext) {
      const t = await ownTrade(id, ctx);
      return { trade: toTrade(t), user: await deps.userOf(ctx) };
    },

    async list(ctx: AuthedContext) {
      return { trades: (await repo.listOfUser(Number(ctx.caller.userId))).map(toTrade) };
    },

    async checkPaid(id: string, ctx: AuthedContext) {
      const t = await ownTrade(id, ctx);
      if (provider && t.provider === provider.name && payableStatuses.includes(t.status)) {
        let o: ProviderOrder;
        try {
          o = await provider.query(t.id);
        } catch (err) {
          log?.warn({ err, tradeId: t.id }, 'provider query failed (check_paid)');
          throw errors.busy('暂时无法确认支付结果，请稍后重试');
        }
        if (o.state === 'Paid' || o.state === 'Failed') await onProviderOrder(provider.name, o);
      } else if (t.status === TradeStatus.PaySuccess || t.status === TradeStatus.ApplyFail) {
        await applyPaid(t.id);
      }
      return { trade: toTrade((await repo.byId(t.id)) ?? t) };
    },

    /** The sandbox page's "pay" for a trade (the page or /api/pay/sandbox_pay): the same notify path. */
    async sandboxPay(tradeId: string, refuse: boolean) {
      if (!isSandbox(provider)) throw errors.forbidden('沙箱支付未开启');
      let incoming: IncomingNotification;
      try {
        incoming = provider.pay(tradeId, refuse);
      } catch (err) {
        if (err instanceof ProviderError) throw errors.forbidden('该订单已关闭或不存在，无法支付');
        throw err;
      }
      await notify('sandbox', incoming);
    },

    async sandboxPayOwn(b: { trade_id: string; refuse: boolean }, ctx: AuthedContext) {
      if (!isSandbox(provider)) throw errors.forbidden('沙箱支付未开启');
      await ownTrade(b.trade_id, ctx);
      await this.sandboxPay(b.trade_id, b.refuse);
      return { trade: toTrade((await ownTrade(b.trade_id, ctx)) as TradeRow) };
    },

    async checkCode(code: string, ctx: RequestContext & AuthedContext) {
      if (!code) return { code: { code: '', name: '', info: '', valid: false } };
      const found = await deps.codes.resolve(code, { userId: Number(ctx.caller.userId), ip: ctx.ip }, clock.now());
      return {
        code: found
          ? { code: found.code, name: found.name, info: found.info, valid: true }
          : { code, name: '', info: '', valid: false },
      };
    },

    /** Registers the jobs (once per process). */
    async startWorkers(queue: JobQueue) {
      jobs = queue;
      await queue.define(expireQueue, { retryLimit: 0, expireInSeconds: 120 });
      await queue.define(membershipsQueue, { retryLimit: 1, expireInSeconds: 300 });
      await queue.define(reconcileQueue, { retryLimit: 2, retryDelaySeconds: 600, expireInSeconds: 1800 });
      await queue.define(applyQueue, {
        retryLimit: 5,
        retryDelaySeconds: 30,
        retryBackoff: true,
        retryDelayMaxSeconds: 1800,
        onePerKey: true,
      });
      await queue.work(expireQueue, () => expireSweep());
      await queue.work(membershipsQueue, async () => {
        await endMemberships();
      });
      await queue.work(reconcileQueue, async () => {
        await reconcile();
      });
      await queue.work<{ trade_id: string }>(applyQueue, async (job) => {
        const t = await repo.byId(String(job.data.trade_id));
        if (!t || (t.status !== TradeStatus.PaySuccess && t.status !== TradeStatus.ApplyFail)) return;
        await applyOnce(t.id);
      });
      await queue.schedule(expireQueue, '* * * * *');
      await queue.schedule(membershipsQueue, '7 * * * *');
      await queue.schedule(reconcileQueue, '30 4 * * *');
    },
  };
}

export type PayService = ReturnType<typeof createPayService>;
