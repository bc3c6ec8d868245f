// SQL of the orders (ADR 0029). Every read of a user's order names the user; the writes of a status
// change run in the caller's transaction, under the trade's row lock or as conditional updates.
import { TradeStatus } from '@gre/contract/enums';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { payNotifications, plans, trades } from '../../db/schema/pay.ts';
import { users } from '../../db/schema/user.ts';
import type { Db, Tx } from '../../platform/db.ts';

export type TradeRow = typeof trades.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

/** Statuses in which money has been received (or the order was settled by staff after it). */
export const paidStatuses: number[] = [
  TradeStatus.PaySuccess,
  TradeStatus.ApplySuccess,
  TradeStatus.ApplyFail,
  TradeStatus.Refund,
];
/** Unpaid statuses a late "paid" from the provider still turns into a payment (the money arrived). */
export const payableStatuses: number[] = [
  TradeStatus.WaitPay,
  TradeStatus.PayTimeout,
  TradeStatus.PayCancel,
  TradeStatus.InitPayFail,
];

export function createPayRepo(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    activePlans(): Promise<PlanRow[]> {
      return db.select().from(plans).where(eq(plans.active, true)).orderBy(plans.kind, plans.param);
    },

    async plan(kind: number, param: number): Promise<PlanRow | undefined> {
      const [row] = await db
        .select()
        .from(plans)
        .where(and(eq(plans.kind, kind), eq(plans.param, param), eq(plans.active, true)));
      return row;
    },

    /** The plan of an order (active or not: an order keeps what it bought). */
    async planOf(tx: Tx, kind: number, param: number): Promise<PlanRow | undefined> {
      const [row] = await tx
        .select()
        .from(plans)
        .where(and(eq(plans.kind, kind), eq(plans.param, param)));
      return row;
    },

    /** Serialises a user's orders: a new init waits for another one of the same user. */
    async lockUser(tx: Tx, userId: number): Promise<boolean> {
      const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      return !!row;
    },

    /** Closes the user's open orders of this kind (PayCancel); returns their ids. */
    async cancelOpen(tx: Tx, userId: number, kind: number, now: Date): Promise<string[]> {
      const rows = await tx
        .update(trades)
        .set({ status: TradeStatus.PayCancel, closedAt: now, updatedAt: now })
        .where(and(eq(trades.userId, userId), eq(trades.kind, kind), eq(trades.status, TradeStatus.WaitPay)))
        .returning({ id: trades.id });
      return rows.map((r) => r.id);
    },

    async insert(tx: Tx, row: typeof trades.$inferInsert): Promise<TradeRow> {
      const [created] = await tx.insert(trades).values(row).returning();
      return created as TradeRow;
    },

    async update(id: string, set: Partial<typeof trades.$inferInsert>, on: Db | Tx = db): Promise<void> {
      await on.update(trades).set(set).where(eq(trades.id, id));
    },

    /** Sets `set` only while the trade is in one of `from`; true when it was. */
    async updateIf(id: string, from: number[], set: Partial<typeof trades.$inferInsert>, on: Db | Tx = db) {
      const rows = await on
        .update(trades)
        .set(set)
        .where(and(eq(trades.id, id), inArray(trades.status, from)))
        .returning({ id: trades.id });
      return rows.length > 0;
    },

    async byId(id: string): Promise<TradeRow | undefined> {
      const [row] = await db.select().from(trades).where(eq(trades.id, id));
      return row;
    },

    async ofUser(id: string, userId: number): Promise<TradeRow | undefined> {
      const [row] = await db
        .select()
        .from(trades)
        .where(and(eq(trades.id, id), eq(trades.userId, userId)));
      return row;
    },

    listOfUser(userId: number): Promise<TradeRow[]> {
      return db.select().from(trades).where(eq(trades.userId, userId)).orderBy(desc(trades.createdAt)).limit(50);
    },

    async lock(tx: Tx, id: string): Promise<TradeRow | undefined> {
      const [row] = await tx.select().from(trades).where(eq(trades.id, id)).for('update');
      return row;
    },

    /** Records a notification id; false when it was already processed (a replay). */
    async firstNotification(tx: Tx, provider: string, notificationId: string, tradeId: string, now: Date) {
      const rows = await tx
        .insert(payNotifications)
        .values({ provider, notificationId, tradeId, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: payNotifications.notificationId });
      return rows.length > 0;
    },

    /** Unpaid orders past their time. */
    expired(now: Date, limit = 100): Promise<TradeRow[]> {
      return db
        .select()
        .from(trades)
        .where(and(eq(trades.status, TradeStatus.WaitPay), lte(trades.expiresAt, now)))
        .orderBy(trades.expiresAt)
        .limit(limit);
    },

    /** Paid orders not applied (a crash between payment and apply, or a failed apply). */
    unapplied(before: Date, limit = 100): Promise<TradeRow[]> {
      return db
        .select()
        .from(trades)
        .where(
          and(inArray(trades.status, [TradeStatus.PaySuccess, TradeStatus.ApplyFail]), lte(trades.updatedAt, before)),
        )
        .limit(limit);
    },

    /** What the daily reconciliation asks the provider about: open, unapplied, recently closed unpaid, or recently refunded. */
    toReconcile(since: Date): Promise<TradeRow[]> {
      return db
        .select()
        .from(trades)
        .where(
          sql`${trades.status} in (${TradeStatus.WaitPay}, ${TradeStatus.PaySuccess}, ${TradeStatus.ApplyFail})
            or (${trades.status} in (${TradeStatus.PayTimeout}, ${TradeStatus.PayCancel}, ${TradeStatus.Refund}) and ${trades.createdAt} >= ${since.toISOString()}::timestamptz)`,
        )
        .limit(5000);
    },
  };
}

export type PayRepo = ReturnType<typeof createPayRepo>;
