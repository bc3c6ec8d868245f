// SQL for accounts, sessions, codes and login failures.
import { and, asc, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { dailyActivity } from '../../db/schema/summary.ts';
import { loginFailures, roleRecords, sessions, users, verificationCodes } from '../../db/schema/user.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type RoleRecordRow = typeof roleRecords.$inferSelect;

export function createUserRepo(db: Db) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findByIds(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.id));
    },

    async findByAccount(account: { phone?: string; email?: string }): Promise<UserRow | undefined> {
      const cond = account.phone ? eq(users.phone, account.phone) : eq(users.email, account.email ?? '');
      const [row] = await db.select().from(users).where(cond);
      return row;
    },

    /** Creates the user and its first role record in one transaction; undefined when the account exists. */
    async create(user: NewUser, firstRecord: { roleKind: number; startAt: Date; note: string }) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(user).onConflictDoNothing().returning();
        if (!row) return undefined;
        await tx.insert(roleRecords).values({ userId: row.id, ...firstRecord });
        return row;
      });
    },

    async update(id: number, patch: Partial<NewUser>, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async roleRecords(userId: number): Promise<RoleRecordRow[]> {
      return db.select().from(roleRecords).where(eq(roleRecords.userId, userId)).orderBy(desc(roleRecords.startAt));
    },

    async today(userId: number, day: string) {
      const [row] = await db
        .select()
        .from(dailyActivity)
        .where(and(eq(dailyActivity.userId, userId), eq(dailyActivity.day, day)));
      return row;
    },

    // Sessions ---------------------------------------------------------------------------------

    async createSession(s: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(s);
    },

    /** The live session with its user, in one query (the auth guard's only query). */
    async findLiveSession(sessionId: string, now: Date) {
      const [row] = await db
        .select({
          userId: users.id,
          isAdmin: users.isAdmin,
          isOperator: users.isOperator,
          isTeacher: users.isTeacher,
          isFreeze: users.isFreeze,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return row;
    },

    async revokeSession(sessionId: string, now: Date, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeAllSessions(userId: number, now: Date, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    // Codes ------------------------------------------------------------------------------------

    /**
     * Inserts a code unless a limit is reached; the advisory lock on the target makes the count and
     * the insert atomic, so parallel requests cannot both pass the per-minute limit.
     */
    async insertCodeWithinLimits(
      code: typeof verificationCodes.$inferInsert & { createdAt: Date },
      limits: { targetPerMinute: number; targetPerDay: number; ipPerMinute: number; ipPerDay: number },
    ): Promise<{ ok: true } | { ok: false; reason: 'target_minute' | 'target_day' | 'ip_minute' | 'ip_day'; retryAt: Date }> {
      const now = code.createdAt;
      const minuteAgo = new Date(now.getTime() - 60_000);
      const dayAgo = new Date(now.getTime() - 86_400_000);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${code.target}`}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code-ip:${code.ip}`}))`);
        const count = async (col: typeof verificationCodes.target | typeof verificationCodes.ip, v: string, since: Date) => {
          const [r] = await tx
            .select({ n: sql<number>`count(*)::int`, first: sql<string | null>`min(${verificationCodes.createdAt})` })
            .from(verificationCodes)
            .where(and(eq(col, v), gte(verificationCodes.createdAt, since)));
          return { n: r?.n ?? 0, first: r?.first ? new Date(r.first) : now };
        };
        const checks = [
          ['target_minute', verificationCodes.target, code.target, minuteAgo, limits.targetPerMinute, 60_000],
          ['target_day', verificationCodes.target, code.target, dayAgo, limits.targetPerDay, 86_400_000],
          ['ip_minute', verificationCodes.ip, code.ip, minuteAgo, limits.ipPerMinute, 60_000],
          ['ip_day', verificationCodes.ip, code.ip, dayAgo, limits.ipPerDay, 86_400_000],
        ] as const;
        for (const [reason, col, v, since, max, window] of checks) {
          const c = await count(col, v, since);
          if (c.n >= max) return { ok: false as const, reason, retryAt: new Date(c.first.getTime() + window) };
        }
        await tx.insert(verificationCodes).values(code);
        return { ok: true as const };
      });
    },

    async deleteCode(target: string, createdAt: Date) {
      await db
        .delete(verificationCodes)
        .where(and(eq(verificationCodes.target, target), eq(verificationCodes.createdAt, createdAt)));
    },

    async latestLiveCode(channel: string, target: string, purpose: string, now: Date) {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.channel, channel),
            eq(verificationCodes.target, target),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return row;
    },

    async countCodeAttempt(id: number) {
      await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, id));
    },

    /** Marks the code used; false if another request used it first. */
    async consumeCode(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },

    // Login failures -----------------------------------------------------------------------------

    async recordLoginFailure(account: string, ip: string, at: Date) {
      await db.insert(loginFailures).values({ account, ip, at });
    },

    async countLoginFailures(account: string, ip: string, since: Date) {
      const [r] = await db
        .select({
          byAccount: sql<number>`count(*) filter (where ${loginFailures.account} = ${account})::int`,
          byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})::int`,
        })
        .from(loginFailures)
        .where(and(gte(loginFailures.at, since), sql`(${loginFailures.account} = ${account} or ${loginFailures.ip} = ${ip})`));
      return { byAccount: r?.byAccount ?? 0, byIp: r?.byIp ?? 0 };
    },
  };
}

export type UserRepo = ReturnType<typeof createUserRepo>;
