// The operator console's reads and its own changes (issue 17, ADR 0031): find a user by id, phone,
// e-mail or name prefix; read one user with their recent orders and the staff actions on them; open or
// close the advanced bank (show_higher_collect). Money and membership changes are pay.staff's.

import { chinaDay } from '@gre/contract/china-time';
import type { StaffUser } from '@gre/contract/endpoints/permission';
import { type RoleKind, roleName } from '@gre/contract/enums';
import { desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { staffAudit, trades } from '../../db/schema/pay.ts';
import { users } from '../../db/schema/user.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { AuthedContext } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import type { InvalidationBus } from '../../platform/invalidation.ts';
import { toTrade } from '../pay/pay.mapper.ts';
import { effectiveRole } from '../user/user.mapper.ts';
import { writeStaffAudit } from './staff-audit.ts';

type UserRow = typeof users.$inferSelect;

/** The effective role is computed when read (ADR 0007): an expired membership shows as FreeVIP. */
function toStaffUser(u: UserRow, now: Date): StaffUser {
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
    is_staff: u.isAdmin || u.isOperator || u.isTeacher,
    created_at: u.createdAt.toISOString(),
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
  return '';
}

/** `x%` for LIKE with the pattern characters of `x` escaped. */
const prefixPattern = (x: string) => `${x.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createOperate(deps: { db: Db; clock: Clock; bus: InvalidationBus }) {
  const { db, clock } = deps;
  const userGone = () => errors.notFound('用户不存在');

  return {
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
      return { users: [...rows.filter(exact), ...rows.filter((u) => !exact(u))].map((u) => toStaffUser(u, now)) };
    },

    async get(userId: string) {
      const id = Number(userId);
      const [row] = await db.select().from(users).where(eq(users.id, id));
      if (!row) throw userGone();
      const staff = alias(users, 'staff');
      const [orders, audit] = await Promise.all([
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
          .where(eq(staffAudit.targetUserId, id))
          .orderBy(desc(staffAudit.at), desc(staffAudit.id))
          .limit(20),
      ]);
      return {
        user: toStaffUser(row, clock.now()),
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
    async setHigher(b: { user_id: string; on: boolean; note: string }, ctx: AuthedContext) {
      const id = Number(b.user_id);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        if (!before) throw userGone();
        const [after] = await tx
          .update(users)
          .set({ showHigherCollect: b.on, updatedAt: now })
          .where(eq(users.id, id))
          .returning();
        if (!after) throw userGone();
        await writeStaffAudit(tx, {
          staffId: Number(ctx.caller.userId),
          action: 'set_higher',
          target: id,
          subject: b.note,
          before: { show_higher_collect: before.showHigherCollect },
          after: { show_higher_collect: after.showHigherCollect },
          at: now,
        });
        return after;
      });
      deps.bus.publish('user', b.user_id);
      return { user: toStaffUser(row, now) };
    },
  };
}

export type Operate = ReturnType<typeof createOperate>;
