// Staff actions on money and memberships (issue 16; ADR 0029) and the user's voucher redeem. Every
// staff action writes a staff_audit row (who, what, on whom, before, after, when) in the transaction
// that makes the change. Discount codes: create, list, void. Orders: the exceptional refund through
// the provider (Refund) and the void (ManualInvalid); purchases are otherwise non-refundable.
import { PaymentKind, RoleKind, TradeStatus } from '@gre/contract/enums';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { flashCoinLedger } from '../../db/schema/flash.ts';
import { discountCodes, voucherRedemptions, vouchers } from '../../db/schema/pay.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db.ts';
import type { AuthedContext } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { InvalidationBus } from '../../platform/invalidation.ts';
import { writeStaffAudit } from '../operate/staff-audit.ts';
import { type DiscountCodes, toAdminCode } from './pay.codes.ts';
import { type Authority, changeCoins, endMembership, grantMembership } from './pay.grants.ts';
import { toTrade } from './pay.mapper.ts';
import { type PayRepo, paidStatuses } from './pay.repo.ts';
import { type PaymentProvider, ProviderError } from './providers/provider.ts';

type VoucherRow = typeof vouchers.$inferSelect;

const toVoucher = (v: VoucherRow) => ({
  code: v.code,
  kind: v.kind as PaymentKind,
  days: v.days,
  coins: v.coins,
  max_uses: v.maxUses,
  used_count: v.usedCount,
  valid_until: v.validUntil.toISOString(),
  note: v.note,
});

const toAuthority = (a: Authority) => ({
  user_id: String(a.userId),
  role_kind: a.roleKind as RoleKind,
  expire_at: a.roleExpireAt?.toISOString() ?? null,
  flash_coins: a.flashCoins,
});

interface VoucherInput {
  code: string;
  kind: PaymentKind;
  days: number;
  coins: number;
  max_uses: number;
  valid_until: string;
  note: string;
}

