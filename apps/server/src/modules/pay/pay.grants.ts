// What a purchase, a voucher or a staff action gives (ADR 0029), and the writes that give it inside the
// caller's transaction: membership (role + expiry, with a role_records row) and coins (with a
// flash_coin_ledger row, never below 0). The effective role stays computed when read (ADR 0007).
import { PaymentKind, RoleKind } from '@gre/contract/enums';
import { and, eq, gte, sql } from 'drizzle-orm';
import { flashCoinLedger } from '../../db/schema/flash.ts';
import { plans } from '../../db/schema/pay.ts';
import { roleRecords, users } from '../../db/schema/user.ts';
import type { Tx } from '../../platform/db.ts';
import { effectiveRole } from '../user/user.mapper.ts';

const dayMs = 86_400_000;

/**
 * The membership after adding `days` of `role` (VIP or SVIP) for a user who now has `current`.
 * - Same role running: the days add to the current expiry.
 * - No paid role running: the days count from now.
 * - SVIP over a running VIP: SVIP from now; the VIP time left is converted into SVIP time at the price
 *   ratio `vipPerSvip` (VIP's 1-month price / SVIP's), then the days add.
 * - VIP over a running SVIP (only when it got there by another way, e.g. another tab, after the order:
 *   init refuses it with buy_role_exist): the user stays SVIP and the VIP days are converted the same way.
 */
export function membershipAfter(
  current: { roleKind: number; roleExpireAt: Date | null },
  role: typeof RoleKind.VIP | typeof RoleKind.SVIP,
  days: number,
  now: Date,
  vipPerSvip: number,
): { roleKind: number; expireAt: Date } {
  const running = effectiveRole(current, now);
  const left =
    (running === RoleKind.VIP || running === RoleKind.SVIP) && current.roleExpireAt
      ? current.roleExpireAt.getTime() - now.getTime()
      : 0;
  const added = days * dayMs;
  if (running === role) return { roleKind: role, expireAt: new Date(now.getTime() + left + added) };
  if (role === RoleKind.SVIP && running === RoleKind.VIP)
    return { roleKind: role, expireAt: new Date(now.getTime() + Math.round(left * vipPerSvip) + added) };
  if (role === RoleKind.VIP && running === RoleKind.SVIP)
    return { roleKind: RoleKind.SVIP, expireAt: new Date(now.getTime() + left + Math.round(added * vipPerSvip)) };
  return { roleKind: role, expireAt: new Date(now.getTime() + added) };
}

/** VIP's 1-month price over SVIP's (the conversion rate between the two memberships' time). */
export async function vipPerSvip(tx: Tx): Promise<number> {
  const rows = await tx.select({ kind: plans.kind, price: plans.priceFen }).from(plans).where(eq(plans.param, 2));
  const vip = rows.find((r) => r.kind === PaymentKind.VIP)?.price;
  const svip = rows.find((r) => r.kind === PaymentKind.SVIP)?.price;
  return vip && svip ? Math.min(1, vip / svip) : 0.5;
}

export interface Authority {
  userId: number;
  roleKind: number;
  roleExpireAt: Date | null;
  flashCoins: number;
}

async function lockUser(tx: Tx, userId: number): Promise<Authority | undefined> {
  const [row] = await tx
    .select({
      userId: users.id,
      roleKind: users.roleKind,
      roleExpireAt: users.roleExpireAt,
      flashCoins: users.flashCoins,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** Adds membership days (role_records row with `note` and `source`); undefined when the user is gone. */
export async function grantMembership(
  tx: Tx,
  userId: number,
  role: typeof RoleKind.VIP | typeof RoleKind.SVIP,
  days: number,
  now: Date,
  record: { note: string; source: string },
): Promise<{ before: Authority; after: Authority } | undefined> {
  const before = await lockUser(tx, userId);
  if (!before) return undefined;
  const next = membershipAfter(before, role, days, now, await vipPerSvip(tx));
  await tx
    .update(users)
    .set({ roleKind: next.roleKind, roleExpireAt: next.expireAt, updatedAt: now })
    .where(eq(users.id, userId));
  await tx
    .insert(roleRecords)
    .values({ userId, roleKind: next.roleKind, startAt: now, expireAt: next.expireAt, ...record });
  return { before, after: { ...before, roleKind: next.roleKind, roleExpireAt: next.expireAt } };
}

/** Ends a paid membership now (staff): the user becomes an ordinary member, with a record. */
export async function endMembership(
  tx: Tx,
  userId: number,
  now: Date,
  record: { note: string; source: string },
): Promise<{ before: Authority; after: Authority } | undefined> {
  const before = await lockUser(tx, userId);
  if (!before) return undefined;
  const role = effectiveRole(before, now) >= RoleKind.VIP ? RoleKind.FreeVIP : before.roleKind;
  await tx.update(users).set({ roleKind: role, roleExpireAt: null, updatedAt: now }).where(eq(users.id, userId));
  if (role !== before.roleKind)
    await tx.insert(roleRecords).values({ userId, roleKind: role, startAt: now, expireAt: null, ...record });
  return { before, after: { ...before, roleKind: role, roleExpireAt: null } };
}

/**
 * Adds (or takes, with a negative delta) coins with a ledger row. Null when the balance would go
 * below 0 (nothing written); undefined when the user is gone.
 */
export async function changeCoins(
  tx: Tx,
  userId: number,
  delta: number,
  now: Date,
  entry: { reason: string; ref: string },
): Promise<{ before: number; after: number } | null | undefined> {
  const [row] = await tx
    .update(users)
    .set({ flashCoins: sql`${users.flashCoins} + ${delta}`, updatedAt: now })
    .where(and(eq(users.id, userId), gte(users.flashCoins, -delta)))
    .returning({ balance: users.flashCoins });
  if (!row) {
    const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return exists ? null : undefined;
  }
  await tx
    .insert(flashCoinLedger)
    .values({ userId, delta, balance: row.balance, reason: entry.reason, ref: entry.ref, at: now });
  return { before: row.balance - delta, after: row.balance };
}
