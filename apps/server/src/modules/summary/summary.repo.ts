// SQL for daily activity (sign-in, today's progress).
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { dailyActivity } from '../../db/schema/summary.ts';
import type { Db } from '../../platform/db.ts';

export function createSummaryRepo(db: Db) {
  return {
    async markSigned(userId: number, day: string) {
      await db
        .insert(dailyActivity)
        .values({ userId, day, signed: true })
        .onConflictDoUpdate({ target: [dailyActivity.userId, dailyActivity.day], set: { signed: true } });
    },

    /** Signed days, newest first (enough to compute any realistic streak). */
    async signedDays(userId: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ day: dailyActivity.day })
        .from(dailyActivity)
        .where(and(eq(dailyActivity.userId, userId), eq(dailyActivity.signed, true)))
        .orderBy(desc(dailyActivity.day))
        .limit(limit);
      return rows.map((r) => r.day);
    },

    async countSigned(userId: number): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(dailyActivity)
        .where(and(eq(dailyActivity.userId, userId), eq(dailyActivity.signed, true)));
      return r?.n ?? 0;
    },

    async range(userId: number, from: string, to: string) {
      return db
        .select()
        .from(dailyActivity)
        .where(and(eq(dailyActivity.userId, userId), gte(dailyActivity.day, from), lte(dailyActivity.day, to)))
        .orderBy(asc(dailyActivity.day));
    },
  };
}

export type SummaryRepo = ReturnType<typeof createSummaryRepo>;