export function createPayStaff(deps: {
  db: Db;
  repo: PayRepo;
  codes: DiscountCodes;
  clock: Clock;
  bus: InvalidationBus;
  provider: PaymentProvider | null;
}) {
  const { db, clock } = deps;
  const staffOf = (ctx: AuthedContext) => Number(ctx.caller.userId);

  async function audit(
    tx: Tx,
    ctx: AuthedContext,
    action: string,
    target: number | null,
    subject: string,
    before: unknown,
    after: unknown,
  ) {
    await writeStaffAudit(tx, { staffId: staffOf(ctx), action, target, subject, before, after, at: clock.now() });
  }

  const userGone = () => errors.notFound('用户不存在');

  return {
    // Discount codes -----------------------------------------------------------------------------
    async createCode(
      b: {
        code: string;
        name: string;
        info: string;
        percent_off?: number;
        fen_off?: number;
        valid_from?: string;
        valid_until: string;
        max_uses: number;
      },
      ctx: AuthedContext,
    ) {
      const now = clock.now();
      const validFrom = b.valid_from ? new Date(b.valid_from) : now;
      const validUntil = new Date(b.valid_until);
      if (validUntil <= validFrom) throw errors.invalidParam('结束时间须晚于开始时间');
      if (await deps.codes.find(b.code)) throw errors.invalidParam('折扣码已存在');
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(discountCodes)
          .values({
            code: b.code.toUpperCase(),
            name: b.name,
            info: b.info,
            percentOff: b.percent_off ?? null,
            fenOff: b.fen_off ?? null,
            validFrom,
            validUntil,
            maxUses: b.max_uses,
            createdBy: staffOf(ctx),
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!created) throw errors.invalidParam('折扣码已存在');
        await audit(tx, ctx, 'code.create', null, created.code, null, toAdminCode(created));
        return created;
      });
      return { code: toAdminCode(row) };
    },

    async getCodes(b: { code?: string }) {
      if (b.code) {
        const one = await deps.codes.find(b.code);
        return { codes: one ? [toAdminCode(one)] : [] };
      }
      const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt)).limit(500);
      return { codes: rows.map(toAdminCode) };
    },

    async markCodeInvalid(b: { code: string }, ctx: AuthedContext) {
      const found = await deps.codes.find(b.code);
      if (!found) throw errors.notFound('折扣码不存在');
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(discountCodes)
          .set({ invalidAt: sql`coalesce(${discountCodes.invalidAt}, ${clock.now().toISOString()}::timestamptz)` })
          .where(eq(discountCodes.code, found.code))
          .returning();
        await audit(
          tx,
          ctx,
          'code.mark_invalid',
          null,
          found.code,
          toAdminCode(found),
          updated && toAdminCode(updated),
        );
        return updated ?? found;
      });
      return { code: toAdminCode(row) };
    },

    // Vouchers -----------------------------------------------------------------------------------
    async getVouchers() {
      const rows = await db
        .select()
        .from(vouchers)
        .where(isNull(vouchers.deletedAt))
        .orderBy(desc(vouchers.createdAt))
        .limit(500);
      return { vouchers: rows.map(toVoucher) };
    },

    async addVoucher(b: VoucherInput, ctx: AuthedContext) {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(vouchers)
          .values({
            code: b.code.toUpperCase(),
            kind: b.kind,
            days: b.kind === PaymentKind.FlashCoin ? 0 : b.days,
            coins: b.kind === PaymentKind.FlashCoin ? b.coins : 0,
            maxUses: b.max_uses,
            validUntil: new Date(b.valid_until),
            note: b.note,
            createdBy: staffOf(ctx),
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!created) throw errors.invalidParam('兑换码已存在');
        await audit(tx, ctx, 'voucher.add', null, created.code, null, toVoucher(created));
        return created;
      });
      return { voucher: toVoucher(row) };
    },

    async updateVoucher(b: VoucherInput, ctx: AuthedContext) {
      const code = b.code.toUpperCase();
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(vouchers)
          .where(and(eq(vouchers.code, code), isNull(vouchers.deletedAt)))
          .for('update');
        if (!before) throw errors.notFound('兑换码不存在');
        if (b.max_uses > 0 && b.max_uses < before.usedCount)
          throw errors.invalidParam(`可兑换人数不能少于已兑换人数（${before.usedCount}）`);
        const [after] = await tx
          .update(vouchers)
          .set({
            kind: b.kind,
            days: b.kind === PaymentKind.FlashCoin ? 0 : b.days,
            coins: b.kind === PaymentKind.FlashCoin ? b.coins : 0,
            maxUses: b.max_uses,
            validUntil: new Date(b.valid_until),
            note: b.note,
            updatedAt: clock.now(),
          })
          .where(eq(vouchers.code, code))
          .returning();
        await audit(tx, ctx, 'voucher.update', null, code, toVoucher(before), after && toVoucher(after));
        return after as VoucherRow;
      });
      return { voucher: toVoucher(row) };
    },

    async deleteVoucher(b: { code: string }, ctx: AuthedContext) {
      const code = b.code.toUpperCase();
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .update(vouchers)
          .set({ deletedAt: clock.now() })
          .where(and(eq(vouchers.code, code), isNull(vouchers.deletedAt)))
          .returning();
        if (!gone) throw errors.notFound('兑换码不存在');
        await audit(tx, ctx, 'voucher.delete', null, code, toVoucher(gone), null);
      });
      return {};
    },

    /** A user redeems a voucher: once per user, within its uses and time; the grant and the use in one transaction. */
    async redeem(b: { code: string }, ctx: AuthedContext) {
      const userId = Number(ctx.caller.userId);
      const code = b.code.toUpperCase();
      const now = clock.now();
      const granted = await db.transaction(async (tx) => {
        const [v] = await tx.select().from(vouchers).where(eq(vouchers.code, code)).for('update');
        if (!v || v.deletedAt || v.validUntil <= now || (v.maxUses > 0 && v.usedCount >= v.maxUses))
          throw errors.notFound('兑换码不存在或已失效');
        if (v.kind === PaymentKind.VIP && ctx.caller.roleKind === RoleKind.SVIP)
          throw new AppError('buy_role_exist', { show: '您已是超级 VIP，无法兑换 VIP 会员', roleName: '超级 VIP' });
        const [first] = await tx
          .insert(voucherRedemptions)
          .values({ voucherCode: code, userId, at: now })
          .onConflictDoNothing()
          .returning();
        if (!first) throw errors.notFound('您已兑换过该兑换码');
        await tx
          .update(vouchers)
          .set({ usedCount: sql`${vouchers.usedCount} + 1` })
          .where(eq(vouchers.code, code));
        const source = `voucher:${code}`;
        if (v.kind === PaymentKind.FlashCoin) {
          if (!(await changeCoins(tx, userId, v.coins, now, { reason: 'voucher', ref: source }))) throw userGone();
          return `${v.coins} 个闪卡币`;
        }
        const role = v.kind === PaymentKind.SVIP ? RoleKind.SVIP : RoleKind.VIP;
        if (!(await grantMembership(tx, userId, role, v.days, now, { note: `兑换码 ${code}`, source })))
          throw userGone();
        return `${role === RoleKind.SVIP ? '超级 VIP' : 'VIP 会员'} ${v.days} 天`;
      });
      deps.bus.publish('user', String(userId));
      return { granted };
    },

    // Memberships and coins ----------------------------------------------------------------------
    async manualGrantVip(b: { user_id: string; role_kind: 3 | 4; days: number; note: string }, ctx: AuthedContext) {
      const target = Number(b.user_id);
      const result = await db.transaction(async (tx) => {
        const r = await grantMembership(tx, target, b.role_kind, b.days, clock.now(), {
          note: b.note,
          source: `staff:${ctx.caller.userId}`,
        });
        if (!r) throw userGone();
        await audit(tx, ctx, 'manual_grant_vip', target, '', toAuthority(r.before), toAuthority(r.after));
        return r.after;
      });
      deps.bus.publish('user', b.user_id);
      return toAuthority(result);
    },

    async removeVip(b: { user_id: string; note: string }, ctx: AuthedContext) {
      const target = Number(b.user_id);
      const result = await db.transaction(async (tx) => {
        const r = await endMembership(tx, target, clock.now(), { note: b.note, source: `staff:${ctx.caller.userId}` });
        if (!r) throw userGone();
        await audit(tx, ctx, 'remove_vip', target, '', toAuthority(r.before), toAuthority(r.after));
        return r.after;
      });
      deps.bus.publish('user', b.user_id);
      return toAuthority(result);
    },

    async manualChangeFlashCoin(b: { user_id: string; delta: number; note: string }, ctx: AuthedContext) {
      const target = Number(b.user_id);
      const result = await db.transaction(async (tx) => {
        const r = await changeCoins(tx, target, b.delta, clock.now(), {
          reason: 'staff',
          ref: `staff:${ctx.caller.userId}:${b.note}`.slice(0, 200),
        });
        if (r === undefined) throw userGone();
        if (r === null) throw errors.invalidParam('闪卡币余额不能小于 0');
        await audit(
          tx,
          ctx,
          'manual_change_flash_coin',
          target,
          '',
          { flash_coins: r.before },
          { flash_coins: r.after },
        );
        const [u] = await tx
          .execute(sql`select id, role_kind, role_expire_at, flash_coins from users where id = ${target}`)
          .then(
            (x) =>
              (
                x as unknown as {
                  rows: { id: number; role_kind: number; role_expire_at: string | null; flash_coins: number }[];
                }
              ).rows,
          );
        return u;
      });
      deps.bus.publish('user', b.user_id);
      return {
        user_id: b.user_id,
        role_kind: Number(result?.role_kind ?? 0) as RoleKind,
        expire_at: result?.role_expire_at ? new Date(result.role_expire_at).toISOString() : null,
        flash_coins: Number(result?.flash_coins ?? 0),
      };
    },

    async checkCoin(b: { user_id: string }, ctx: AuthedContext) {
      const target = Number(b.user_id);
      const [u] = (
        (await db.execute(sql`select flash_coins from users where id = ${target}`)) as unknown as {
          rows: { flash_coins: number }[];
        }
      ).rows;
      if (!u) throw userGone();
      const ledger = await db
        .select()
        .from(flashCoinLedger)
        .where(eq(flashCoinLedger.userId, target))
        .orderBy(desc(flashCoinLedger.at), desc(flashCoinLedger.id))
        .limit(50);
      await db.transaction((tx) => audit(tx, ctx, 'check_coin', target, '', null, null));
      return {
        flash_coins: Number(u.flash_coins),
        ledger: ledger.map((l) => ({ delta: l.delta, balance: l.balance, reason: l.reason, at: l.at.toISOString() })),
      };
    },

    // Orders -------------------------------------------------------------------------------------
    async refundTrade(b: { trade_id: string; refund_fen?: number; note: string }, ctx: AuthedContext) {
      const t = await deps.repo.byId(b.trade_id);
      if (!t) throw errors.notFound('订单不存在');
      if (!paidStatuses.includes(t.status) || t.status === TradeStatus.Refund)
        throw errors.invalidParam('只有已支付且未退款的订单可以退款');
      const refundFen = b.refund_fen ?? t.priceFen;
      if (refundFen > t.priceFen) throw errors.invalidParam('退款金额不能超过支付金额');
      if (!deps.provider || deps.provider.name !== t.provider)
        throw errors.invalidParam('该订单的支付渠道当前未启用，无法原路退款');
      try {
        await deps.provider.refund({
          outTradeNo: t.id,
          refundNo: `R${t.id}`,
          refundFen,
          totalFen: t.priceFen,
          reason: b.note,
        });
      } catch (err) {
        if (err instanceof ProviderError && err.kind === 'unavailable')
          throw errors.busy('支付渠道暂时不可用，请稍后重试');
        if (err instanceof ProviderError) throw errors.invalidParam(`支付渠道拒绝退款：${err.message}`);
        throw err;
      }
      const now = clock.now();
      const after = await db.transaction(async (tx) => {
        await deps.repo.update(
          t.id,
          { status: TradeStatus.Refund, refundFen, note: b.note, closedAt: now, updatedAt: now },
          tx,
        );
        const row = { ...t, status: TradeStatus.Refund, refundFen };
        await audit(tx, ctx, 'trade.refund', t.userId, t.id, toTrade(t), { ...toTrade(row), refund_fen: refundFen });
        return row;
      });
      return { trade: toTrade(after) };
    },

    async invalidateTrade(b: { trade_id: string; note: string }, ctx: AuthedContext) {
      const t = await deps.repo.byId(b.trade_id);
      if (!t) throw errors.notFound('订单不存在');
      if (t.status === TradeStatus.ManualInvalid || t.status === TradeStatus.Refund)
        throw errors.invalidParam('订单已作废或已退款');
      const now = clock.now();
      const after = await db.transaction(async (tx) => {
        const locked = await deps.repo.lock(tx, t.id);
        if (!locked) throw errors.notFound('订单不存在');
        await deps.repo.update(
          t.id,
          { status: TradeStatus.ManualInvalid, note: b.note, closedAt: now, updatedAt: now },
          tx,
        );
        const row = { ...locked, status: TradeStatus.ManualInvalid };
        await audit(tx, ctx, 'trade.invalidate', t.userId, t.id, toTrade(locked), toTrade(row));
        return row;
      });
      if (t.status === TradeStatus.WaitPay && deps.provider?.name === t.provider)
        await deps.provider.close(t.id).catch(() => {});
      return { trade: toTrade(after) };
    },
  };
}

export type PayStaff = ReturnType<typeof createPayStaff>;
