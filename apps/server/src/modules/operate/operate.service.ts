// The operator console's reads and its own changes (issue 17, ADR 0031): find a user by id, phone,
// e-mail or name prefix; read one user with their recent orders and the staff actions on them; open or
// close the advanced bank (show_higher_collect); grant or take away the crown and set a user's (or the
// common default of) extra custom exams (ADR 0034). Money and membership changes are pay.staff's.

import { chinaDay } from '@gre/contract/china-time';
import type { StaffUser } from '@gre/contract/endpoints/permission';
import { imageUrl } from '@gre/contract/endpoints/upload';
import { PaymentKind, RoleKind, roleName } from '@gre/contract/enums';
import { and, desc, eq, gt, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { uploads } from '../../db/schema/media.ts';
import { newmanGifts, staffAudit, trades } from '../../db/schema/pay.ts';
import { users } from '../../db/schema/user.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { AuthedContext } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import type { InvalidationBus } from '../../platform/invalidation.ts';
import { commonTailorExtra, setCommonTailorExtra, tailorExtraUsed } from '../exam/exam.quota.ts';
import { changeCoins, grantMembership } from '../pay/pay.grants.ts';
import { toTrade } from '../pay/pay.mapper.ts';
import { effectiveRole } from '../user/user.mapper.ts';
import { operationsReport } from './operate.report.ts';
import { writeStaffAudit } from './staff-audit.ts';

type UserRow = typeof users.$inferSelect;

/** The effective role is computed when read (ADR 0007): an expired membership shows as FreeVIP. */
function toStaffUser(u: UserRow, now: Date, extraUsed = 0): StaffUser {
  const role = effectiveRole(u, now);
  return {
    user_id: String(u.id),
    name: u.name,
    phone: u.phone,
    email: u.email,
    role_kind: role,
    expire_at: role === u.roleKind ? (u.roleExpireAt?.toISOString() ?? null) : null,
    flash_coins: u.flashCoins,
    is_freeze: u.isFreeze,
    freeze_reason: u.freezeReason,
    show_higher_collect: u.showHigherCollect,
    has_crown: u.hasCrown,
    tailor_extra: u.tailorExtra,
    tailor_extra_used: extraUsed,
    show_tailor_shelf: u.showTailorShelf,
    is_staff: u.isAdmin || u.isOperator || u.isTeacher,
    created_at: u.createdAt.toISOString(),
    mark: { text: u.markText, qrs: u.markQrs.map((id) => ({ id, url: imageUrl(id) })) },
  };
}

/**
 * What an audited change did, in words: the role and expiry, the coin balance or the advanced bank
 * before → after ('' when the row holds none of them).
 */
function changeOf(before: unknown, after: unknown): string {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const role = (x: Record<string, unknown>) =>
    `${roleName[x.role_kind as RoleKind] ?? ''}${typeof x.expire_at === 'string' ? `（至 ${chinaDay(new Date(x.expire_at))}）` : ''}`;
  if ('role_kind' in a && a.role_kind !== b.role_kind) return `${role(b)} → ${role(a)}`;
  if ('role_kind' in a && a.expire_at !== b.expire_at) return `${role(b)} → ${role(a)}`;
  if ('flash_coins' in a && a.flash_coins !== b.flash_coins) return `闪卡币 ${b.flash_coins} → ${a.flash_coins}`;
  if ('show_higher_collect' in a) return a.show_higher_collect ? '开通' : '关闭';
  if ('has_crown' in a) return a.has_crown ? '授予皇冠' : '收回皇冠';
  if ('tailor_extra' in a) {
    const shelf =
      a.show_tailor_shelf === b.show_tailor_shelf ? '' : a.show_tailor_shelf ? '，显示我的组卷' : '，隐藏我的组卷';
    return `额外自选组卷 ${b.tailor_extra} → ${a.tailor_extra} 次${shelf}`;
  }
  if ('mark_text' in a) {
    const qrs = (a.mark_qrs as unknown[] | undefined)?.length ?? 0;
    return `标记：${String(a.mark_text).replace(/\s+/g, ' ').slice(0, 40) || '（无文字）'}${qrs ? `，二维码 ${qrs} 张` : ''}`;
  }
  if ('common_tailor_extra' in a) return `公共额外自选组卷 ${b.common_tailor_extra} → ${a.common_tailor_extra} 次`;
  return '';
}

/** `x%` for LIKE with the pattern characters of `x` escaped. */
const prefixPattern = (x: string) => `${x.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createOperate(deps: { db: Db; clock: Clock; bus: InvalidationBus }) {
  const { db, clock } = deps;
  const userGone = () => errors.notFound('用户不存在');

  /** Signed up in [from, to), staff excluded. */
  const newIn = (from: Date, to: Date) =>
    and(
      gte(users.createdAt, from),
      lt(users.createdAt, to),
      eq(users.isAdmin, false),
      eq(users.isOperator, false),
      eq(users.isTeacher, false),
    );

  /**
   * One audited change of a user's flags: the row is locked, so two operators at once are applied one
   * after the other and each answer is a real state; every process drops the user's cached session.
   */
  async function changeUser(
    userId: string,
    ctx: AuthedContext,
    action: string,
    note: string,
    change: (u: UserRow) => Partial<UserRow>,
    shown: (u: UserRow) => Record<string, unknown>,
  ) {
    const id = Number(userId);
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before) throw userGone();
      const [after] = await tx
        .update(users)
        .set({ ...change(before), updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      if (!after) throw userGone();
      await writeStaffAudit(tx, {
        staffId: Number(ctx.caller.userId),
        action,
        target: id,
        subject: note,
        before: shown(before),
        after: shown(after),
        at: now,
      });
      return after;
    });
    deps.bus.publish('user', userId);
    const used = await tailorExtraUsed(db, [id]);
    return { user: toStaffUser(row, now, used.get(id)) };
  }

  return {
    report: (from: string, to: string) => operationsReport(db, clock, from, to),

    async newUsers(b: { from: string; to: string }) {
      const where = newIn(new Date(b.from), new Date(b.to));
      const [[n], rows] = await Promise.all([
        db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
        db.select().from(users).where(where).orderBy(users.createdAt, users.id).limit(20),
      ]);
      const now = clock.now();
      return { count: n?.n ?? 0, users: rows.map((u) => toStaffUser(u, now)) };
    },

    /**
     * Gives each user who signed up in the period the same gift, once: the gift key (period, kind,
     * amount) is written per user with the grant in one transaction, so a repeated or concurrent run
     * of the same batch skips those who have it. Batches of 500 users per transaction.
     */
    async gift(
      b: { from: string; to: string; kind: PaymentKind; days: number; coins: number; note: string },
      ctx: AuthedContext,
    ) {
      const from = new Date(b.from);
      const to = new Date(b.to);
      const coins = b.kind === PaymentKind.FlashCoin;
      const key = `${from.toISOString()}/${to.toISOString()}/${b.kind}/${coins ? `c${b.coins}` : `d${b.days}`}`;
      const source = `gift:${ctx.caller.userId}`;
      const now = clock.now();
      let gifted = 0;
      let seen = 0;
      let afterId = 0;
      for (;;) {
        const ids = (
          await db
            .select({ id: users.id })
            .from(users)
            .where(and(newIn(from, to), gt(users.id, afterId)))
            .orderBy(users.id)
            .limit(500)
        ).map((r) => r.id);
        if (!ids.length) break;
        seen += ids.length;
        afterId = ids[ids.length - 1] ?? afterId;
        const given = await db.transaction(async (tx) => {
          const fresh = await tx
            .insert(newmanGifts)
            .values(ids.map((userId) => ({ giftKey: key, userId, at: now })))
            .onConflictDoNothing()
            .returning({ userId: newmanGifts.userId });
          for (const { userId } of fresh) {
            if (coins) await changeCoins(tx, userId, b.coins, now, { reason: 'gift', ref: `gift:${key}` });
            else
              await grantMembership(
                tx,
                userId,
                b.kind === PaymentKind.SVIP ? RoleKind.SVIP : RoleKind.VIP,
                b.days,
                now,
                {
                  note: b.note,
                  source,
                },
              );
          }
          return fresh.map((f) => f.userId);
        });
        gifted += given.length;
        for (const id of given) deps.bus.publish('user', String(id));
      }
      const skipped = seen - gifted;
      await db.transaction((tx) =>
        writeStaffAudit(tx, {
          staffId: Number(ctx.caller.userId),
          action: 'batch_newman_gift',
          target: null,
          subject: `${key} ${b.note}`,
          before: null,
          after: { gifted, skipped },
          at: now,
        }),
      );
      return { gifted, skipped };
    },

    /**
     * Up to 20 users: the id (digits), the phone, the e-mail (stored lower-case) or a name prefix. Each
     * arm uses its own index (primary key, the unique phone and e-mail indexes, users_name_prefix_idx).
     */
    async find(query: string) {
      const q = query.trim();
      const arms = [sql`${users.name} like ${prefixPattern(q)}`, eq(users.phone, q), eq(users.email, q.toLowerCase())];
      if (/^\d{1,15}$/.test(q)) arms.push(eq(users.id, Number(q)));
      const rows = await db
        .select()
        .from(users)
        .where(or(...arms))
        .orderBy(users.id)
        .limit(20);
      const now = clock.now();
      // An exact id, phone or e-mail comes before the name matches.
      const exact = (u: UserRow) => String(u.id) === q || u.phone === q || u.email === q.toLowerCase();
      const used = await tailorExtraUsed(
        db,
        rows.map((u) => u.id),
      );
      return {
        users: [...rows.filter(exact), ...rows.filter((u) => !exact(u))].map((u) =>
          toStaffUser(u, now, used.get(u.id)),
        ),
      };
    },

    /**
     * The user's mark (ADR 0036): a text and up to four QR images, each an upload made for a mark
     * (purpose `mark`). Audited; the user sees it in their own /api/user/get answer only.
     */
    async setMark(b: { user_id: string; text: string; qr_ids: string[] }, ctx: AuthedContext) {
      if (b.qr_ids.length) {
        const found = await db
          .select({ id: uploads.id })
          .from(uploads)
          .where(and(inArray(uploads.id, b.qr_ids), eq(uploads.purpose, 'mark')));
        if (found.length !== b.qr_ids.length) throw errors.invalidParam('二维码图片不存在，请重新上传');
      }
      return changeUser(
        b.user_id,
        ctx,
        'set_mark',
        '',
        () => ({ markText: b.text, markQrs: b.qr_ids }),
        (u) => ({ mark_text: u.markText, mark_qrs: u.markQrs }),
      );
    },

    async get(userId: string) {
      const id = Number(userId);
      const [row] = await db.select().from(users).where(eq(users.id, id));
      if (!row) throw userGone();
      const staff = alias(users, 'staff');
      const [orders, audit, used] = await Promise.all([
        db.select().from(trades).where(eq(trades.userId, id)).orderBy(desc(trades.createdAt)).limit(20),
        db
          .select({
            action: staffAudit.action,
            subject: staffAudit.subject,
            before: staffAudit.before,
            after: staffAudit.after,
            at: staffAudit.at,
            staffName: staff.name,
          })
          .from(staffAudit)
          .leftJoin(staff, eq(staff.id, staffAudit.staffId))
          // The op_check rows (the code that confirmed an action) stay in the table, not in the list.
          .where(and(eq(staffAudit.targetUserId, id), ne(staffAudit.action, 'op_check')))
          .orderBy(desc(staffAudit.at), desc(staffAudit.id))
          .limit(20),
        tailorExtraUsed(db, [id]),
      ]);
      return {
        user: toStaffUser(row, clock.now(), used.get(id)),
        trades: orders.map(toTrade),
        audit: audit.map((a) => ({
          action: a.action,
          staff_name: a.staffName ?? '',
          subject: a.subject,
          change: changeOf(a.before, a.after),
          at: a.at.toISOString(),
        })),
      };
    },

    /** Opens or closes the advanced bank; the row is locked so that two operators see each other's change. */
    setHigher: (b: { user_id: string; on: boolean; note: string }, ctx: AuthedContext) =>
      changeUser(
        b.user_id,
        ctx,
        'set_higher',
        b.note,
        () => ({ showHigherCollect: b.on }),
        (u) => ({
          show_higher_collect: u.showHigherCollect,
        }),
      ),

    /**
     * Grants or takes away the crown (ADR 0034). The user's sessions are dropped from every process's
     * cache (the bus), so the next request already opens or refuses 精华 accordingly.
     */
    setHigh: (b: { user_id: string; on: boolean; note: string }, ctx: AuthedContext) =>
      changeUser(
        b.user_id,
        ctx,
        'set_high',
        b.note,
        () => ({ hasCrown: b.on }),
        (u) => ({ has_crown: u.hasCrown }),
      ),

    /**
     * Sets the user's extra custom exams in all (used ones stay used); a number above 0 shows the
     * 我的组卷 shelf unless the operator says otherwise.
     */
    assignCustomTailor: (
      b: { user_id: string; extra: number; show_shelf?: boolean | undefined; note: string },
      ctx: AuthedContext,
    ) =>
      changeUser(
        b.user_id,
        ctx,
        'assign_custom_tailor_use',
        b.note,
        (u) => ({
          tailorExtra: b.extra,
          showTailorShelf: b.show_shelf ?? (b.extra > 0 ? true : u.showTailorShelf),
        }),
        (u) => ({ tailor_extra: u.tailorExtra, show_tailor_shelf: u.showTailorShelf }),
      ),

    commonTailor: async () => ({ extra: await commonTailorExtra(db) }),

    /** The common default extra custom exams for everyone; audited with before and after. */
    async assignCommonTailor(b: { extra: number; note: string }, ctx: AuthedContext) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const before = await setCommonTailorExtra(tx, b.extra, now);
        await writeStaffAudit(tx, {
          staffId: Number(ctx.caller.userId),
          action: 'assign_common_tailor_use',
          target: null,
          subject: b.note,
          before: { common_tailor_extra: before },
          after: { common_tailor_extra: b.extra },
          at: now,
        });
      });
      return { extra: b.extra };
    },
  };
}

export type Operate = ReturnType<typeof createOperate>;
